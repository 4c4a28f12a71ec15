/** The rows of a raw `db.execute` result, whichever driver answered (PGlite and node-postgres differ). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}
