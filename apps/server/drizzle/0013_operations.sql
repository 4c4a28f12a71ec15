-- 0013_operations: kernel and operations follow-ups (issues 8 and 13). Written by hand (see README, "Layout"); empty until its change lands.
select 1;
