// The credit and debit notes as the sales book reads them (reports/sales-book): one page at a time in
// control-number order, like invoices/book.ts, so the book merges both streams by control number.
import { caracasDayEnd, caracasDayStart, documentLabel, formatRif } from '@sigece/fiscal';
import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notas } from '../../db/schema.ts';
import { type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { type BookCursor, type BookFilter, buyerCondition } from '../invoices/book.ts';
import { realDocuments } from '../issuance/issued.ts';

export interface BookNote {
  id: string;
  serie: string;
  numero: number;
  tipo: 'Credito' | 'Debito';
  label: string;
  nroControl: string;
  facturaAfectada: string;
  fechaEmision: Date;
  rif: string;
  nombre: string;
  status: string;
  moneda: string;
  tasaCambio: string | null;
  totalExento: string;
  totalExonerado: string;
  importeTotal: string;
  sucursalId: string | null;
  gravamenes: Array<{ alicuota: string; baseImponible: string; montoAlicuota: string }>;
}

/** Up to `limit` numbered notes (hidden from the lists or not) of the filter and scope after `cursor`, in control-number order. */
export async function notesForBook(
  db: DbOrTx,
  scope: TenantScope,
  filter: BookFilter,
  cursor: BookCursor | null,
  limit: number,
): Promise<BookNote[]> {
  const rows = await db
    .select({
      id: notas.id,
      serie: notas.serie,
      numero: notas.numeroControl,
      tipo: notas.tipo,
      serieNota: notas.serieNota,
      nroNota: notas.nroNota,
      nroControl: notas.nroControl,
      nroFactura: notas.nroFactura,
      fechaEmision: notas.fechaEmision,
      cliente: notas.cliente,
      status: notas.status,
      moneda: notas.moneda,
      tasaCambio: notas.tasaCambio,
      totalExento: notas.totalExento,
      totalExonerado: notas.totalExonerado,
      importeTotal: notas.importeTotal,
      sucursalId: notas.sucursalId,
      gravamenes: sql<BookNote['gravamenes'] | null>`(select json_agg(json_build_object(
          'alicuota', g.alicuota::text, 'baseImponible', g.base_imponible::text, 'montoAlicuota', g.monto_alicuota::text)
          order by g.alicuota) from nota_gravamenes g where g.id_nota = "notas"."id")`,
    })
    .from(notas)
    .where(
      and(
        eq(notas.localidadId, filter.localidadId),
        filter.sucursalId ? eq(notas.sucursalId, filter.sucursalId) : undefined,
        tenantCondition(scope, { localidad: notas.localidadId, sucursal: notas.sucursalId }),
        // A numbered note stays in the book even if hidden from the lists (issue 19 item 6).
        isNotNull(notas.numeroControl),
        isNotNull(notas.serie),
        // A test key's note is not in the sales book (issue 20 item 5).
        realDocuments(notas),
        gte(notas.fechaEmision, caracasDayStart(filter.fechaInicio)),
        lt(notas.fechaEmision, caracasDayEnd(filter.fechaFin)),
        buyerCondition(notas.cliente, filter.contribuyente),
        cursor
          ? sql`(${notas.serie}, ${notas.numeroControl}) > (${cursor.serie}, ${cursor.numero})`
          : undefined,
      ),
    )
    .orderBy(asc(notas.serie), asc(notas.numeroControl))
    .limit(limit);
  return rows.map((r) => {
    const c = r.cliente as { tipoDocumento?: string; numeroDocumento?: string; identificacion?: string };
    return {
      id: r.id,
      serie: r.serie ?? '',
      numero: r.numero ?? 0,
      tipo: r.tipo as BookNote['tipo'],
      label: documentLabel(r.serieNota, r.nroNota),
      nroControl: r.nroControl ?? '',
      facturaAfectada: r.nroFactura,
      fechaEmision: r.fechaEmision,
      rif: formatRif(c.tipoDocumento ?? '', c.numeroDocumento ?? ''),
      nombre: c.identificacion ?? '',
      status: r.status,
      moneda: r.moneda,
      tasaCambio: r.tasaCambio,
      totalExento: r.totalExento,
      totalExonerado: r.totalExonerado,
      importeTotal: r.importeTotal,
      sucursalId: r.sucursalId,
      gravamenes: r.gravamenes ?? [],
    };
  });
}
