import { parseRif } from '@sigece/fiscal';
import { lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { retentionDaysOf } from '../../db/partitions.ts';
import { rowsOf } from '../../db/rows.ts';
import { integrationRequests } from '../../db/schema.ts';
import { callerKey } from '../../http/principal.ts';
import { maskTokens } from '../auth/log-mask.ts';

/**
 * The integrators' request log: every call of an integration route, per company — when,
 * who (API key or user), the route, the status, the documents accepted and refused, how long it took, the
 * Idempotency-Key — with the body (its first 2 kB) and secrets masked. Kept 90 days.
 *
 * Cheap to write: a call is pushed to memory once its answer is sent, and the process writes what it has
 * collected every half second (or every 200 calls) in one multi-row insert, where the company is resolved
 * from the RIF (one query per batch) and the answer's counts are read. A crash loses at most that half
 * second of log, never a document or an answer.
 */

/** Declared with the table's monthly partitions (db/partitions.ts), which drop the months past it. */
export const REQUEST_LOG_RETENTION_DAYS = retentionDaysOf('integration_requests')!;
const BODY_CHARS = 2048;
const FLUSH_MS = 500;
const FLUSH_ROWS = 200;
const MASK = '••••••••';
/** Fields whose values never reach the log. */
const SECRET_FIELD = /pass|secret|secreto|token|clave|authorization|api[-_]?key|firma|p12|pin/i;

interface Pending {
  at: Date;
  rif: string | null;
  caller: string;
  callerLabel: string | null;
  userId: string | null;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  idempotencyKey: string | null;
  body: unknown;
  answer: unknown;
}

/** A copy of a body with the values of secret-looking fields masked (any depth, arrays included). */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = SECRET_FIELD.test(k) ? MASK : maskSecrets(v, depth + 1);
  return out;
}

/** The body as the log keeps it: secrets masked, bearer tokens and JWTs in text masked, 2 kB at most. */
export function loggedBody(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  const text = JSON.stringify(maskSecrets(body))
    .replace(/Bearer\s+[\w.~+/=-]+/gi, `Bearer ${MASK}`)
    .replace(/eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g, MASK);
  return text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS)}…` : text;
}

/**
 * Documents accepted and refused, read off an intake or annulment answer whatever its family's field names:
 * a number named like '…conError' is the refused count; '…New' or '…Anuladas' the accepted one.
 */
export function documentCounts(answer: unknown): { accepted: number | null; refused: number | null } {
  let accepted: number | null = null;
  let refused: number | null = null;
  const visit = (value: unknown, depth: number) => {
    if (depth > 2 || !value || typeof value !== 'object' || Array.isArray(value)) return;
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'number') {
        if (/conerror$/i.test(k)) refused ??= v;
        else if (/new$|anuladas(procedas)?$/i.test(k)) accepted ??= v;
      } else if (Array.isArray(v) && /^Detalle.*(procesadas|exitosas)/i.test(k) && accepted === null) {
        accepted = v.length;
      } else visit(v, depth + 1);
    }
  };
  visit(answer, 0);
  return { accepted, refused };
}

/** The RIF a call is about: its documents' first `rif`, or the query's. */
function rifOf(request: FastifyRequest): string | null {
  const body = request.body;
  const first = Array.isArray(body) ? body[0] : body;
  const fromBody = first && typeof first === 'object' ? (first as Record<string, unknown>).rif : undefined;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.rif;
  const rif = typeof fromBody === 'string' ? fromBody : typeof fromQuery === 'string' ? fromQuery : null;
  return rif ? rif.slice(0, 20) : null;
}

export class RequestLog {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Called once the answer is sent. */
  record(request: FastifyRequest, reply: FastifyReply, answer: unknown): void {
    const principal = request.principal;
    this.pending.push({
      at: new Date(Date.now() - reply.elapsedTime),
      rif: rifOf(request),
      caller: principal ? callerKey(principal) : 'anonimo',
      callerLabel: principal ? (principal.apiKey?.prefix ?? principal.email) : null,
      userId: principal?.id ?? null,
      method: request.method,
      route: maskTokens(request.url).slice(0, 500),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
      idempotencyKey: request.idempotencyKey ?? null,
      body: request.body,
      answer,
    });
    if (this.pending.length >= FLUSH_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what is pending (tests and the log's own route call it to read their latest calls). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) this.writing = this.writing.then(() => this.write(batch)).catch(this.onError);
    return this.writing;
  }

  private async write(batch: Pending[]) {
    const rifs = [...new Set(batch.map((p) => normalRif(p.rif)).filter((r): r is string => r !== null))];
    const companies = new Map<string, string>();
    if (rifs.length > 0) {
      const rows = await this.db.execute<{ id: string; rif: string }>(
        sql`select id, upper(tipo_documento || numero_documento) as rif from localidades
            where upper(tipo_documento || numero_documento) in (${sql.join(
              rifs.map((r) => sql`${r}`),
              sql`, `,
            )})`,
      );
      for (const row of rowsOf<{ id: string; rif: string }>(rows)) companies.set(row.rif, row.id);
    }
    await this.db.insert(integrationRequests).values(
      batch.map((p) => {
        const rif = normalRif(p.rif);
        const counts = documentCounts(parsed(p.answer));
        return {
          at: p.at,
          localidadId: rif ? (companies.get(rif) ?? null) : null,
          rif: p.rif,
          caller: p.caller,
          callerLabel: p.callerLabel,
          userId: p.userId,
          method: p.method,
          route: p.route,
          status: p.status,
          accepted: counts.accepted,
          refused: counts.refused,
          durationMs: p.durationMs,
          idempotencyKey: p.idempotencyKey,
          body: loggedBody(p.body),
        };
      }),
    );
  }
}

const normalRif = (rif: string | null) => {
  const parsed = rif ? parseRif(rif) : null;
  return parsed ? `${parsed.tipoDocumento}${parsed.numeroDocumento}`.toUpperCase() : null;
};

function parsed(answer: unknown): unknown {
  if (typeof answer !== 'string' || answer.length > 1_000_000 || !answer.startsWith('{')) return answer;
  try {
    return JSON.parse(answer);
  } catch {
    return null;
  }
}

const logs = new WeakMap<Db, RequestLog>();

/** The process's request log of one database. */
export function requestLogOf(db: Db, onError: (error: unknown) => void = () => {}): RequestLog {
  let log = logs.get(db);
  if (!log) {
    log = new RequestLog(db, onError);
    logs.set(db, log);
  }
  return log;
}

/**
 * Forgets calls older than 90 days (the hourly housekeeping). The months wholly past it are dropped as
 * partitions (db/partitions.ts); this deletes the older rows of the month that straddles the limit, so a
 * call is kept 90 days, not up to a month more. It reads only that month's partition (and the default).
 */
export async function purgeRequestLog(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(integrationRequests)
    .where(lt(integrationRequests.at, new Date(now.getTime() - REQUEST_LOG_RETENTION_DAYS * 86_400_000)));
}
