-- 0004_issuance: the issuance kernel: control-number ledger, document render state. Written by hand (see README "Migrations"); empty until its change lands.
select 1;
