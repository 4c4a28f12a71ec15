-- 0035_sandbox_all_families: the sandbox of test API keys for notes, orders/guides and withholdings (issue 20
-- item 5), as 0030 did for invoices. Written by hand.
-- A sandbox document: stored and numbered 'PR-…' from sandbox_counters, with no ledger row, and left out of the
-- books, the reports and the working lists.
alter table notas add column sandbox boolean not null default false;
--> statement-breakpoint
alter table ordenes add column sandbox boolean not null default false;
--> statement-breakpoint
alter table retenciones add column sandbox boolean not null default false;
--> statement-breakpoint
-- A test document may carry the number the ERP will later send for real: numbers are unique per world.
drop index notas_numero_uq;
--> statement-breakpoint
create unique index notas_numero_uq on notas (id_localidad, sandbox, tipo, nro_nota) where not log_deleted_registro;
--> statement-breakpoint
drop index ordenes_numero_uq;
--> statement-breakpoint
create unique index ordenes_numero_uq on ordenes (id_localidad, sandbox, modelo_orden, nro_orden) where not log_deleted_registro;
--> statement-breakpoint
drop index retenciones_comprobante_uq;
--> statement-breakpoint
create unique index retenciones_comprobante_uq on retenciones (id_localidad, sandbox, nro_comprobante);
