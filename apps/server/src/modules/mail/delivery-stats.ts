import { and, desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailMessages } from '../../db/schema.ts';
import { type TenantScope, tenantCondition } from '../../http/tenancy.ts';

/**
 * How many documents within the scope have a latest e-mail attempt that failed: a later successful
 * resend clears a document. A document is told apart by its kind, number and company, as the log keeps it.
 */
export async function documentsWithFailedMail(db: DbOrTx, scope: TenantScope): Promise<number> {
  const latest = db
    .selectDistinctOn([mailMessages.tipoDoc, mailMessages.nroDoc, mailMessages.localidadId], {
      code: mailMessages.statusCode,
    })
    .from(mailMessages)
    .where(
      and(
        sql`${mailMessages.tipoDoc} is not null`,
        tenantCondition(scope, { localidad: mailMessages.localidadId, sucursal: mailMessages.sucursalId }),
      ),
    )
    .orderBy(
      mailMessages.tipoDoc,
      mailMessages.nroDoc,
      mailMessages.localidadId,
      desc(mailMessages.createdAt),
    )
    .as('latest');
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(latest)
    .where(sql`coalesce(${latest.code}, '') not like '2%'`);
  return Number(row?.n ?? 0);
}
