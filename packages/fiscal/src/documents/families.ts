/**
 * The families of fiscal documents, declared once (issue 23 item 1): the key the kernel, the ledger,
 * the jobs, the public verification page and `isValidChecksum` use (spec 002 §7: `fact` invoice, `nota`
 * credit/debit note, `orden` delivery order or dispatch guide, `ret` withholding voucher) and each
 * family's names. Server and web read them from here; a new family is one more entry.
 */
export const DOCUMENT_FAMILIES = {
  fact: {
    /** The document kind as the e-mail log and the PDF model name it. */
    kind: 'FACTURA',
    /** The audit log's entity name. */
    auditEntity: 'factura',
    /** Other spellings `isValidChecksum` accepts. */
    aliases: ['factura'],
    /** How a report or a screen names one document of the family. */
    name: 'Factura',
    /** Shown as the signature's reason when the company signs with its own certificate. */
    signatureReason: 'Factura electrónica',
  },
  nota: {
    kind: 'NOTA',
    auditEntity: 'nota',
    aliases: [],
    name: 'Nota de Crédito / Débito',
    signatureReason: 'Nota de crédito o débito electrónica',
  },
  orden: {
    kind: 'ORDEN',
    auditEntity: 'orden',
    aliases: [],
    name: 'Orden de Entrega / Guía de Despacho',
    signatureReason: 'Orden de entrega o guía de despacho electrónica',
  },
  ret: {
    kind: 'RETENCION',
    auditEntity: 'retencion',
    aliases: ['retencion'],
    name: 'Comprobante de Retención',
    signatureReason: 'Comprobante de retención electrónico',
  },
} as const satisfies Record<
  string,
  { kind: string; auditEntity: string; aliases: readonly string[]; name: string; signatureReason: string }
>;

/** A family's key: 'fact' | 'nota' | 'orden' | 'ret'. */
export type TipoDoc = keyof typeof DOCUMENT_FAMILIES;

/** Every family's key, in declaration order (for `z.enum`, loops and job payloads). */
export const TIPOS_DOC = Object.keys(DOCUMENT_FAMILIES) as [TipoDoc, ...TipoDoc[]];

/** True when `value` names a declared family. */
export const isTipoDoc = (value: unknown): value is TipoDoc =>
  typeof value === 'string' && Object.hasOwn(DOCUMENT_FAMILIES, value);
