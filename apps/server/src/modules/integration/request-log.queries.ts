import { hasPermission, type RequestLogQuery, type RequestLogRow } from '@sigece/fiscal';
import { and, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { integrationRequests } from '../../db/schema.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { callerKey, type Principal } from '../../http/principal.ts';
import { REQUEST_LOG_RETENTION_DAYS } from './request-log.ts';

/** Who reads a company's whole log: its administrators (the company screen's 'Consultar'). */
export const REQUEST_LOG_PERMISSION = { module: '/mantenimiento/Localidad', action: 'view' } as const;

/**
 * The calls a principal may read: the master administrator all of them; a company's administrator those
 * of the companies granted to them; everyone (an integrator's user or API key) their own calls.
 */
function visible(principal: Principal): SQL | undefined {
  if (principal.masterAdmin) return undefined;
  const own = eq(integrationRequests.caller, callerKey(principal));
  if (!hasPermission(principal, REQUEST_LOG_PERMISSION.module, REQUEST_LOG_PERMISSION.action)) return own;
  if (principal.localidades.length === 0) return own;
  return or(own, inArray(integrationRequests.localidadId, principal.localidades));
}

/**
 * The page's query and its count. Without `desde` the log's 90 days bound it (older calls are being
 * purged anyway): the table is partitioned by month, and a bound on `at` lets PostgreSQL read only the
 * months it covers.
 */
export function requestLogQueries(db: Db, principal: Principal, q: RequestLogQuery, now = new Date()) {
  const where = and(
    visible(principal),
    q.id_localidad ? eq(integrationRequests.localidadId, q.id_localidad) : undefined,
    gte(
      integrationRequests.at,
      q.desde ? new Date(q.desde) : new Date(now.getTime() - REQUEST_LOG_RETENTION_DAYS * 86_400_000),
    ),
    q.hasta ? lte(integrationRequests.at, new Date(q.hasta)) : undefined,
    q.ruta ? ilike(integrationRequests.route, likePattern(q.ruta)) : undefined,
    q.status ? eq(integrationRequests.status, q.status) : undefined,
    q.errores
      ? or(sql`${integrationRequests.status} >= 400`, sql`coalesce(${integrationRequests.refused}, 0) > 0`)
      : undefined,
    q.idempotencyKey ? eq(integrationRequests.idempotencyKey, q.idempotencyKey) : undefined,
    q.search
      ? or(
          ilike(integrationRequests.route, likePattern(q.search)),
          ilike(integrationRequests.rif, likePattern(q.search)),
          ilike(integrationRequests.callerLabel, likePattern(q.search)),
          ilike(integrationRequests.idempotencyKey, likePattern(q.search)),
        )
      : undefined,
  );
  return {
    rows: db
      .select()
      .from(integrationRequests)
      .where(where)
      .orderBy(desc(integrationRequests.at), desc(integrationRequests.id))
      .limit(q.limit)
      .offset(offsetOf(q)),
    total: db.select({ n: count() }).from(integrationRequests).where(where),
  };
}

export async function listRequestLog(db: Db, principal: Principal, q: RequestLogQuery) {
  const queries = requestLogQueries(db, principal, q);
  const [rows, [total]] = await Promise.all([queries.rows, queries.total]);
  return pageOf<RequestLogRow>(
    q,
    rows.map((r) => ({
      id: r.id,
      fecha: r.at.toISOString(),
      id_localidad: r.localidadId,
      rif: r.rif,
      llamante: r.callerLabel ?? r.caller,
      metodo: r.method,
      ruta: r.route,
      status: r.status,
      aceptados: r.accepted,
      rechazados: r.refused,
      duracionMs: r.durationMs,
      idempotencyKey: r.idempotencyKey,
      cuerpo: r.body,
    })),
    total.n,
  );
}
