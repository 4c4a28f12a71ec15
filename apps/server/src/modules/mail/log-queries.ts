import { and, asc, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailMessages } from '../../db/schema.ts';
import { type TenantScope, tenantCondition } from '../../http/tenancy.ts';

export type MailLogRow = typeof mailMessages.$inferSelect;

export interface MailLogFilter {
  from?: Date;
  to?: Date;
  localidadId?: string;
  sucursalId?: string;
  nroDoc?: string;
  /** Part of an address in To (case-insensitive). */
  correoTo?: string;
  /** The caller's companies and branches: the log shows only their messages (over id_localidad, id_sucursal). */
  scope?: TenantScope;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The tenant condition over a message's company and branch (messages of no company: master admin only). */
const scopeCondition = (scope: TenantScope | undefined) =>
  scope
    ? tenantCondition(scope, { localidad: mailMessages.localidadId, sucursal: mailMessages.sucursalId })
    : undefined;

function whereOf(filter: MailLogFilter): SQL | undefined {
  return and(
    scopeCondition(filter.scope),
    filter.from ? gte(mailMessages.createdAt, filter.from) : undefined,
    filter.to ? lt(mailMessages.createdAt, filter.to) : undefined,
    filter.localidadId ? eq(mailMessages.localidadId, filter.localidadId) : undefined,
    filter.sucursalId ? eq(mailMessages.sucursalId, filter.sucursalId) : undefined,
    filter.nroDoc ? ilike(mailMessages.nroDoc, `%${escapeLike(filter.nroDoc)}%`) : undefined,
    filter.correoTo
      ? sql`exists (select 1 from unnest(${mailMessages.to}) as t(addr) where t.addr ilike ${`%${escapeLike(filter.correoTo)}%`})`
      : undefined,
  );
}

/** One page of the e-mail log, newest first, and how many rows match. The e-mail log report reads it. */
export async function mailLogPage(
  db: DbOrTx,
  filter: MailLogFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: MailLogRow[]; total: number }> {
  const where = whereOf(filter);
  const [total, rows] = await Promise.all([
    db.$count(mailMessages, where),
    db
      .select()
      .from(mailMessages)
      .where(where)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(page.limit)
      .offset(page.offset),
  ]);
  return { rows, total };
}

/** The newest logged attempt of one message id within the scope, or null. */
export async function mailLogByMessageId(
  db: DbOrTx,
  messageId: string,
  scope?: TenantScope,
): Promise<MailLogRow | null> {
  const [row] = await db
    .select()
    .from(mailMessages)
    .where(and(scopeCondition(scope), eq(mailMessages.messageId, messageId)))
    .orderBy(desc(mailMessages.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * The e-mails logged for one document, oldest first, at most `limit`: to whom, and when the server took
 * it or what it answered. The log names a document by its kind, its number as printed and its company.
 */
export function mailsOfDocument(
  db: DbOrTx,
  doc: { tipoDoc: string; nroDoc: string; localidadId: string },
  limit: number,
  /** No message of the document is older (its creation): lets PostgreSQL read only the months since. */
  since?: Date,
) {
  return db
    .select({
      at: mailMessages.createdAt,
      to: mailMessages.to,
      cc: mailMessages.cc,
      sentAt: mailMessages.sentAt,
      statusCode: mailMessages.statusCode,
      statusText: mailMessages.statusText,
    })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.tipoDoc, doc.tipoDoc),
        eq(mailMessages.nroDoc, doc.nroDoc),
        eq(mailMessages.localidadId, doc.localidadId),
        since ? gte(mailMessages.createdAt, since) : undefined,
      ),
    )
    .orderBy(asc(mailMessages.createdAt))
    .limit(limit);
}
