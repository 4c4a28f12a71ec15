import { sqlStateOf } from '../../../db/sql-state.ts';
import { AppError } from '../../../http/errors.ts';
import { DocumentRejected } from '../family.ts';

export { sqlStateOf };

/** A deadlock or serialisation failure: the whole transaction is retried. */
export const isRetryable = (error: unknown) => {
  const code = sqlStateOf(error);
  return code === '40P01' || code === '40001';
};

/**
 * Errors that concern the whole transaction, not one document: retryable conflicts (40), a transaction
 * already aborted (25), lost connections (08), the server shutting down or out of resources (57, 53,
 * 58), internal errors (XX). They are rethrown; the caller retries or fails the request.
 */
function concernsTransaction(code: string | undefined): boolean {
  return code !== undefined && /^(40|25|08|57|53|58|XX)/.test(code);
}

/** Spanish messages for what the database refuses in one document's data (never the SQL or its values). */
const BY_SQLSTATE: Record<string, string> = {
  '22003': 'Un monto, cantidad o tasa del documento excede el máximo permitido',
  '22001': 'Un texto del documento excede la longitud máxima permitida',
  '23514': 'Un valor del documento no cumple las reglas de validación',
  '23502': 'Falta un dato requerido del documento',
  '22P02': 'Un dato del documento tiene un formato no válido',
  '22007': 'Una fecha del documento no es válida',
  '22008': 'Una fecha del documento está fuera de rango',
  '23503': 'El documento hace referencia a un registro que no existe',
};

/**
 * What one document's failure says in the answer (contract: one bad document never stops the good
 * ones). A rejection says its own message; a unique violation is the family's "ya existe"; any other
 * database or program error raised inside the document's savepoint becomes a generic Spanish message
 * for that document. Null means the error concerns the whole transaction and must be rethrown.
 */
export function documentErrorMessage(error: unknown, duplicate: () => string): string | null {
  if (error instanceof DocumentRejected || error instanceof AppError) return error.message;
  const code = sqlStateOf(error);
  if (concernsTransaction(code)) return null;
  if (code === '23505') return duplicate();
  if (code && BY_SQLSTATE[code]) return BY_SQLSTATE[code];
  if (code?.startsWith('22') || code?.startsWith('23')) return 'El documento contiene un dato no válido';
  // A program error or an unexpected database error: logged without values, reported on the document.
  console.error('emisión: documento rechazado por un error inesperado:', code ?? (error as Error)?.name);
  return 'No se pudo registrar el documento: error interno al guardarlo';
}
