import { lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { integrationRateWindows } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { callerKey } from '../../http/principal.ts';

/**
 * Limits you can see: each caller (API key or user, `callerKey`) gets `limit` requests per
 * fixed window on the integration routes, announced on every answer (`RateLimit-Limit`, `RateLimit-Remaining`,
 * `RateLimit-Reset`, the IETF httpapi draft's fields) and refused past it with 429, `Retry-After` and a
 * Spanish message.
 *
 * The count is shared by every server process: a row per caller and window in PostgreSQL (an unlogged
 * table). A process does not write it per request: it reserves a share of the window (1/100 of the limit,
 * at most 50 requests, at least 1) with one upsert and spends it locally, so the default limit costs about
 * one statement per 50 requests (the benchmarks are not slowed), and a low limit is exact (shares of 1).
 * A share a process has reserved but not spent counts as used for the others until the window ends.
 */

export const DEFAULT_RATE_LIMIT = 6000;
export const DEFAULT_RATE_WINDOW_SECONDS = 60;

export const RATE_LIMIT_MESSAGE = (seconds: number) =>
  `Demasiadas solicitudes a la API de integración: espere ${seconds} segundos antes de reintentar`;

interface Share {
  windowStart: number;
  /** Requests reserved in the shared row by this process, and those it has spent. */
  granted: number;
  used: number;
  /** The shared row's count after this process's last reservation. */
  shared: number;
  exhausted: boolean;
  pending?: Promise<void>;
}

export interface RateDecision {
  limit: number;
  remaining: number;
  resetSeconds: number;
  allowed: boolean;
}

export class RateLimiter {
  private readonly shares = new Map<string, Share>();
  private readonly chunk: number;

  constructor(
    private readonly db: Db,
    readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.chunk = Math.max(1, Math.min(50, Math.floor(limit / 100)));
  }

  async take(caller: string): Promise<RateDecision> {
    const now = this.now();
    const windowStart = Math.floor(now / this.windowMs) * this.windowMs;
    let share = this.shares.get(caller);
    if (!share || share.windowStart !== windowStart) {
      share = { windowStart, granted: 0, used: 0, shared: 0, exhausted: false };
      this.shares.set(caller, share);
    }
    while (share.used >= share.granted && !share.exhausted) {
      share.pending ??= this.reserve(caller, share).finally(() => {
        share.pending = undefined;
      });
      await share.pending;
    }
    const allowed = share.used < share.granted;
    if (allowed) share.used++;
    const usedEverywhere = share.shared - (share.granted - share.used);
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - usedEverywhere),
      resetSeconds: Math.max(1, Math.ceil((windowStart + this.windowMs - now) / 1000)),
      allowed,
    };
  }

  private async reserve(caller: string, share: Share) {
    const [row] = await this.db
      .insert(integrationRateWindows)
      .values({ caller, windowStart: new Date(share.windowStart), count: this.chunk })
      .onConflictDoUpdate({
        target: [integrationRateWindows.caller, integrationRateWindows.windowStart],
        set: { count: sql`${integrationRateWindows.count} + ${this.chunk}` },
      })
      .returning({ count: integrationRateWindows.count });
    const before = row.count - this.chunk;
    const available = Math.max(0, Math.min(this.chunk, this.limit - before));
    share.granted += available;
    share.shared = Math.min(row.count, this.limit);
    if (available < this.chunk) share.exhausted = true;
    // The caller's other windows are over: forget them.
    if (this.shares.size > 10_000)
      for (const [k, s] of this.shares) if (s.windowStart < share.windowStart) this.shares.delete(k);
  }
}

const limiters = new WeakMap<Db, RateLimiter>();

/** The process's limiter for one database, or null when the limit is off (0). */
export function rateLimiterOf(
  db: Db,
  config: { integrationRateLimit?: number; integrationRateWindowSeconds?: number },
): RateLimiter | null {
  const limit = config.integrationRateLimit ?? DEFAULT_RATE_LIMIT;
  if (!(limit > 0)) return null;
  let limiter = limiters.get(db);
  if (!limiter || limiter.limit !== limit) {
    const seconds = config.integrationRateWindowSeconds ?? DEFAULT_RATE_WINDOW_SECONDS;
    limiter = new RateLimiter(db, limit, Math.max(1, seconds) * 1000);
    limiters.set(db, limiter);
  }
  return limiter;
}

/** The preHandler of an integration route (after the guard has named the caller). */
export function rateLimitHook(limiter: RateLimiter) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.principal) return;
    const decision = await limiter.take(callerKey(request.principal));
    reply.header('ratelimit-limit', String(decision.limit));
    reply.header('ratelimit-remaining', String(decision.remaining));
    reply.header('ratelimit-reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      reply.header('retry-after', String(decision.resetSeconds));
      throw new AppError(429, RATE_LIMIT_MESSAGE(decision.resetSeconds));
    }
  };
}

/** Forgets the windows that ended over an hour ago (the hourly housekeeping). */
export async function purgeRateWindows(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(integrationRateWindows)
    .where(lt(integrationRateWindows.windowStart, new Date(now.getTime() - 3_600_000)));
}
