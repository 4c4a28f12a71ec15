-- 0011_mass_load: mass load from Excel (issue 11). Written by hand (see README, "Layout"); empty until its change lands.
select 1;
