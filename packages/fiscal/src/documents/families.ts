/**
 * The counters of the SENIAT summary (reports/seniat, one row per company), in its columns' order: each
 * kind of document feeds one (`seniat` of its family).
 */
export const SENIAT_COUNTERS = [
  'facturas',
  'notasCredito',
  'notasDebito',
  'ordenes',
  'guias',
  'retencionesIva',
  'retencionesIslr',
] as const;
export type SeniatCounter = (typeof SENIAT_COUNTERS)[number];

/**
 * The families of fiscal documents, declared once: the key the kernel, the ledger,
 * the jobs, the public verification page and `isValidChecksum` use (spec 002 §7: `fact` invoice, `nota`
 * credit/debit note, `orden` delivery order or dispatch guide, `ret` withholding voucher) and each
 * family's names, screen, integration routes, public read and SENIAT counters. Server and web derive
 * every list of families from here; CONTRIBUTING.md ("Add a document family") lists the other edits a
 * new family needs, each refused by the types, the lint or the family suite when left out.
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
    /**
     * The family's list screen (a path of the module catalog): who may read it sees the family's
     * documents' activity and looks them up by the ERP's number.
     */
    listScreen: '/facturacion/generales',
    /** The integration routes that issue and annul many documents: they take an Idempotency-Key. */
    integrationRoutes: {
      issue: '/v2/facturas/masivafacturacion',
      annul: '/v2/facturas/masivaAnularfacturacionXls',
    },
    /** The public read the verification page calls (`:id`): its answer is the family's public contract. */
    publicRoute: '/v2/facturas/getfacturacion/:id',
    /**
     * The SENIAT summary's counter (`SENIAT_COUNTERS`) each kind of `kindNames` feeds, and `counter` the one
     * of a document of any other kind (or of a family without kinds).
     */
    seniat: { counter: 'facturas', kinds: {} },
  },
  nota: {
    kind: 'NOTA',
    auditEntity: 'nota',
    aliases: [],
    name: 'Nota de Crédito / Débito',
    kindNames: { CREDITO: 'Nota de Crédito', DEBITO: 'Nota de Débito' },
    signatureReason: 'Nota de crédito o débito electrónica',
    listScreen: '/facturacion/generales/notas',
    integrationRoutes: {
      issue: '/v2/facturas/nota/masivanotas',
      annul: '/v2/facturas/nota/masivaanularnotas',
    },
    publicRoute: '/v2/facturas/nota/getNotaId/:id',
    seniat: { counter: 'notasCredito', kinds: { CREDITO: 'notasCredito', DEBITO: 'notasDebito' } },
  },
  orden: {
    kind: 'ORDEN',
    auditEntity: 'orden',
    aliases: [],
    name: 'Orden de Entrega / Guía de Despacho',
    kindNames: { ORDENENTREGA: 'Orden de Entrega', GUIADESPACHO: 'Guía de Despacho' },
    signatureReason: 'Orden de entrega o guía de despacho electrónica',
    listScreen: '/facturacion/OrdenesGuias',
    integrationRoutes: { issue: '/v2/ordenes/masivaordenes', annul: '/v2/ordenes/anular' },
    publicRoute: '/v2/ordenes/getOrdenId/:id',
    seniat: { counter: 'ordenes', kinds: { ORDENENTREGA: 'ordenes', GUIADESPACHO: 'guias' } },
  },
  ret: {
    kind: 'RETENCION',
    auditEntity: 'retencion',
    aliases: ['retencion'],
    name: 'Comprobante de Retención',
    kindNames: { IVA: 'Comprobante de Retención IVA', ISLR: 'Comprobante de Retención ISLR' },
    signatureReason: 'Comprobante de retención electrónico',
    listScreen: '/retenciones/iva-islr',
    integrationRoutes: {
      issue: '/v2/retenciones/createRetencionIvaMasiva',
      annul: '/v2/retenciones/anularMasivaRetencionesIva',
    },
    publicRoute: '/v2/retenciones/getRetencionId/:id',
    seniat: { counter: 'retencionesIva', kinds: { IVA: 'retencionesIva', ISLR: 'retencionesIslr' } },
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
    listScreen: string;
    integrationRoutes: { issue: string; annul: string };
    publicRoute: string;
    seniat: { counter: SeniatCounter; kinds: Readonly<Record<string, SeniatCounter>> };
  }
>;

/** A family's key: 'fact' | 'nota' | 'orden' | 'ret'. */
export type TipoDoc = keyof typeof DOCUMENT_FAMILIES;

/** Every family's key, in declaration order (for `z.enum`, loops and job payloads). */
export const TIPOS_DOC = Object.keys(DOCUMENT_FAMILIES) as [TipoDoc, ...TipoDoc[]];

/** Words in a Spanish list: 'a', 'a o b', 'a, b o c'. */
const spanishList = (words: readonly string[]): string =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} o ${words[words.length - 1]}`;

/** The message of a `tipoDoc` that names no family: 'tipoDoc debe ser fact, nota, orden o ret'. */
export const TIPO_DOC_MESSAGE = `tipoDoc debe ser ${spanishList(TIPOS_DOC)}`;

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

/**
 * The SENIAT summary's counter a numbered document feeds: its kind's within the family (any case), else
 * the family's; undefined for a key that names no family.
 */
export function seniatCounterOf(tipoDoc: string, kind?: string | null): SeniatCounter | undefined {
  if (!isTipoDoc(tipoDoc)) return undefined;
  const { seniat } = DOCUMENT_FAMILIES[tipoDoc];
  const kinds: Readonly<Record<string, SeniatCounter>> = seniat.kinds;
  return (kind ? kinds[kind.toUpperCase()] : undefined) ?? seniat.counter;
}
