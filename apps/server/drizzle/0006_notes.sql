-- 0006_notes: credit and debit notes. Written by hand (see README "Migrations"); empty until its change lands.
select 1;
