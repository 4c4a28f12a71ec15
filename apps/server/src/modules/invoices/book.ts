// The invoices as the sales book reads them (reports/sales-book): one page at a time in control-number
// order, so a month of any size is streamed, never loaded whole.
import {
  caracasDayEnd,
  caracasDayStart,
  documentLabel,
  formatRif,
  TAXPAYER_DOCUMENT_TYPES,
} from '@sigece/fiscal';
import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { facturas } from '../../db/schema.ts';
import { type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { realDocuments } from '../issuance/issued.ts';

/** Which documents a book covers: a company, optionally one branch, and Caracas days [inicio, fin]. */
export interface BookFilter {
  localidadId: string;
  sucursalId?: string;
  fechaInicio: string;
  fechaFin: string;
  /** Only buyers that are taxpayers (true) or final consumers (false): the book's sections (RLIVA art. 78). */
  contribuyente?: boolean;
}

/**
 * The condition of a document whose client (jsonb `cliente`) is a taxpayer or not, as the fiscal
 * isTaxpayerBuyer reads the client's document type; none when the filter does not ask.
 */
export function buyerCondition(cliente: unknown, contribuyente: boolean | undefined) {
  if (contribuyente === undefined) return undefined;
  const types = sql.join(
    TAXPAYER_DOCUMENT_TYPES.map((t) => sql`${t}`),
    sql`, `,
  );
  const isTaxpayer = sql`upper(coalesce(${cliente}->>'tipoDocumento', '')) in (${types})`;
  return contribuyente ? isTaxpayer : sql`not (${isTaxpayer})`;
}

/** Where a page ends: the next page starts after this control number. */
export interface BookCursor {
  serie: string;
  numero: number;
}

export interface BookInvoice {
  id: string;
  serie: string;
  numero: number;
  label: string;
  nroControl: string;
  fechaEmision: Date;
  rif: string;
  nombre: string;
  status: string;
  moneda: string;
  tasaCambio: string | null;
  totalExento: string;
  totalExonerado: string;
  importeTotal: string;
  totalIgtf: string;
  tipoVenta: string;
  sucursalId: string | null;
  gravamenes: Array<{ alicuota: string; baseImponible: string; montoAlicuota: string }>;
  terceros: { rifPrestador: string; nombrePrestador: string } | null;
}

const after = (serie: { serie: unknown; numero: unknown }, cursor: BookCursor | null) =>
  cursor ? sql`(${serie.serie}, ${serie.numero}) > (${cursor.serie}, ${cursor.numero})` : undefined;

/**
 * Up to `limit` numbered invoices of the filter and scope after `cursor`, in control-number order, each with
 * its taxes. Annulled invoices are included: the book lists them as annulled. 'Deleted' ones too: 'Eliminar'
 * only hides an annulled invoice from the working lists, its number stays in the book (issue 19 item 6;
 * Providencia SNAT/2024/000102 as read: a number assigned never disappears from the fiscal records).
 */
export async function invoicesForBook(
  db: DbOrTx,
  scope: TenantScope,
  filter: BookFilter,
  cursor: BookCursor | null,
  limit: number,
): Promise<BookInvoice[]> {
  const rows = await db
    .select({
      id: facturas.id,
      serie: facturas.serie,
      numero: facturas.numeroControl,
      serieFactura: facturas.serieFactura,
      nroFactura: facturas.nroFactura,
      nroControl: facturas.nroControl,
      fechaEmision: facturas.fechaEmision,
      cliente: facturas.cliente,
      status: facturas.status,
      moneda: facturas.moneda,
      tasaCambio: facturas.tasaCambio,
      totalExento: facturas.totalExento,
      totalExonerado: facturas.totalExonerado,
      // Charges collected for third parties (an air ticket's airport fees, invoices/models.ts) are payable on
      // the invoice but are no sale of the company: outside the base, and outside the book's total too, so
      // that a line's total is its exempt, exonerated, bases and taxes.
      importeTotal: sql<string>`(${facturas.importeTotal} - ${facturas.totalCargos})::text`,
      totalIgtf: facturas.totalIgtf,
      tipoVenta: facturas.tipoVenta,
      sucursalId: facturas.sucursalId,
      cuentaTerceros: facturas.cuentaTerceros,
      gravamenes: sql<BookInvoice['gravamenes'] | null>`(select json_agg(json_build_object(
          'alicuota', g.alicuota::text, 'baseImponible', g.base_imponible::text, 'montoAlicuota', g.monto_alicuota::text)
          order by g.alicuota) from factura_gravamenes g where g.id_factura = "facturas"."id")`,
    })
    .from(facturas)
    .where(
      and(
        eq(facturas.localidadId, filter.localidadId),
        filter.sucursalId ? eq(facturas.sucursalId, filter.sucursalId) : undefined,
        tenantCondition(scope, { localidad: facturas.localidadId, sucursal: facturas.sucursalId }),
        // Test keys' invoices are no sales (issue 20 item 5).
        realDocuments(facturas),
        isNotNull(facturas.numeroControl),
        isNotNull(facturas.serie),
        gte(facturas.fechaEmision, caracasDayStart(filter.fechaInicio)),
        lt(facturas.fechaEmision, caracasDayEnd(filter.fechaFin)),
        after({ serie: facturas.serie, numero: facturas.numeroControl }, cursor),
        buyerCondition(facturas.cliente, filter.contribuyente),
      ),
    )
    .orderBy(asc(facturas.serie), asc(facturas.numeroControl))
    .limit(limit);
  return rows.map((r) => {
    const c = r.cliente as { tipoDocumento?: string; numeroDocumento?: string; identificacion?: string };
    return {
      id: r.id,
      serie: r.serie ?? '',
      numero: r.numero ?? 0,
      label: documentLabel(r.serieFactura, r.nroFactura),
      nroControl: r.nroControl ?? '',
      fechaEmision: r.fechaEmision,
      rif: formatRif(c.tipoDocumento ?? '', c.numeroDocumento ?? ''),
      nombre: c.identificacion ?? '',
      status: r.status,
      moneda: r.moneda,
      tasaCambio: r.tasaCambio,
      totalExento: r.totalExento,
      totalExonerado: r.totalExonerado,
      importeTotal: r.importeTotal,
      totalIgtf: r.totalIgtf,
      tipoVenta: r.tipoVenta,
      sucursalId: r.sucursalId,
      gravamenes: r.gravamenes ?? [],
      terceros: r.cuentaTerceros,
    };
  });
}

/** Monthly totals (in bolívares, at each invoice's rate) of the active invoices of a scope: the operations chart. */
export async function monthlyInvoiceTotals(
  db: DbOrTx,
  scope: TenantScope,
  filter: { localidadId?: string; desde: Date; hasta: Date },
): Promise<Array<{ mes: string; total: string; documentos: number }>> {
  const rows = await db
    .select({
      mes: sql<string>`to_char(${facturas.fechaEmision} at time zone 'America/Caracas', 'YYYY-MM')`,
      total: sql<string>`coalesce(sum(round(${facturas.importeTotal} * case when ${facturas.moneda} in ('VEF', 'VES') then 1 else coalesce(${facturas.tasaCambio}, 1) end, 2)), 0)::text`,
      documentos: sql<number>`count(*)::int`,
    })
    .from(facturas)
    .where(
      and(
        filter.localidadId ? eq(facturas.localidadId, filter.localidadId) : undefined,
        tenantCondition(scope, { localidad: facturas.localidadId, sucursal: facturas.sucursalId }),
        eq(facturas.deleted, false),
        realDocuments(facturas),
        eq(facturas.status, 'ACTIVO'),
        gte(facturas.fechaEmision, filter.desde),
        lt(facturas.fechaEmision, filter.hasta),
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ mes: r.mes, total: r.total, documentos: Number(r.documentos) }));
}
