-- 0031_webhooks: signed webhooks for integrators (issue 20 item 3). Written by hand.
-- A company's endpoints, the outbox of events (written in the transaction of the change that causes them),
-- and one delivery per event and endpoint with its attempts (the log the screen shows).
create table webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  id_localidad uuid not null references localidades(id),
  url text not null,
  eventos text[] not null,
  secreto bytea not null,
  activo boolean not null default true,
  motivo_desactivacion text,
  fallando_desde timestamptz,
  log_fecha_registro timestamptz not null default now(),
  log_username text not null default 'sistema',
  log_fecha_modificacion timestamptz
);
--> statement-breakpoint
create index webhook_endpoints_localidad_idx on webhook_endpoints (id_localidad);
--> statement-breakpoint
create table webhook_events (
  id uuid primary key,
  seq bigserial not null,
  id_localidad uuid not null,
  tipo text not null,
  clave text,
  datos jsonb not null,
  creado timestamptz not null default now()
);
--> statement-breakpoint
create table webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  id_evento uuid not null references webhook_events(id) on delete cascade,
  id_endpoint uuid not null references webhook_endpoints(id) on delete cascade,
  seq bigint not null,
  clave text,
  estado text not null default 'PENDIENTE',
  intentos integer not null default 0,
  proximo_intento timestamptz not null,
  vence timestamptz not null,
  reservada_hasta timestamptz,
  ultimo_intento timestamptz,
  ultimo_codigo integer,
  ultima_respuesta text,
  entregada_en timestamptz,
  creado timestamptz not null default now(),
  constraint webhook_deliveries_estado_ck check (estado in ('PENDIENTE', 'ENTREGADA', 'FALLIDA'))
);
--> statement-breakpoint
create index webhook_deliveries_endpoint_idx on webhook_deliveries (id_endpoint, seq desc);
--> statement-breakpoint
create index webhook_deliveries_due_idx on webhook_deliveries (proximo_intento) where estado = 'PENDIENTE';
--> statement-breakpoint
create index webhook_deliveries_order_idx on webhook_deliveries (id_endpoint, clave, seq) where estado = 'PENDIENTE';
