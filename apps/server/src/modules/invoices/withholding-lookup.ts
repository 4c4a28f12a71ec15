// What other modules may read of an invoice to record a withholding a buyer made on it (the
// received-withholdings module): found by its company and control number, with its IVA in bolívares.
import { controlKey, documentLabel, toBolivares } from '@sigece/fiscal';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { facturas } from '../../db/schema.ts';
import { realDocuments } from '../issuance/read/issued.ts';

export interface InvoiceForWithholding {
  id: string;
  localidadId: string;
  sucursalId: string | null;
  status: string;
  label: string;
  nroControl: string;
  /** The invoice's IVA in Bs. (a foreign-currency invoice at its own rate, as the books convert it). */
  ivaBs: string;
}

const columns = {
  id: facturas.id,
  localidadId: facturas.localidadId,
  sucursalId: facturas.sucursalId,
  status: facturas.status,
  serieFactura: facturas.serieFactura,
  nroFactura: facturas.nroFactura,
  nroControl: facturas.nroControl,
  totalIva: facturas.totalIva,
  moneda: facturas.moneda,
  tasaCambio: facturas.tasaCambio,
};

type Row = { [K in keyof typeof columns]: (typeof facturas.$inferSelect)[K] };

const toInvoice = (r: Row): InvoiceForWithholding => ({
  id: r.id,
  localidadId: r.localidadId,
  sucursalId: r.sucursalId,
  status: r.status,
  label: documentLabel(r.serieFactura, r.nroFactura),
  nroControl: r.nroControl ?? '',
  ivaBs: toBolivares(r.totalIva, r.moneda, r.tasaCambio),
});

/**
 * The numbered, not deleted invoice of `localidadId` whose control number is `nroControl`, compared
 * without case or punctuation (00-00000012 = 0000000012), or null.
 */
export async function invoiceByControl(
  db: DbOrTx,
  localidadId: string,
  nroControl: string,
): Promise<InvoiceForWithholding | null> {
  const key = controlKey(nroControl);
  if (!key) return null;
  const [row] = await db
    .select(columns)
    .from(facturas)
    .where(
      and(
        eq(facturas.localidadId, localidadId),
        eq(facturas.deleted, false),
        realDocuments(facturas),
        isNotNull(facturas.numeroControl),
        sql`regexp_replace(upper(${facturas.nroControl}), '[^0-9A-Z]', '', 'g') = ${key}`,
      ),
    )
    .limit(1);
  return row ? toInvoice(row) : null;
}

/** The invoices of `ids` (any company: the caller scopes them), by id. */
export async function invoicesByIds(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, InvoiceForWithholding>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(columns)
    .from(facturas)
    .where(inArray(facturas.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, toInvoice(r)]));
}
