import { createHash } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { callerKey } from '../../http/principal.ts';

/**
 * Idempotency keys for the intake and annulment routes of the integration API.
 *
 * A request with `Idempotency-Key: <key>` is tied to its caller (`callerKey`: the API key, or the user) and to
 * a SHA-256 of its method, route and body. The key's row is reserved at the start of the transaction that
 * stores the documents and receives the answer (status and exact bytes) before that transaction commits:
 * the answer exists exactly when the documents do. So a retry after a crash between the commit and the
 * answer finds the answer and creates nothing; clients racing with one key wait on the row (the unique key)
 * or find the answer, and only one of them stores documents. The same key with another body answers 422.
 * Without the header nothing of this runs: today's behaviour ('ya existe' for a repeated number).
 *
 * A route calls `idempotent(request, reply, run)`; `run(claim)` does the work and hands the claim to the
 * transaction, which calls `reserveAnswer` first and `keepAnswer` last (the issuance pipeline does it for
 * the intake routes; `keptTransaction` for the annulments).
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answer is kept: at least 24 hours (the window an ERP's retries need); then purged. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export const IDEMPOTENCY_MESSAGES = {
  invalid:
    'El encabezado Idempotency-Key debe tener de 1 a 255 caracteres visibles (sin espacios ni acentos)',
  mismatch:
    'La clave de idempotencia ya se usó con otro cuerpo o en otra ruta: envíe una clave nueva para una solicitud distinta',
  pending:
    'Una solicitud con la misma clave de idempotencia aún se está procesando: reintente en unos segundos',
} as const;

/** The header's description in the API docs. */
export const IDEMPOTENCY_DOC =
  'Encabezado opcional `Idempotency-Key` (1 a 255 caracteres visibles, p. ej. un UUID): la primera respuesta (estado y cuerpo) se guarda 24 horas con la clave, por clave de API o usuario; un reintento con la misma clave y el mismo cuerpo recibe esa misma respuesta (con `Idempotent-Replayed: true`) y no crea nada, aun si la primera solicitud se cortó después de guardarse. La misma clave con otro cuerpo responde 422. Sin el encabezado, el comportamiento de siempre ("ya existe" para un número repetido).';

/** One request's key, as its transaction reserves and answers it. */
export interface IdempotencyClaim {
  caller: string;
  key: string;
  route: string;
  hash: string;
  /** The route's serializer (its response schema): the bytes kept are the bytes sent. */
  serialize(answer: unknown): string;
  /** Set by `reserveAnswer`: this request stores the documents (`owned`) or another one did (`taken`). */
  outcome?: 'owned' | 'taken';
  /** Set by `keepAnswer`: the bytes kept, sent as the first answer. */
  kept?: { status: number; body: string };
}

interface StoredAnswer {
  hash: string;
  route: string;
  status: number | null;
  body: string | null;
}

/** Keys reserved by each open transaction (a group commit may carry two requests with one key). */
const reservedIn = new WeakMap<object, Set<string>>();

const hashOf = (method: string, route: string, body: unknown) =>
  createHash('sha256')
    .update(`${method} ${route}\n${JSON.stringify(body ?? null)}`)
    .digest('hex');

/** The request's claim, or undefined without the header (or without a caller). A malformed key: 400. */
export function claimOf(request: FastifyRequest, reply: FastifyReply): IdempotencyClaim | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined || !request.principal) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!KEY_PATTERN.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.invalid);
  const route = request.routeOptions.url ?? request.url.split('?')[0];
  return {
    caller: callerKey(request.principal),
    key,
    route: `${request.method} ${route}`,
    hash: hashOf(request.method, route, request.body),
    serialize: (answer) => reply.serialize(answer) as string,
  };
}

/**
 * Inside the transaction, before anything is written: reserves the key for this request. False when
 * another request holds it (committed: its answer is read after this transaction; still open: the insert
 * waits for it to end), or when an earlier request of the same transaction does.
 */
export async function reserveAnswer(tx: DbOrTx, claim: IdempotencyClaim, now = new Date()): Promise<boolean> {
  const id = `${claim.caller}\n${claim.key}`;
  let reserved = reservedIn.get(tx);
  if (!reserved) {
    reserved = new Set();
    reservedIn.set(tx, reserved);
  }
  if (reserved.has(id)) {
    claim.outcome = 'taken';
    return false;
  }
  const rows = await tx
    .insert(idempotencyKeys)
    .values({
      caller: claim.caller,
      clave: claim.key,
      ruta: claim.route,
      bodySha256: claim.hash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    })
    .onConflictDoUpdate({
      // An expired answer not purged yet is forgotten: the key starts again.
      target: [idempotencyKeys.caller, idempotencyKeys.clave],
      set: {
        ruta: claim.route,
        bodySha256: claim.hash,
        status: null,
        respuesta: null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
      },
      setWhere: lt(idempotencyKeys.expiresAt, now),
    })
    .returning({ caller: idempotencyKeys.caller });
  const owned = rows.length > 0;
  if (owned) reserved.add(id);
  claim.outcome = owned ? 'owned' : 'taken';
  return owned;
}

/** Inside the same transaction, last: the answer this request gives, kept with its key. */
export async function keepAnswer(tx: DbOrTx, claim: IdempotencyClaim, answer: unknown, status = 200) {
  if (claim.outcome !== 'owned') return;
  const body = claim.serialize(answer);
  await tx
    .update(idempotencyKeys)
    .set({ status, respuesta: body })
    .where(and(eq(idempotencyKeys.caller, claim.caller), eq(idempotencyKeys.clave, claim.key)));
  claim.kept = { status, body };
}

/**
 * What the issuance pipeline calls in its transaction (it knows no idempotency): reserve the key first,
 * keep the answer last.
 */
export function answerKeeper(claim: IdempotencyClaim | undefined) {
  if (!claim) return undefined;
  return {
    id: `${claim.caller}\n${claim.key}`,
    reserve: (tx: DbOrTx) => reserveAnswer(tx, claim),
    keep: (tx: DbOrTx, answer: unknown) => keepAnswer(tx, claim, answer),
  };
}

/** A transaction for work that takes its database handle (the annulments): reserved, done, answer kept. */
export async function keptTransaction<A>(
  db: Db,
  claim: IdempotencyClaim | undefined,
  work: (db: Db) => Promise<A>,
): Promise<A | undefined> {
  if (!claim) return work(db);
  return db.transaction(async (tx) => {
    if (!(await reserveAnswer(tx, claim))) return undefined;
    const answer = await work(tx as unknown as Db);
    await keepAnswer(tx, claim, answer);
    return answer;
  });
}

async function storedAnswer(db: DbOrTx, claim: IdempotencyClaim, now: Date): Promise<StoredAnswer | null> {
  const [row] = await db
    .select({
      hash: idempotencyKeys.bodySha256,
      route: idempotencyKeys.ruta,
      status: idempotencyKeys.status,
      body: idempotencyKeys.respuesta,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.caller, claim.caller),
        eq(idempotencyKeys.clave, claim.key),
        gt(idempotencyKeys.expiresAt, now),
      ),
    );
  return row ?? null;
}

function send(reply: FastifyReply, answer: { status: number; body: string }, replayed: boolean) {
  if (replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
}

function replay(reply: FastifyReply, claim: IdempotencyClaim, stored: StoredAnswer) {
  if (stored.hash !== claim.hash || stored.route !== claim.route)
    throw new AppError(422, IDEMPOTENCY_MESSAGES.mismatch);
  if (stored.status === null || stored.body === null) throw new AppError(409, IDEMPOTENCY_MESSAGES.pending);
  return send(reply, { status: stored.status, body: stored.body }, true);
}

/**
 * Runs an intake or annulment route under its Idempotency-Key, if any. `run` receives the claim (undefined
 * without the header) and returns the answer, or undefined when another request had reserved the key.
 */
export async function idempotent<A>(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  run: (claim: IdempotencyClaim | undefined) => Promise<A | undefined>,
): Promise<A | FastifyReply> {
  const claim = claimOf(request, reply);
  if (!claim) return (await run(undefined)) as A;
  request.idempotencyKey = claim.key;
  const now = new Date();
  // A retry (the common case) is answered without touching the documents.
  const before = await storedAnswer(db, claim, now);
  if (before) return replay(reply, claim, before);
  const answer = await run(claim);
  if (claim.outcome === 'owned' && claim.kept) return send(reply, claim.kept, false);
  if (claim.outcome === 'taken') {
    const after = await storedAnswer(db, claim, now);
    if (after) return replay(reply, claim, after);
    throw new AppError(409, IDEMPOTENCY_MESSAGES.pending);
  }
  return answer as A;
}

/** Forgets the answers past their 24 hours (the hourly housekeeping). */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key the request came with (the request log records it). */
    idempotencyKey?: string;
  }
}
