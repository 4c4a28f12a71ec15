import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  type ApiKeyAction,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ApiKeyRow,
  formatApiKey,
  looksLikeApiKey,
  type Page,
  type PageQuery,
  parseApiKey,
} from '@sigece/fiscal';
import { and, count, desc, eq, ilike, isNull, lt, or } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { apiKeys } from '../../db/schema.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import type { Authenticate, Principal } from '../../http/principal.ts';
import { assertTenant, type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { companiesOfBranches, companyName, findCompany } from '../companies/lookup.service.ts';

const M = API_KEY_MESSAGES;
type KeyRow = typeof apiKeys.$inferSelect;

/** SHA-256 (hex) of a key's secret: the only form stored. */
export const secretHash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Creates a key; the answer is the only time its secret exists outside the caller. */
export async function createApiKey(
  db: Db,
  scope: TenantScope,
  creator: { id: string; email: string },
  input: ApiKeyCreate,
  audit: AuditContext,
): Promise<ApiKeyCreated> {
  const sucursalId = input.sucursal ?? null;
  assertTenant(scope, { localidadId: input.localidad, sucursalId });
  // A branch-restricted administrator hands out no more than their own branches.
  if (!scope.all && scope.sucursales.length > 0 && !sucursalId) throw forbidden(M.ownBranch);
  if (!(await findCompany(db, input.localidad))) throw badRequest(M.localidad);
  if (sucursalId) {
    const [branch] = await companiesOfBranches(db, [sucursalId]);
    if (branch?.localidadId !== input.localidad) throw badRequest(M.branch);
  }
  // 4 bytes of prefix (unique, shown in lists and logs), 32 bytes of secret (256 bits, never stored).
  for (let attempt = 0; ; attempt++) {
    const prefixHex = randomBytes(4).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const clave = formatApiKey(input.prueba, prefixHex, secret);
    const prefijo = parseApiKey(clave)!.prefix;
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(apiKeys)
          .values({
            localidadId: input.localidad,
            sucursalId,
            nombre: input.nombre,
            prefijo,
            secretoSha256: secretHash(secret),
            acciones: input.acciones,
            prueba: input.prueba,
            creadaPor: creator.id,
            creadaPorCorreo: creator.email,
          })
          .returning();
        await recordAudit(tx, audit, {
          entity: 'clave_api',
          entityId: row.id,
          action: 'create',
          after: publicFields(row),
        });
        return { id: row.id, clave, prefijo, prueba: row.prueba, acciones: row.acciones as ApiKeyAction[] };
      });
    } catch (error) {
      // A prefix drawn twice (1 in 4 billion): draw again.
      if (attempt < 3 && String((error as { code?: string }).code ?? '') === '23505') continue;
      throw error;
    }
  }
}

/** What the audit log and the list may show of a key. */
function publicFields(row: KeyRow) {
  return {
    id: row.id,
    localidad: row.localidadId,
    sucursal: row.sucursalId,
    nombre: row.nombre,
    prefijo: row.prefijo,
    acciones: row.acciones,
    prueba: row.prueba,
  };
}

/** One page of the keys of the companies the caller sees, newest first (never their hashes). */
export async function listApiKeys(
  db: Db,
  scope: TenantScope,
  query: PageQuery & { localidad?: string; incluirRevocadas?: boolean },
): Promise<Page<ApiKeyRow> & { code: number }> {
  const term = query.search ? likePattern(query.search) : undefined;
  const where = and(
    tenantCondition(scope, { localidad: apiKeys.localidadId, sucursal: apiKeys.sucursalId }),
    query.localidad ? eq(apiKeys.localidadId, query.localidad) : undefined,
    query.incluirRevocadas === false ? isNull(apiKeys.revocadaEn) : undefined,
    term ? or(ilike(apiKeys.nombre, term), ilike(apiKeys.prefijo, term)) : undefined,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(apiKeys).where(where),
    db
      .select()
      .from(apiKeys)
      .where(where)
      .orderBy(desc(apiKeys.creadaEn), desc(apiKeys.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
  ]);
  const names = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.localidadId))) names.set(id, (await companyName(db, id)) ?? '');
  const results = rows.map((r) => ({
    id: r.id,
    localidad: r.localidadId,
    localidadNombre: names.get(r.localidadId) ?? '',
    sucursal: r.sucursalId,
    nombre: r.nombre,
    prefijo: r.prefijo,
    acciones: r.acciones as ApiKeyAction[],
    prueba: r.prueba,
    creadaEn: r.creadaEn.toISOString(),
    creadaPor: r.creadaPorCorreo,
    ultimoUso: r.ultimoUso?.toISOString() ?? null,
    revocadaEn: r.revocadaEn?.toISOString() ?? null,
  }));
  return pageOf(query, results, Number(total?.n ?? 0));
}

/** Revokes a key (for good: a revoked key is never valid again). A foreign company's key is 403. */
export async function revokeApiKey(
  db: Db,
  scope: TenantScope,
  id: string,
  by: { id: string },
  audit: AuditContext,
): Promise<ApiKeyRow['id']> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1).for('update');
    if (!row) throw notFound(M.notFound);
    assertTenant(scope, { localidadId: row.localidadId, sucursalId: row.sucursalId });
    if (!row.revocadaEn) {
      await tx.update(apiKeys).set({ revocadaEn: new Date(), revocadaPor: by.id }).where(eq(apiKeys.id, id));
      await recordAudit(tx, audit, {
        entity: 'clave_api',
        entityId: row.id,
        action: 'revoke',
        before: publicFields(row),
        after: { revocada: true },
      });
    }
    forgetApiKey(row.prefijo);
    return row.id;
  });
}

// --- Authentication --------------------------------------------------------------------------------

/**
 * A key's principal is kept this long per process (like a login token's, PRINCIPAL_TTL_MS): a burst of
 * requests reads the key once. A revocation in this process takes effect at once; in another process
 * within these seconds.
 */
export const API_KEY_TTL_MS = 5_000;
/** `ultimo_uso` is written at most once a minute per key (and only when older than that in the database). */
export const LAST_USED_EVERY_MS = 60_000;

const cache = new Map<string, { principal: Principal; hash: Buffer; until: number }>();
const touched = new Map<string, number>();

function forgetApiKey(prefix: string): void {
  cache.delete(prefix);
}

/** The principal of a key: its company and branch are its whole scope, its actions its permissions. */
function principalOf(row: KeyRow): Principal {
  return {
    // The audit log's user is the administrator who created the key (its e-mail field names the key).
    id: row.creadaPor,
    email: `clave:${row.prefijo}`,
    name: row.nombre,
    roleId: null,
    roleName: null,
    masterAdmin: false,
    localidades: [row.localidadId],
    sucursales: row.sucursalId ? [row.sucursalId] : [],
    tokenVersion: 0,
    modulos: [],
    apiKey: { id: row.id, prefix: row.prefijo, test: row.prueba, acciones: row.acciones },
  };
}

const sameHash = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/** Records the use, cheaply: once a minute per key and process, one conditional update, never awaited. */
function touch(db: DbOrTx, id: string, now: number): void {
  const last = touched.get(id) ?? 0;
  if (now - last < LAST_USED_EVERY_MS) return;
  touched.set(id, now);
  const at = new Date(now);
  db.update(apiKeys)
    .set({ ultimoUso: at })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.ultimoUso), lt(apiKeys.ultimoUso, new Date(now - LAST_USED_EVERY_MS))),
      ),
    )
    .catch(() => {
      touched.delete(id);
    });
}

/**
 * The guard's authenticator with API keys beside login tokens: a bearer token starting `sgc_` is a key
 * (looked up by its prefix, its secret's SHA-256 compared in constant time), anything else goes to `tokens`.
 */
export function withApiKeys(tokens: Authenticate, db: DbOrTx): Authenticate {
  return async (token) => {
    if (!looksLikeApiKey(token)) return tokens(token);
    const parsed = parseApiKey(token);
    if (!parsed) throw unauthorized(M.invalid);
    const hash = Buffer.from(secretHash(parsed.secret), 'hex');
    const now = Date.now();
    const cached = cache.get(parsed.prefix);
    if (cached && cached.until > now) {
      if (!sameHash(cached.hash, hash)) throw unauthorized(M.invalid);
      touch(db, cached.principal.apiKey!.id, now);
      return cached.principal;
    }
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.prefijo, parsed.prefix)).limit(1);
    if (!row || row.revocadaEn || row.prueba !== parsed.test) throw unauthorized(M.invalid);
    const stored = Buffer.from(row.secretoSha256, 'hex');
    if (!sameHash(stored, hash)) throw unauthorized(M.invalid);
    const principal = principalOf(row);
    if (cache.size >= 10_000) cache.delete(cache.keys().next().value!);
    cache.set(parsed.prefix, { principal, hash: stored, until: now + API_KEY_TTL_MS });
    touch(db, row.id, now);
    return principal;
  };
}
