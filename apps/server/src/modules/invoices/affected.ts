import type { InvoiceLineRef } from '@sigece/fiscal';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { facturaLineas, facturas } from '../../db/schema.ts';
import { realDocuments } from '../issuance/read/issued.ts';

/**
 * What documents that refer to an invoice (credit and debit notes, later withholdings) may read of it:
 * the invoices module's answer, so they never query its tables themselves.
 */
export interface AffectedInvoice {
  id: string;
  localidadId: string;
  sucursalId: string | null;
  /** The printed label: series-number, or the number alone. */
  label: string;
  nroControl: string | null;
  fechaEmision: Date;
  status: string;
  generated: boolean;
  moneda: string;
  tasaCambio: string | null;
  importeTotal: string;
  cliente: Record<string, unknown>;
  lines: InvoiceLineRef[];
}

const columns = {
  id: facturas.id,
  localidadId: facturas.localidadId,
  sucursalId: facturas.sucursalId,
  serieFactura: facturas.serieFactura,
  nroFactura: facturas.nroFactura,
  nroControl: facturas.nroControl,
  fechaEmision: facturas.fechaEmision,
  status: facturas.status,
  generated: sql<boolean>`${facturas.pdf} is not null`,
  moneda: facturas.moneda,
  tasaCambio: facturas.tasaCambio,
  importeTotal: facturas.importeTotal,
  cliente: facturas.cliente,
};

type Head = Awaited<ReturnType<typeof headsWhere>>[number];
const headsWhere = (db: DbOrTx, where: SQL | undefined, limit: number) =>
  db.select(columns).from(facturas).where(where).limit(limit);

async function withLines(db: DbOrTx, head: Head | undefined): Promise<AffectedInvoice | null> {
  if (!head) return null;
  const lines = await db
    .select()
    .from(facturaLineas)
    .where(eq(facturaLineas.facturaId, head.id))
    .orderBy(asc(facturaLineas.posicion));
  const { serieFactura, nroFactura, ...rest } = head;
  return {
    ...rest,
    generated: Boolean(head.generated),
    label: serieFactura ? `${serieFactura}-${nroFactura}` : nroFactura,
    lines: lines.map((l) => ({
      posicion: l.posicion,
      codigoProducto: l.codigoProducto,
      descripcion: l.descripcion,
      unidadMedida: l.unidadMedida,
      cantidad: l.cantidad,
      precio: l.precio,
      descuento: l.descuento,
      montoDescuento: l.montoDescuento,
      alicuota: l.alicuota,
      exento: l.exento,
      exonerado: l.exonerado,
    })),
  };
}

/**
 * A real invoice (not deleted) by id, with its lines; null when there is none. The back office's notes are
 * real ones: a test key's invoice is none of theirs.
 */
export async function affectedInvoiceById(db: DbOrTx, id: string): Promise<AffectedInvoice | null> {
  const [head] = await headsWhere(
    db,
    and(eq(facturas.id, id), eq(facturas.deleted, false), realDocuments(facturas)),
    1,
  );
  return withLines(db, head);
}

/**
 * A company's invoices (not deleted) by the number a connector sends: the number alone, or
 * series-number, or the number with its series apart. Several means the number is ambiguous. A real note
 * affects real invoices only and a test key's note test invoices only (`sandbox`): the
 * ERP's test flow (invoice, then its note) stays in the sandbox and never reaches a real document.
 */
export async function affectedInvoicesByNumber(
  db: DbOrTx,
  localidadId: string,
  nroFactura: string,
  serie?: string | null,
  sandbox = false,
): Promise<AffectedInvoice[]> {
  const heads = await headsWhere(
    db,
    and(
      eq(facturas.localidadId, localidadId),
      eq(facturas.deleted, false),
      eq(facturas.sandbox, sandbox),
      serie
        ? and(eq(facturas.serieFactura, serie.toUpperCase()), eq(facturas.nroFactura, nroFactura))
        : or(
            eq(facturas.nroFactura, nroFactura),
            sql`${facturas.serieFactura} || '-' || ${facturas.nroFactura} = ${nroFactura}`,
          ),
    ),
    3,
  );
  return Promise.all(heads.map((h) => withLines(db, h).then((i) => i!)));
}

/**
 * Inside the transaction that stores a note: holds the invoice against annulment until the commit
 * (FOR SHARE) and returns whether it is still active and generated.
 */
export async function holdAffectedInvoice(
  tx: DbOrTx,
  id: string,
): Promise<{ status: string; generated: boolean } | null> {
  const [row] = await tx
    .select({ status: facturas.status, generated: sql<boolean>`${facturas.pdf} is not null` })
    .from(facturas)
    .where(eq(facturas.id, id))
    .for('share');
  return row ? { status: row.status, generated: Boolean(row.generated) } : null;
}
