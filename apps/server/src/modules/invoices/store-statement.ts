import { is, Param, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { fillComputedDefaults } from '../../db/computed-defaults.ts';
import { facturaGravamenes, facturaLineas, facturaPagos, facturas } from '../../db/schema.ts';
import { clientsUpsertOf, completeDocumentClientRow } from '../catalog/clients.service.ts';

/**
 * The invoice intake's one statement (the client's upsert, the invoice, its lines, payments and taxes as
 * one CTE), with its text built by drizzle once per shape instead of once per invoice: building it value
 * by value was about a fifth of the API thread's busy time. The shape is the number of rows
 * of each part, their keys and which of their values are absent (drizzle writes `default` for those);
 * every other value is a placeholder in the cached text, encoded per invoice by its column exactly as
 * drizzle encodes a value (null stays null, numerics as strings, timestamps, json). The rows are then the same, and so are
 * the errors (a numeric overflow or check violation raised by PostgreSQL inside the document's savepoint).
 */

type Row = Record<string, unknown>;
type Encoder = { mapToDriverValue(value: unknown): unknown };

export interface InvoiceStatementRows {
  client: Row;
  /** The client's `updatedAt` when it already exists. */
  clientUpdatedAt: Date;
  header: Row;
  lines: Row[];
  payments: Row[];
  taxes: Row[];
}

/** The invoice's `clienteId`: the id the client's upsert (`c`) returns. */
export const CLIENT_ID: SQL = sql`(select id from c)`;

/** Drizzle's text of the statement for these rows (values or placeholders). */
export function invoiceStatementSql(tx: DbOrTx, rows: InvoiceStatementRows): SQL {
  const client = clientsUpsertOf(tx, [rows.client as never], rows.clientUpdatedAt);
  const insert = (name: string, table: PgTable, values: Row[]) =>
    sql`${sql.raw(name)} as (${tx
      .insert(table)
      .values(values as never)
      .getSQL()})`;
  const parts = [
    sql`c as (${client.getSQL()})`,
    insert('f', facturas, [rows.header]),
    insert('l', facturaLineas, rows.lines),
  ];
  // An insert of no rows is not SQL: payments and taxes are parts only when there are some.
  if (rows.payments.length > 0) parts.push(insert('p', facturaPagos, rows.payments));
  if (rows.taxes.length > 0) parts.push(insert('g', facturaGravamenes, rows.taxes));
  // Every part runs to completion whether read or not; the foreign keys are checked at the statement's
  // end, when the invoice's row exists.
  return sql`with ${sql.join(parts, sql`, `)} select 1`;
}

interface Template {
  text: string;
  /** For each parameter of the text, the index of its value among the invoice's and its column. */
  slots: Array<{ index: number; encoder: Encoder }>;
}

/** Bounded: a shape is mostly a number of lines; a burst of odd shapes only empties the cache. */
const MAX_TEMPLATES = 512;
const templates = new Map<string, Template>();

/** The parts in a fixed order, each row's values in its keys' order. */
function partsOf(rows: InvoiceStatementRows): Row[][] {
  return [
    [rows.client, { updatedAt: rows.clientUpdatedAt }],
    [rows.header],
    rows.lines,
    rows.payments,
    rows.taxes,
  ];
}

/** The text (built once per shape) and the encoded values of this invoice's statement. */
export function invoiceStatement(tx: DbOrTx, rows: InvoiceStatementRows): { sql: string; params: unknown[] } {
  completeDocumentClientRow(rows.client);
  fillComputedDefaults(facturas, rows.header);
  for (const r of rows.lines) fillComputedDefaults(facturaLineas, r);
  for (const r of rows.payments) fillComputedDefaults(facturaPagos, r);
  for (const r of rows.taxes) fillComputedDefaults(facturaGravamenes, r);
  const values: unknown[] = [];
  let key = '';
  for (const part of partsOf(rows)) {
    for (const row of part) {
      for (const k in row) {
        // The key names are part of the shape too, so that no other row can ever reuse a wrong text.
        const v = row[k];
        if (v === undefined) key += `${k}=u,`;
        else if (v === CLIENT_ID) key += `${k}=c,`;
        else {
          key += `${k},`;
          values.push(v);
        }
      }
      key += ';';
    }
    key += '/';
  }
  let template = templates.get(key);
  if (!template) {
    template = templateOf(tx, rows);
    if (templates.size >= MAX_TEMPLATES) templates.clear();
    templates.set(key, template);
  }
  const params = template.slots.map(({ index, encoder }) => {
    const v = values[index];
    return v === null ? null : encoder.mapToDriverValue(v);
  });
  return { sql: template.text, params };
}

/** Builds the shape's text with drizzle: each present value replaced by a placeholder named by its index. */
function templateOf(tx: DbOrTx, rows: InvoiceStatementRows): Template {
  let next = 0;
  const placeholders = (row: Row): Row => {
    const out: Row = {};
    for (const k in row) {
      const v = row[k];
      out[k] = v === undefined || v === CLIENT_ID ? v : sql.placeholder(String(next++));
    }
    return out;
  };
  const shaped: InvoiceStatementRows = {
    client: placeholders(rows.client),
    clientUpdatedAt: placeholders({ updatedAt: rows.clientUpdatedAt }).updatedAt as Date,
    header: placeholders(rows.header),
    lines: rows.lines.map(placeholders),
    payments: rows.payments.map(placeholders),
    taxes: rows.taxes.map(placeholders),
  };
  const dialect = (tx as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } })
    .dialect;
  const query = dialect.sqlToQuery(invoiceStatementSql(tx, shaped));
  const slots = query.params.map((p) => {
    if (!is(p, Param) || !is(p.value, Placeholder))
      throw new Error('El texto de la factura quedó con un valor fijo: no puede reutilizarse');
    return { index: Number(p.value.name), encoder: p.encoder as Encoder };
  });
  return { text: query.sql, slots };
}

/** Runs the statement in the caller's transaction, as `tx.execute` would after building it. */
export async function runInvoiceStatement(tx: DbOrTx, rows: InvoiceStatementRows): Promise<void> {
  const query = invoiceStatement(tx, rows);
  const session = (
    tx as unknown as {
      session: {
        prepareQuery(
          q: { sql: string; params: unknown[] },
          f: undefined,
          n: undefined,
          a: boolean,
        ): {
          execute(): Promise<unknown>;
        };
      };
    }
  ).session;
  await session.prepareQuery(query, undefined, undefined, false).execute();
}
