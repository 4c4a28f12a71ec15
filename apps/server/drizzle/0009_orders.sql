-- 0009_orders: delivery orders and dispatch guides (issue 10). Written by hand (see README, "Layout"); empty until its change lands.
select 1;
