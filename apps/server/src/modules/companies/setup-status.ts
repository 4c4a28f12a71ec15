import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { certificados, localidades } from '../../db/schema.ts';
import { type TenantScope, tenantCondition } from '../../http/tenancy.ts';

/**
 * What the first-company checklist on Home asks of the companies: which ones to show and which of them
 * can sign (the other steps are asked of numbering, the catalog and security).
 */

/** The newest active companies within the scope, at most `limit`: id, name and whether e-mail is set up. */
export function newestActiveCompanies(db: DbOrTx, scope: TenantScope, limit: number) {
  return db
    .select({ id: localidades.id, nombre: localidades.nombre, correo: localidades.envioEmail })
    .from(localidades)
    .where(and(eq(localidades.status, 'ACTIVO'), tenantCondition(scope, { localidad: localidades.id })))
    .orderBy(desc(localidades.createdAt))
    .limit(limit);
}

/** Which of these companies have an uploaded certificate. */
export async function companiesWithCertificate(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: certificados.localidadId })
    .from(certificados)
    .where(inArray(certificados.localidadId, ids));
  return new Set(rows.map((r) => r.id));
}
