import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The values drizzle's insert computes itself for a column left out of a row (`$defaultFn`, such as the
 * application's clock of `appNow`; `$onUpdateFn` on a column without default), filled in the row as drizzle
 * would: for a statement whose text is built once with placeholders and reused, where such a value must
 * be one of the row's values and not frozen in the text.
 */
const computedByTable = new Map<PgTable, Array<[string, () => unknown]>>();

export function fillComputedDefaults<R extends Record<string, unknown>>(table: PgTable, row: R): R {
  let computed = computedByTable.get(table);
  if (!computed) {
    computed = [];
    for (const [key, c] of Object.entries(getTableColumns(table))) {
      if (c.defaultFn) computed.push([key, c.defaultFn]);
      else if (c.default === undefined && c.onUpdateFn) computed.push([key, c.onUpdateFn]);
    }
    computedByTable.set(table, computed);
  }
  const values = row as Record<string, unknown>;
  for (const [key, fn] of computed) if (values[key] === undefined) values[key] = fn();
  return row;
}
