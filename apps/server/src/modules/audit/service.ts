import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export interface AuditContext {
  userId: string | null;
  userEmail: string | null;
  method: string;
  route: string;
  ip: string | null;
}

export function auditContextOf(request: FastifyRequest): AuditContext {
  return {
    userId: request.principal?.id ?? null,
    userEmail: request.principal?.email ?? null,
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    ip: request.ip ?? null,
  };
}

export interface AuditEntry {
  entity: string;
  entityId: string | null;
  action: string;
  before?: unknown;
  after?: unknown;
}

const SECRET_FIELDS = new Set([
  'passwordHash',
  'password',
  'keyStorePassword',
  'keystoreArchivo',
  'tokenHash',
]);

/** Secrets never reach the log, not even hashed. */
function redact(value: unknown): unknown {
  if (value === null || value === undefined || typeof value !== 'object') return value ?? null;
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_FIELDS.has(key))
      .map(([key, v]) => [key, redact(v)]),
  );
}

const auditRow = (context: AuditContext, entry: AuditEntry) => ({
  ...context,
  entity: entry.entity,
  entityId: entry.entityId,
  action: entry.action,
  before: redact(entry.before),
  after: redact(entry.after),
});

/** Written in the caller's transaction, so the entry exists exactly when the change does. */
export async function recordAudit(tx: DbOrTx, context: AuditContext, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(auditRow(context, entry));
}

/**
 * Several entries (of several requests stored in one transaction) in one statement, in this order: the
 * issuance kernel's group commit writes one per request.
 */
export async function recordAudits(
  tx: DbOrTx,
  entries: ReadonlyArray<{ context: AuditContext; entry: AuditEntry }>,
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(entries.map((e) => auditRow(e.context, e.entry)));
}
