/**
 * How errors are written to the log (the logger's `err` serializer). A database error carries the values
 * of its statement: Drizzle's message and `params`, PGlite's `params`, PostgreSQL's `detail` ("Key
 * (correo)=(ana@…)", "Failing row contains (…)") and values quoted in some messages. Client names, e-mails
 * and RIFs must not reach the log, so for those errors only the SQL text, the error code and the names of
 * the objects involved are kept.
 */

/** What PostgreSQL and PGlite errors say that names things, never values. */
const NAMING_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine'];
const MAX_CAUSES = 5;

type Loggable = Record<string, unknown>;
/** The shape pino and Fastify expect from an `err` serializer. */
export type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

function isDatabaseError(error: Loggable): boolean {
  return (
    'query' in error ||
    'params' in error ||
    (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && 'severity' in error)
  );
}

/** Drizzle appends "\nparams: …" to its message; quoted values are cut unless they name an object. */
function safeMessage(error: Loggable, names: Set<string>): string {
  const message = String(error.message ?? '').split('\nparams:')[0];
  if ('query' in error) return message;
  return message.replace(/"([^"]*)"/g, (quoted, inner: string) => (names.has(inner) ? quoted : '"…"'));
}

function frames(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

export function serializeError(value: Error, depth = 0): LoggedError {
  const error = value as unknown as Loggable;
  const type = value.constructor?.name ?? value.name;
  const cause =
    value.cause instanceof Error && depth < MAX_CAUSES ? serializeError(value.cause, depth + 1) : undefined;
  if (!isDatabaseError(error) && !(value.cause instanceof Error && isDatabaseError(value.cause as never))) {
    const plain: LoggedError = { type, message: value.message, stack: value.stack ?? '' };
    for (const [key, field] of Object.entries(error)) {
      if (key !== 'cause' && ['string', 'number', 'boolean'].includes(typeof field)) plain[key] = field;
    }
    if (cause !== undefined) plain.cause = cause;
    return plain;
  }
  const names = new Set(
    NAMING_FIELDS.map((field) => error[field]).filter((field): field is string => typeof field === 'string'),
  );
  const message = safeMessage(error, names);
  const safe: LoggedError = { type, message, stack: `${type}: ${message}\n${frames(value.stack)}` };
  if (typeof error.query === 'string') safe.query = error.query;
  for (const field of NAMING_FIELDS) if (error[field] !== undefined) safe[field] = error[field];
  if (cause !== undefined) safe.cause = cause;
  return safe;
}
