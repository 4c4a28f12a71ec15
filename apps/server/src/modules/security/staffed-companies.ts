import { and, arrayOverlaps, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** Which of these companies have at least one active user granted to them. */
export async function staffedCompanies(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  const people = await db
    .select({ ids: users.localidades })
    .from(users)
    .where(and(eq(users.status, 'ACTIVO'), arrayOverlaps(users.localidades, ids)));
  const wanted = new Set(ids);
  return new Set(people.flatMap((p) => p.ids).filter((id) => wanted.has(id)));
}
