// A company's month of sales-book documents inserted with SQL (May 2026): 9 invoices in 10 (one in ten in
// USD, one in fifty annulled, one in twenty for a third party) and every tenth control number a credit or
// debit note on the invoice just before it. Shared by sales-book.ts and health-latency.ts.
import type { Database } from '../apps/server/src/db/client.ts';

export async function loadSalesBookMonth(
  database: Database,
  companyId: string,
  documents: number,
): Promise<void> {
  // Every tenth control number is a note (alternately credit and debit) on the invoice just before it.
  await database.query(
    `insert into facturas (id_localidad, nro_factura, serie, nro_control, numero_control, fecha_emision, factura_divisa,
        cambio_divisa, condicion_pago, tipo_venta, modelo_factura, sub_total, total_exento, total_exonerado,
        monto_descuento, total_iva, importe_total, cliente, cuenta_terceros, log_estatus_registro)
     select $1, lpad(g::text, 8, '0'), '00', '00-' || lpad(g::text, 8, '0'), g,
            timestamptz '2026-05-01 08:00-04' + (g * interval '50 seconds'),
            case when g % 10 = 3 then 'USD' else 'VEF' end, case when g % 10 = 3 then 36.5555 else 1 end,
            'CONTADO', 'INTERNA', 'GENERAL', 600.00, 100.00, 0, 0, 80.00, 680.00,
            jsonb_build_object('tipoDocumento', 'V', 'numeroDocumento', (10000000 + g)::text,
                               'identificacion', 'Cliente de prueba ' || g),
            case when g % 20 = 7 then jsonb_build_object('rifPrestador', 'J-30111222', 'nombrePrestador', 'Transporte Andino, C.A.', 'domicilioPrestador', 'Mérida') end,
            case when g % 50 = 9 then 'INACTIVO' else 'ACTIVO' end
       from generate_series(1, $2::int) g where g % 10 <> 0`,
    [companyId, documents],
  );
  await database.query(
    `insert into factura_gravamenes (id_factura, alicuota, base_imponible, monto_alicuota)
     select id, 16, 500.00, 80.00 from facturas where id_localidad = $1`,
    [companyId],
  );
  await database.query(
    `insert into notas (id_localidad, id_factura, nro_factura, nro_control_factura, fecha_factura, tipo, categoria,
        concepto, nro_nota, serie, nro_control, numero_control, fecha_emision, factura_divisa, tasa_cambio, sub_total,
        total_exento, total_exonerado, monto_descuento, total_iva, importe_total, cliente)
     select f.id_localidad, f.id, f.nro_factura, f.nro_control, f.fecha_emision,
            case when (f.numero_control + 1) % 20 = 0 then 'Debito' else 'Credito' end, '0', 'Ajuste',
            lpad((f.numero_control + 1)::text, 8, '0'), '00', '00-' || lpad((f.numero_control + 1)::text, 8, '0'),
            f.numero_control + 1, f.fecha_emision + interval '10 seconds', 'VEF', 1, 100.00, 0, 0, 0, 16.00, 116.00, f.cliente
       from facturas f where f.id_localidad = $1 and f.numero_control % 10 = 9`,
    [companyId],
  );
  await database.query(
    `insert into nota_gravamenes (id_nota, alicuota, base_imponible, monto_alicuota)
     select id, 16, 100.00, 16.00 from notas where id_localidad = $1`,
    [companyId],
  );
}
