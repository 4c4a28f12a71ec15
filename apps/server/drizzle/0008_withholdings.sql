-- 0008_withholdings: withholding vouchers (issue 9). Written by hand (see README, "Layout"); empty until its change lands.
select 1;
