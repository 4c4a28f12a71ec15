-- 0007_hardening: input and operations hardening. Written by hand (see README "Migrations"); empty until its change lands.
select 1;
