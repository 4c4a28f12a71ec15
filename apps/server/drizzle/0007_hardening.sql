-- 0007_hardening: input and operations hardening. Written by hand (see README, "Layout"); empty until its change lands.
select 1;
