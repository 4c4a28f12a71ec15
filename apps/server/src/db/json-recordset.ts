import { type SQL, sql } from 'drizzle-orm';

/**
 * `select * from jsonb_to_recordset(…) as alias(columns) limit n`: a list of rows sent as one JSON
 * parameter, read as a relation for a join or an UPDATE … FROM. PostgreSQL plans jsonb_to_recordset as
 * 100 rows whatever it holds, so against a table of a few thousand rows (a new imprenta's first months, or
 * any benchmark) it chose a hash join over a sequential scan: every invoice read to find one or four, and a
 * prepared statement kept that plan (960 rows read per signed invoice). The LIMIT, the list's
 * own length as a parameter, never cuts the list; it tells the planner how few rows there are (the length
 * itself in a custom plan, a tenth of 100 in a generic one), so it probes the table's index instead.
 */
export function jsonRecordset(rows: readonly object[], alias: string, columns: string): SQL {
  return sql`select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${sql.raw(alias)}(${sql.raw(columns)}) limit ${rows.length}`;
}
