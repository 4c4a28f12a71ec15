-- 0018_shared_data_security: login aliases unique without case, like e-mails (issue 22 item 5). Written by
-- hand (see README, "Layout").
-- Existing duplicates first, deterministically: in each group of aliases equal without case, the master
-- administrators keep theirs first, then the oldest user (registration time, then id); every other user
-- of the group gets its alias followed by '-' and the first 8 characters of its id.
with ranked as (
  select id,
         row_number() over (
           partition by lower(user_alias)
           order by master_admin desc, log_fecha_registro, id
         ) as n
    from users
)
update users u
   set user_alias = u.user_alias || '-' || left(u.id::text, 8)
  from ranked r
 where r.id = u.id and r.n > 1;
--> statement-breakpoint
drop index if exists users_alias_idx;
--> statement-breakpoint
create unique index users_alias_idx on users (lower(user_alias));
