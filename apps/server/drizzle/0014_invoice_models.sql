-- 0014_invoice_models: air-transport (AEREA) and alcoholic-beverage (LICORES) invoices (issue 10 part 3). Written by hand (see README, "Layout").
-- The model already lives in facturas.modelo_factura; what the new models add is their printed data: the
-- passenger, ticket, itinerary and the charges outside the taxable base (AEREA), the seller's licence and
-- each line's grade, capacity and guarantee band (LICORES). One jsonb column keeps it because it is read
-- whole (detail, PDF) and never filtered, joined or summed on its own; its shape is the zod schema of
-- packages/fiscal/src/invoices/models.ts, validated and bounded before it is stored. The amounts that
-- matter to the books stay in typed columns: importe_total includes the charges, total_cargos states them.
alter table facturas add column datos_modelo jsonb;
--> statement-breakpoint
alter table facturas add column total_cargos numeric(20, 2) not null default 0;
--> statement-breakpoint
-- The model lists (/facturacion/aereas, /facturacion/licores) page a small share of the invoices by date.
create index facturas_modelo_idx on facturas (modelo_factura, fecha_emision)
  where modelo_factura in ('AEREA', 'LICORES');
