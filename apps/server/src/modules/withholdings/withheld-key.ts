/**
 * The key of one withheld supplier document (supplier, model, document or note number, control number,
 * type), by which the mass load finds a voucher's documents already withheld. Pure, so the load's parse
 * thread uses it without loading the withholdings' tables.
 */
export interface WithheldDocument {
  rifProveedor: string;
  modelo: string;
  nroDocumento?: string | null;
  nroNota?: string | null;
  nroControlDocumento: string;
  tipoTransaccion?: string | null;
}

export const withheldDocumentKey = (d: WithheldDocument) =>
  [
    d.rifProveedor,
    d.modelo,
    d.nroDocumento ?? '',
    d.nroNota ?? '',
    d.nroControlDocumento,
    d.tipoTransaccion ?? '',
  ].join('|');
