import pg from 'pg';

/**
 * Server-side prepared statements for node-postgres, chosen automatically: a parameterised statement
 * whose text this process sends a second time gets a name, and from then on each connection parses
 * and plans it once instead of on every call. The issuance path sends the same dozen statements for
 * every document, so this saves PostgreSQL's parse and plan (and node-postgres's Parse message) on
 * almost every statement it runs. PGlite runs in the process and is left as it is.
 *
 * Bounded: at most MAX_NAMED texts are named per process (each prepared at most once per connection),
 * texts longer than MAX_TEXT (a multi-row insert of hundreds of rows) never are, and a text seen only
 * once is forgotten after MAX_SEEN others. Statements without parameters (BEGIN, SAVEPOINT, scripts)
 * keep the simple protocol.
 *
 * Off with DATABASE_PREPARED_STATEMENTS=0: a pooler in transaction mode (PgBouncer before 1.21, or
 * without `max_prepared_statements`) hands each statement to any server connection, where a name
 * prepared on another one does not exist.
 */
const MAX_NAMED = 256;
const MAX_TEXT = 8_000;
const MAX_SEEN = 4_096;

export class StatementNames {
  private readonly named = new Map<string, string>();
  private seen = new Set<string>();

  /** The name for this text, or undefined while it is not (yet) worth preparing. */
  nameOf(text: string): string | undefined {
    const name = this.named.get(text);
    if (name !== undefined) return name;
    if (this.named.size >= MAX_NAMED || text.length > MAX_TEXT) return undefined;
    if (!this.seen.has(text)) {
      if (this.seen.size >= MAX_SEEN) this.seen = new Set();
      this.seen.add(text);
      return undefined;
    }
    this.seen.delete(text);
    const fresh = `sigece_${this.named.size + 1}`;
    this.named.set(text, fresh);
    return fresh;
  }

  get size(): number {
    return this.named.size;
  }
}

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/** A pg.Client class that names repeated parameterised statements (see above); one registry per pool. */
export function preparingClient(names: StatementNames): new () => pg.Client {
  class PreparingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads of query cannot be overridden one by one.
    override query(...args: QueryArgs): any {
      const [config, values] = args;
      if (typeof config === 'string') {
        if (Array.isArray(values) && values.length > 0) {
          const name = names.nameOf(config);
          if (name) args[0] = { name, text: config };
        }
      } else if (config !== null && typeof config === 'object' && !('submit' in config)) {
        const c = config as { name?: string; text?: unknown; values?: unknown[] };
        const params = Array.isArray(values) ? values : c.values;
        if (!c.name && typeof c.text === 'string' && params && params.length > 0) {
          const name = names.nameOf(c.text);
          if (name) args[0] = { ...c, name };
        }
      }
      // biome-ignore lint/suspicious/noExplicitAny: see above.
      return (super.query as (...a: QueryArgs) => any)(...args);
    }
  }
  return PreparingClient as unknown as new () => pg.Client;
}
