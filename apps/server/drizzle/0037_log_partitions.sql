-- 0037_log_partitions: the log tables that grow with traffic become range-partitioned by month (ADR 0004,
-- decision 2). Written by hand: drizzle-kit cannot declare partitioning.
-- audit_log (at), integration_requests (at), mail_messages (log_fecha_registro) and webhook_deliveries
-- (creado) are converted in place: the old table is renamed, a partitioned table of the same columns,
-- defaults and checks takes its name, one partition per month (America/Caracas) is made from the oldest
-- row's month to three months after the current one, plus a DEFAULT partition as the safety net (a row of
-- a month without a partition lands there instead of failing; the server's chores move it out,
-- src/db/partitions.ts), every row is copied, the id sequences change owner, the old table is dropped and
-- the indexes are made again on the partitioned table. A primary key of a partitioned table must hold the
-- partition key, so each one becomes (id, time column); nothing references these ids (no foreign key) and
-- ids keep coming from the same sequence (bigserial) or gen_random_uuid(), so (id, time) identifies what
-- id alone did. webhook_events stays as it is: webhook_deliveries references its id, which a partitioned
-- table could not offer alone. Partitions are named <table>_pYYYY_MM and <table>_default.
create function pg_temp.sigece_partition_by_month(parent text, col text) returns void
language plpgsql as $$
declare
  old text := parent || '_sin_particion';
  first_month date;
  last_month date;
  m date;
  owned record;
begin
  execute format('alter table %I rename to %I', parent, old);
  execute format(
    'create table %I (like %I including defaults including constraints including storage including compression including comments) partition by range (%I)',
    parent, old, col);
  execute format('create table %I partition of %I default', parent || '_default', parent);
  execute format('select date_trunc(''month'', min(%1$I) at time zone ''America/Caracas'')::date from %2$I', col, old)
    into first_month;
  last_month := (date_trunc('month', now() at time zone 'America/Caracas') + interval '3 months')::date;
  m := least(coalesce(first_month, last_month), date_trunc('month', now() at time zone 'America/Caracas')::date);
  while m <= last_month loop
    execute format('create table %I partition of %I for values from (%L) to (%L)',
      parent || '_p' || to_char(m, 'YYYY_MM'), parent,
      m::timestamp at time zone 'America/Caracas',
      (m + interval '1 month')::timestamp at time zone 'America/Caracas');
    m := (m + interval '1 month')::date;
  end loop;
  execute format('insert into %I select * from %I', parent, old);
  -- The bigserial's sequence belongs to the old table's column: it would be dropped with it.
  for owned in
    select s.relname as seq, a.attname as col
      from pg_depend d
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
     where d.refobjid = old::regclass and d.deptype = 'a'
  loop
    execute format('alter sequence %I owned by %I.%I', owned.seq, parent, owned.col);
  end loop;
  execute format('drop table %I', old);
end
$$;
--> statement-breakpoint
select pg_temp.sigece_partition_by_month('audit_log', 'at');
--> statement-breakpoint
alter table audit_log add constraint audit_log_pkey primary key (id, at);
--> statement-breakpoint
create index audit_log_at_idx on audit_log (at);
--> statement-breakpoint
create index audit_log_user_at_idx on audit_log (user_id, at);
--> statement-breakpoint
create index audit_log_entity_idx on audit_log (entity_id, at) where entity_id is not null;
--> statement-breakpoint
select pg_temp.sigece_partition_by_month('integration_requests', 'at');
--> statement-breakpoint
alter table integration_requests add constraint integration_requests_pkey primary key (id, at);
--> statement-breakpoint
create index integration_requests_company_idx on integration_requests (id_localidad, at desc);
--> statement-breakpoint
create index integration_requests_at_idx on integration_requests (at);
--> statement-breakpoint
select pg_temp.sigece_partition_by_month('mail_messages', 'log_fecha_registro');
--> statement-breakpoint
alter table mail_messages add constraint mail_messages_pkey primary key (id, log_fecha_registro);
--> statement-breakpoint
create index mail_messages_created_idx on mail_messages (log_fecha_registro);
--> statement-breakpoint
select pg_temp.sigece_partition_by_month('webhook_deliveries', 'creado');
--> statement-breakpoint
alter table webhook_deliveries add constraint webhook_deliveries_pkey primary key (id, creado);
--> statement-breakpoint
alter table webhook_deliveries add constraint webhook_deliveries_id_evento_fkey
  foreign key (id_evento) references webhook_events(id) on delete cascade;
--> statement-breakpoint
alter table webhook_deliveries add constraint webhook_deliveries_id_endpoint_fkey
  foreign key (id_endpoint) references webhook_endpoints(id) on delete cascade;
--> statement-breakpoint
create index webhook_deliveries_endpoint_idx on webhook_deliveries (id_endpoint, seq desc);
--> statement-breakpoint
create index webhook_deliveries_due_idx on webhook_deliveries (proximo_intento) where estado = 'PENDIENTE';
--> statement-breakpoint
create index webhook_deliveries_order_idx on webhook_deliveries (id_endpoint, clave, seq) where estado = 'PENDIENTE';
--> statement-breakpoint
drop function pg_temp.sigece_partition_by_month(text, text);
