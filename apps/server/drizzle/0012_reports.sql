-- 0012_reports: reports (issue 12). Written by hand (see README, "Layout"); empty until its change lands.
select 1;
