-- 0025_seniat_monthly_reports: the imprenta's monthly report to SENIAT of the control numbers it assigned
-- (issue 19 items 1-2; Providencia SNAT/2024/000102 Art. 29.7 as read). Written by hand.
-- One row per month once something happened to its report: built (with the SHA-256 of the machine-readable
-- file, kept too), marked sent (who, when, optional receipt), and the daily job's last e-mails. A month
-- without a row is 'pendiente' or, past day 10 of the next month, 'vencido': states are derived, not stored.
create table seniat_monthly_reports (
  periodo text primary key,
  generado_en timestamptz,
  generado_por text,
  sha256 text,
  cantidad integer,
  empresas integer,
  archivo bytea,
  enviado_en timestamptz,
  enviado_por text,
  enviado_por_id uuid,
  nro_recibo text,
  aviso_generado_en timestamptz,
  ultimo_aviso date,
  log_fecha_registro timestamptz not null default now(),
  constraint seniat_monthly_reports_periodo_ck check (periodo ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  constraint seniat_monthly_reports_enviado_ck check (enviado_en is null or generado_en is not null)
);
--> statement-breakpoint
-- The report reads the ledger by month of assignment, across every company.
create index control_numbers_emitido_idx on control_numbers (emitido_en);
