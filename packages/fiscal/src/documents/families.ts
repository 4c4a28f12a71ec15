/**
 * The families of fiscal documents, declared once: the key the kernel, the ledger,
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
    /**
     * The name of one document by its kind within the family (the note's type, the order's model, the
     * voucher's tax), upper-case; the first is the name of a document whose kind is unknown.
     */
    kindNames: {},
    /** Shown as the signature's reason when the company signs with its own certificate. */
    signatureReason: 'Factura electrónica',
  },
  nota: {
    kind: 'NOTA',
    auditEntity: 'nota',
    aliases: [],
    name: 'Nota de Crédito / Débito',
    kindNames: { CREDITO: 'Nota de Crédito', DEBITO: 'Nota de Débito' },
    signatureReason: 'Nota de crédito o débito electrónica',
  },
  orden: {
    kind: 'ORDEN',
    auditEntity: 'orden',
    aliases: [],
    name: 'Orden de Entrega / Guía de Despacho',
    kindNames: { ORDENENTREGA: 'Orden de Entrega', GUIADESPACHO: 'Guía de Despacho' },
    signatureReason: 'Orden de entrega o guía de despacho electrónica',
  },
  ret: {
    kind: 'RETENCION',
    auditEntity: 'retencion',
    aliases: ['retencion'],
    name: 'Comprobante de Retención',
    kindNames: { IVA: 'Comprobante de Retención IVA', ISLR: 'Comprobante de Retención ISLR' },
    signatureReason: 'Comprobante de retención electrónico',
  },
} as const satisfies Record<
  string,
  {
    kind: string;
    auditEntity: string;
    aliases: readonly string[];
    name: string;
    kindNames: Readonly<Record<string, string>>;
    signatureReason: string;
  }
>;

/** A family's key: 'fact' | 'nota' | 'orden' | 'ret'. */
export type TipoDoc = keyof typeof DOCUMENT_FAMILIES;

/** Every family's key, in declaration order (for `z.enum`, loops and job payloads). */
export const TIPOS_DOC = Object.keys(DOCUMENT_FAMILIES) as [TipoDoc, ...TipoDoc[]];

/** True when `value` names a declared family. */
export const isTipoDoc = (value: unknown): value is TipoDoc =>
  typeof value === 'string' && Object.hasOwn(DOCUMENT_FAMILIES, value);

/**
 * How the reports (SENIAT's, the assigned numbers) and the tax authority's portal name one numbered
 * document: by its family's key and its kind within the family (`kindNames`, any case), else the family's
 * first kind, else the family's name; an unknown key is named as it is. Providencia SNAT/2024/000102
 * (G.O. 43.032; sources.md S11, as integrators summarise it: the article's text was not found) counts
 * invoices, credit and debit notes, dispatch guides and withholding vouchers among the documents an
 * imprenta digital issues, so every SENIAT report names all of them.
 */
export function documentTypeName(tipoDoc: string, kind?: string | null): string {
  if (!isTipoDoc(tipoDoc)) return tipoDoc;
  const family = DOCUMENT_FAMILIES[tipoDoc];
  const names: Readonly<Record<string, string>> = family.kindNames;
  const own = kind ? names[kind.toUpperCase()] : undefined;
  return own ?? Object.values(names)[0] ?? family.name;
}
