-- 0024_invoice_desk: the invoice desk of issue 21 (items 8–10). Written by hand (see README, "Layout").
-- Item 10: the reason given when a document is annulled, on every family's record.
alter table facturas add column motivo_anulacion text;
--> statement-breakpoint
alter table notas add column motivo_anulacion text;
--> statement-breakpoint
alter table ordenes add column motivo_anulacion text;
--> statement-breakpoint
alter table retenciones add column motivo_anulacion text;
--> statement-breakpoint
-- Item 9: payments received after a credit invoice was issued (the invoice's own lstPagos stay as issued).
create table factura_cobros (
  id bigserial primary key,
  id_factura uuid not null references facturas (id) on delete cascade,
  fecha date not null,
  monto numeric(20, 2) not null,
  modo_pago text not null,
  referencia text,
  log_username text not null default 'sistema',
  log_fecha_registro timestamptz not null default now()
);
--> statement-breakpoint
create index factura_cobros_factura_idx on factura_cobros (id_factura);
--> statement-breakpoint
-- Item 10: an order whose invoice was annulled can be invoiced again; only an active invoice holds it.
drop index facturas_orden_uq;
--> statement-breakpoint
create unique index facturas_orden_uq on facturas (id_orden)
  where id_orden is not null and log_estatus_registro = 'ACTIVO';
--> statement-breakpoint
-- Item 8: a company's own users (role 'user') manage their company's products, so a new company can invoice
-- on day one. Products are per company and the routes scope them to the user's companies. A fresh database
-- gets this from the seed (module catalog); an existing one gets the module here, once, all actions on.
update roles set modulos = roles.modulos || jsonb_build_array(jsonb_build_object(
    'id', m.id, 'nombre', m.name, 'path', m.path, 'permiso', true,
    'acciones', coalesce((select jsonb_agg(o || '{"status": true}'::jsonb) from jsonb_array_elements(m.opciones) o), '[]'::jsonb)))
  from modules m
  where roles.rol = 'user' and m.path = '/mantenimiento/Producto'
    and not exists (select 1 from jsonb_array_elements(roles.modulos) x where x->>'path' = '/mantenimiento/Producto');
