-- 0022_igtf_books: IGTF on the payment applied to the debt, withholdings received from outside sigece
-- (issue 18 items 5, 8, 9). Written by hand (see README, "Layout").
-- Each payment keeps what it applied to the debt (its currency), its IGTF in Bs. and the Bs. rate used:
-- the IGTF perceived report reads them (null on payments recorded before: the report derives them).
alter table factura_pagos add column igtf_base numeric(20, 2);
--> statement-breakpoint
alter table factura_pagos add column igtf_bs numeric(20, 2);
--> statement-breakpoint
alter table factura_pagos add column tasa_bs numeric(24, 8);
--> statement-breakpoint
create table retenciones_recibidas (
  id uuid primary key default gen_random_uuid(),
  id_localidad uuid not null references localidades(id),
  rif_agente text not null,
  nombre_agente text not null,
  nro_comprobante text not null,
  fecha_comprobante date not null,
  id_factura uuid not null references facturas(id),
  monto_retenido numeric(20, 2) not null,
  log_estatus_registro text not null default 'ACTIVO',
  log_deleted_registro boolean not null default false,
  log_fecha_registro timestamp with time zone not null default now(),
  log_username text not null default 'sistema',
  log_fecha_modificacion timestamp with time zone
);
--> statement-breakpoint
create unique index retenciones_recibidas_comprobante_uq on retenciones_recibidas (id_localidad, rif_agente, nro_comprobante)
  where log_estatus_registro = 'ACTIVO' and not log_deleted_registro;
--> statement-breakpoint
create index retenciones_recibidas_factura_idx on retenciones_recibidas (id_factura);
--> statement-breakpoint
create index retenciones_recibidas_list_idx on retenciones_recibidas (id_localidad, fecha_comprobante);
