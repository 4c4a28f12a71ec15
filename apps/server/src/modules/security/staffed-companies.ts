import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/** Which of these companies have at least one active user granted to them. */
export async function staffedCompanies(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  const people = await db
    .select({ ids: users.localidades })
    .from(users)
    .where(
      and(
        eq(users.status, 'ACTIVO'),
        sql`${users.localidades} && array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::uuid[]`,
      ),
    );
  const wanted = new Set(ids);
  return new Set(people.flatMap((p) => p.ids).filter((id) => wanted.has(id)));
}
