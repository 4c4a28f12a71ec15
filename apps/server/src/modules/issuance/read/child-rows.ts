import { type AnyColumn, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A document's child rows (lines, payments, taxes) as ONE column of the statement that reads the
 * document: a correlated `json_agg` of the rows, decoded into exactly what `db.select().from(table)`
 * returns. The PDF job used to read the header, the document and each kind of child row in statements
 * of their own; each statement costs a round trip (a socket write and a wake-up on both sides) and
 * PostgreSQL's per-statement work, the largest share of a signed document's CPU after the rendering.
 *
 * Every column keeps its value as the driver would give it: numerics are sent as text (a JSON number
 * would lose their scale: 10.00 → 10), timestamps and dates as their ISO text, jsonb as JSON; then each
 * goes through its column's own `mapFromDriverValue`, as in a plain select.
 */
export interface ChildRows<Row> {
  /** The subquery, a `json` value: the rows matching `where`, in `orderBy`'s order ('[]' when none). */
  sql: SQL;
  /** The rows of the subquery's value, as `db.select().from(table)` gives them. */
  decode(value: unknown): Row[];
}

const jsonText = (column: AnyColumn) => /^numeric/.test(column.getSQLType());

export function childRowsJson<T extends PgTable>(
  table: T,
  where: SQL,
  orderBy: SQL,
): ChildRows<T['$inferSelect']> {
  const columns = Object.entries(getTableColumns(table)) as Array<[string, AnyColumn]>;
  for (const [key, column] of columns) {
    const type = column.getSQLType();
    // Bytes would come back as hex text, which no column here decodes: such a table is read apart.
    if (type === 'bytea') throw new Error(`childRowsJson: la columna ${key} (bytea) no viaja en JSON`);
    if (!/^[a-z_][a-z0-9_]*$/.test(column.name))
      throw new Error(`childRowsJson: nombre de columna ${column.name}`);
  }
  const fields = sql.join(
    columns.map(([, column]) =>
      jsonText(column)
        ? sql.raw(`'${column.name}', `).append(sql`${column}::text`)
        : sql.raw(`'${column.name}', `).append(sql`${column}`),
    ),
    sql`, `,
  );
  return {
    sql: sql`(select coalesce(json_agg(json_build_object(${fields}) order by ${orderBy}), '[]'::json) from ${table} where ${where})`,
    decode(value) {
      const rows = (typeof value === 'string' ? JSON.parse(value) : value) as Array<Record<string, unknown>>;
      return rows.map((raw) => {
        const row: Record<string, unknown> = {};
        for (const [key, column] of columns) {
          const v = raw[column.name];
          row[key] = v === null || v === undefined ? null : column.mapFromDriverValue(v);
        }
        return row as T['$inferSelect'];
      });
    },
  };
}
