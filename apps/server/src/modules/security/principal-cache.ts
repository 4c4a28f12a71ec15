import type { Principal } from './principal.ts';

/**
 * The principal of an access token, kept for a few seconds so that a burst of requests with the same
 * token (an ERP connector sending invoices) loads the user, role and modules once.
 *
 * Writes in this process take effect at once: a user write (role, companies, status, password, logout)
 * bumps that user's generation, a role or module write bumps the global one, and an entry stamped with
 * an older generation is a miss. Other processes (SIGECE_WORKERS > 1, several hosts) do not see this
 * process's writes: there a cached principal can outlive the change by at most PRINCIPAL_TTL_MS, after
 * which the principal is loaded again and its token version checked against the database.
 */
export const PRINCIPAL_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  principal: Principal;
  until: number;
  global: number;
  user: number;
}

let globalGeneration = 0;
const userGenerations = new Map<string, number>();
const entries = new Map<string, Entry>();

export interface Stamp {
  global: number;
  user: number;
}

/** Taken before loading, so a write that lands during the load makes the result a miss. */
export function stampOf(userId: string): Stamp {
  return { global: globalGeneration, user: userGenerations.get(userId) ?? 0 };
}

export function cachedPrincipal(token: string, now = Date.now()): Principal | undefined {
  const entry = entries.get(token);
  if (!entry) return undefined;
  const { global, user } = stampOf(entry.principal.id);
  if (entry.until <= now || entry.global !== global || entry.user !== user) {
    entries.delete(token);
    return undefined;
  }
  return entry.principal;
}

/** Keeps `principal` for `token` until the TTL or the token's own expiry, whichever comes first. */
export function rememberPrincipal(
  token: string,
  principal: Principal,
  stamp: Stamp,
  tokenExpires: number,
): void {
  if (entries.size >= MAX_ENTRIES) {
    // Oldest first: Map keeps insertion order.
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(token, { principal, until: Math.min(Date.now() + PRINCIPAL_TTL_MS, tokenExpires), ...stamp });
}

/** A user's role, scope, status, password or token version changed. */
export function forgetUser(userId: string): void {
  userGenerations.set(userId, (userGenerations.get(userId) ?? 0) + 1);
}

/** A role or module changed: every principal may be affected. */
export function forgetAllPrincipals(): void {
  globalGeneration++;
}
