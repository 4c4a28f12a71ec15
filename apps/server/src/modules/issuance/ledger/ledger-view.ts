import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

type Expr = SQL | AnyPgColumn;

/**
 * What a numbered document shows to the read models of the control-number ledger (the SENIAT reports, the
 * assigned-numbers report, the tax authority's portal), declared by its family over its own table: the
 * kernel unites every registered family's (`ledger-documents.ts`), so those read models name no family's
 * table. `null`: the family keeps no such value.
 */
export interface LedgerView {
  table: PgTable & { id: AnyPgColumn };
  fechaEmision: Expr;
  /** The document's own series and number (not the control number's). */
  serie: Expr | null;
  numero: Expr;
  /** Its kind within the family: a note's Credito/Debito, an order's model, a voucher's IVA/ISLR. */
  tipo: Expr | null;
  /** log_estatus_registro: ACTIVO, or INACTIVO once annulled. */
  status: Expr;
  /** The other party: the client, or the supplier a withholding voucher was issued to. */
  clienteTipo: Expr | null;
  clienteNumero: Expr;
  clienteNombre: Expr;
  clienteDireccion: Expr | null;
  /** Its RIF upper-cased without separators, for the portal's RIF filter. */
  clienteClave: Expr;
  /** The currency code as the document stores it ('VEF' for bolívares). */
  moneda: Expr;
  /** Taxable base (the subtotal less what is exempt or exonerated), exempt plus exonerated, VAT, total. */
  base: Expr;
  exento: Expr;
  iva: Expr;
  total: Expr;
  /** What a withholding voucher withheld; null for a document that withholds nothing. */
  retenido: Expr | null;
}

/**
 * The view of a family whose documents carry the common columns (`db/schema/columns.ts`: issue date,
 * status, the client as JSON, the currency and the totals): invoices, notes, orders and guides.
 */
export function clientDocumentView(
  table: PgTable & {
    id: AnyPgColumn;
    fechaEmision: AnyPgColumn;
    status: AnyPgColumn;
    cliente: AnyPgColumn;
    moneda: AnyPgColumn;
    subTotal: AnyPgColumn;
    totalExento: AnyPgColumn;
    totalExonerado: AnyPgColumn;
    totalIva: AnyPgColumn;
    importeTotal: AnyPgColumn;
  },
  own: { serie: Expr | null; numero: Expr; tipo: Expr | null },
): LedgerView {
  const client = (key: 'tipoDocumento' | 'numeroDocumento' | 'identificacion' | 'direccion') =>
    sql`(${table.cliente} ->> ${sql.raw(`'${key}'`)})`;
  return {
    table,
    fechaEmision: table.fechaEmision,
    status: table.status,
    ...own,
    clienteTipo: client('tipoDocumento'),
    clienteNumero: client('numeroDocumento'),
    clienteNombre: client('identificacion'),
    clienteDireccion: client('direccion'),
    clienteClave: sql`upper(coalesce(${client('tipoDocumento')}, '') || coalesce(${client('numeroDocumento')}, ''))`,
    moneda: table.moneda,
    base: sql`coalesce(${table.subTotal}, 0) - coalesce(${table.totalExento}, 0) - coalesce(${table.totalExonerado}, 0)`,
    exento: sql`coalesce(${table.totalExento}, 0) + coalesce(${table.totalExonerado}, 0)`,
    iva: table.totalIva,
    total: table.importeTotal,
    retenido: null,
  };
}
