// The IVA vouchers as the sales and purchase books read them (reports/sales-book, reports/purchase-book):
// which voucher lines may withhold from a batch of documents, found by the documents' control numbers in
// one query per batch. The books apply the matching rule (fiscal reports/books.ts) to what this returns.
import { controlKey, type WithholdingLineRef } from '@sigece/fiscal';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { retenciones, retencionLineas } from '../../db/schema.ts';
import { realDocuments } from '../issuance/read/issued.ts';

/**
 * A line's control number as compared, the same expression as the index retencion_lineas_control_key_idx
 * (migration 0017), so the lookup is an index scan.
 */
const lineControlKey = sql`regexp_replace(upper(${retencionLineas.nroControlDocumento}), '[^0-9A-Z]', '', 'g')`;

/**
 * The lines of active, numbered IVA vouchers whose control number is one of the documents' `controls`
 * (compared as controlKey does), issued by `agenteId` when given (the purchase book: this company's own
 * vouchers) or by any company of the system (the sales book: the buyers' vouchers naming the seller).
 */
export async function ivaWithholdingLines(
  db: DbOrTx,
  query: { controls: readonly string[]; agenteId?: string },
): Promise<WithholdingLineRef[]> {
  const keys = [...new Set(query.controls.map(controlKey).filter((k) => k !== ''))];
  if (keys.length === 0) return [];
  const rows = await db
    .select({
      rifProveedor: retenciones.rifProveedor,
      nroComprobante: retenciones.nroComprobante,
      nroControlDocumento: retencionLineas.nroControlDocumento,
      nroDocumento: retencionLineas.nroDocumento,
      nroNota: retencionLineas.nroNota,
      impuestoRetenido: retencionLineas.impuestoRetenido,
    })
    .from(retencionLineas)
    .innerJoin(retenciones, eq(retenciones.id, retencionLineas.retencionId))
    .where(
      and(
        inArray(lineControlKey, keys),
        query.agenteId ? eq(retenciones.localidadId, query.agenteId) : undefined,
        eq(retenciones.modelo, 'IVA'),
        eq(retenciones.status, 'ACTIVO'),
        eq(retenciones.deleted, false),
        // A test voucher withholds nothing in the books.
        realDocuments(retenciones),
        isNotNull(retenciones.nroComprobante),
      ),
    );
  return rows.map((r) => ({ ...r, nroComprobante: r.nroComprobante ?? '' }));
}
