import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';

const NAME = 'documento';

/**
 * One savepoint per document of a group commit, so that a document that fails leaves nothing behind and
 * the others are stored. Cheaper than a nested `tx.transaction()` per document: Drizzle builds a new
 * transaction object (with a query builder per table) for each, and sends SAVEPOINT and RELEASE as two
 * round trips. Here the previous document's savepoint is released by the statement that opens the next
 * one (`scripts`: node-postgres runs both in one simple query; PGlite, in the process, sends them apart),
 * and the last one is released by the commit. Not `guarded`, the writes run without savepoints.
 */
export function documentSavepoints(tx: Tx, scripts: boolean, guarded = true) {
  let open = false;
  const enter = async () => {
    if (!open) await tx.execute(sql.raw(`savepoint ${NAME}`));
    else if (scripts) await tx.execute(sql.raw(`release savepoint ${NAME}; savepoint ${NAME}`));
    else {
      await tx.execute(sql.raw(`release savepoint ${NAME}`));
      await tx.execute(sql.raw(`savepoint ${NAME}`));
    }
    open = true;
  };
  return {
    /** Runs one document's writes inside its own savepoint; on error it is undone and the error thrown. */
    async run<T>(writes: (sp: Tx) => Promise<T>): Promise<T> {
      // Unguarded (the first try of a group, pipeline.ts): no savepoint, a failure aborts the group.
      if (!guarded) return writes(tx);
      await enter();
      try {
        return await writes(tx);
      } catch (error) {
        // After ROLLBACK TO the savepoint still exists (empty): the next document releases it.
        await tx.execute(sql.raw(`rollback to savepoint ${NAME}`));
        throw error;
      }
    },
  };
}
