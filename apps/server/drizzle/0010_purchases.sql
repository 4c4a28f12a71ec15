-- 0010_purchases: purchase invoices, air and liquor invoice data (issue 10). Written by hand (see README, "Layout"); empty until its change lands.
select 1;
