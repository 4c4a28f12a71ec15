-- 0005_security: security hardening: token versions, hashed reset tokens. Written by hand (see README "Migrations"); empty until its change lands.
select 1;
