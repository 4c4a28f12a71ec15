-- 0030_api_keys_sandbox: API keys of the integration API and its sandbox (issue 20 items 4 and 5). Written by hand.
-- A key belongs to one company (optionally one branch); only the SHA-256 of its secret is kept. The user who
-- created it answers for it (created_by is a real user: the audit log names that user beside the key's prefix).
create table api_keys (
  id uuid primary key default gen_random_uuid(),
  id_localidad uuid not null references localidades(id),
  id_sucursal uuid references sucursales(id),
  nombre text not null,
  prefijo text not null,
  secreto_sha256 text not null,
  acciones text[] not null,
  prueba boolean not null default false,
  creada_por uuid not null references users(id),
  creada_por_correo text not null,
  creada_en timestamptz not null default now(),
  ultimo_uso timestamptz,
  revocada_en timestamptz,
  revocada_por uuid references users(id)
);
--> statement-breakpoint
create unique index api_keys_prefijo_uq on api_keys (prefijo);
--> statement-breakpoint
create index api_keys_localidad_idx on api_keys (id_localidad, creada_en);
--> statement-breakpoint
-- The sandbox's numbers: one counter per company and sequence, never the real lot nor the ledger.
create table sandbox_counters (
  id_localidad uuid not null references localidades(id),
  secuencia text not null,
  ultimo bigint not null default 0,
  primary key (id_localidad, secuencia)
);
--> statement-breakpoint
-- A sandbox (test-key) invoice: stored and numbered 'PR-…' from sandbox_counters, with no ledger row, and left
-- out of the books, the reports and the working lists.
alter table facturas add column sandbox boolean not null default false;
--> statement-breakpoint
-- A test invoice may carry the number the ERP will later send for real: numbers are unique per world.
drop index facturas_numero_uq;
--> statement-breakpoint
create unique index facturas_numero_uq on facturas (id_localidad, sandbox, serie_factura, nro_factura);
