import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { controlNumbers } from '../../../db/schema.ts';
import { type TenantScope, tenantCondition } from '../../../http/tenancy.ts';
import type { TipoDoc } from '../family.ts';

/**
 * What the read models (Home's dashboard, a document's activity) ask of the ledger of control numbers,
 * so that they never read its table themselves.
 */

/** How many numbered documents within the scope still wait for their PDF, and how many failed it. */
export async function renderBacklog(
  db: DbOrTx,
  scope: TenantScope,
): Promise<{ pendientes: number; fallidos: number }> {
  const rows = await db
    .select({ estado: controlNumbers.pdfEstado, n: sql<number>`count(*)::int` })
    .from(controlNumbers)
    .where(
      and(
        inArray(controlNumbers.pdfEstado, ['PENDIENTE', 'FALLIDA']),
        tenantCondition(scope, {
          localidad: controlNumbers.localidadId,
          sucursal: controlNumbers.sucursalId,
        }),
      ),
    )
    .groupBy(controlNumbers.pdfEstado);
  const of = (estado: string) => Number(rows.find((r) => r.estado === estado)?.n ?? 0);
  return { pendientes: of('PENDIENTE'), fallidos: of('FALLIDA') };
}

/** A document's ledger rows: when it was numbered, with which number, and its PDF job's state. */
export function ledgerEntriesOf(db: DbOrTx, tipoDoc: TipoDoc, id: string) {
  return db
    .select({
      at: controlNumbers.issuedAt,
      nroControl: controlNumbers.nroControl,
      estado: controlNumbers.pdfEstado,
      error: controlNumbers.pdfError,
      updated: controlNumbers.pdfUpdatedAt,
    })
    .from(controlNumbers)
    .where(and(eq(controlNumbers.tipoDoc, tipoDoc), eq(controlNumbers.documentId, id)));
}
