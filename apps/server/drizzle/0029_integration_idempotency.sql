-- 0029_integration_idempotency: what integrators can trust (issue 20 items 1, 6 and 7). Written by hand.
-- The answers kept for an Idempotency-Key: one row per caller (API key or user) and key, written in the same
-- transaction as the documents the request stored, so that a retry after a crash between the commit and the
-- answer gets that answer and creates nothing. Kept at least 24 hours (expires_at), then purged.
create table idempotency_keys (
  caller text not null,
  clave text not null,
  ruta text not null,
  body_sha256 text not null,
  status integer,
  respuesta text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (caller, clave)
);
--> statement-breakpoint
create index idempotency_keys_expires_idx on idempotency_keys (expires_at);
--> statement-breakpoint
-- The rate limit's counters, shared by every server process: one row per caller and window. Unlogged: a
-- crash forgets the current minute's counts, which costs nothing but spares a log flush per reservation.
create unlogged table integration_rate_windows (
  caller text not null,
  window_start timestamptz not null,
  count integer not null,
  primary key (caller, window_start)
);
--> statement-breakpoint
-- The integrators' request log: one row per call of an integration route, kept 90 days.
create table integration_requests (
  id bigserial primary key,
  at timestamptz not null default now(),
  id_localidad uuid,
  rif text,
  caller text not null,
  caller_label text,
  user_id uuid,
  method text not null,
  route text not null,
  status integer not null,
  accepted integer,
  refused integer,
  duration_ms integer not null,
  idempotency_key text,
  body text
);
--> statement-breakpoint
create index integration_requests_company_idx on integration_requests (id_localidad, at desc);
--> statement-breakpoint
create index integration_requests_at_idx on integration_requests (at);
