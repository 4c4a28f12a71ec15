// The sales book (libro de ventas) a company's accountant closes every month with
// (spec 002 §2.6, §3 Reports, §7 Reports).
//
// Legal layout. Sources found and read (third-party reproductions of the texts; the official gazettes
// were not in the library):
// - Ley del IVA art. 56 (quoted at gerenciaytributos.blogspot.com/2010/12/de-la-improcedencia-de-discriminar-en.html):
//   every operation is registered, taxable or not, including the invoices and the debit and credit notes
//   issued, in the calendar month of the operation (notes in the month they are issued).
// - Reglamento de la Ley del IVA art. 75 (libro de compras, quoted at scribd.com/document/335582466) and
//   its twin for the sales book: date and number of the invoice or note, the buyer's name and RIF, the
//   total of the sale, exempt/exonerated sales, and base and tax per rate, in chronological order.
// - Reglamento (as quoted at ro.scribd.com/document/463846711/Libro-de-compras-y-ventas): credit notes are
//   registered with a negative sign; third-party sales (ventas por cuenta de terceros) go in accounts of
//   their own, separate from the company's own sales.
// - Providencia SNAT/2011/00071 (already the basis of the control-number ledger, db/schema/issuance.ts):
//   invoices and notes share one consecutive control-number sequence, so the book lists them in the order
//   of their control numbers, each note beside the invoice it affects; an annulled document keeps its line
//   (its number was used) with zero amounts.
// The text of Reglamento arts. 70–72 itself could not be found in the library; the columns below follow
// the items the sources above list. The IVA withheld by the buyer is shown where the buyer is a company of
// this system that issued the voucher (the matching rule is in books.ts); a voucher issued elsewhere is
// unknown here, and the column stays empty.
//
// The columns, sections and summary, from SENIAT's "Impuesto al Valor Agregado – Libros" (LIVA art. 56, RLIVA
// arts. 70–78; sources.md S2, odoo-venezuela/odoo-venezuela l10n_ve_withholding_iva/files/IVA_LIBROS.pdf,
// read whole):
// - RLIVA art. 76: the operations with taxpayers and non-taxpayers, each with the taxable, exempt,
//   exonerated and not-subject amounts (bases and débito fiscal per rate), and (lit. e) "el valor FOB del
//   total de las operaciones de exportación" — the exports column.
// - RLIVA art. 78: sales to taxpayers and to non-taxpayers are registered separately: the book prints the
//   operations with taxpayers first, then those with non-taxpayers (final consumers), each with its totals.
//   Art. 77 lets operations with non-taxpayers be summed per day; sigece's documents are each a digital
//   invoice with its own number, so they are listed one by one (what art. 78 calls "de acuerdo con los
//   requisitos correspondientes a cada documento").
// - Closing paragraph: at month end a summary of the period: base and tax adjusted with the additions and
//   deductions (notes), the débito fiscal, the exempt, exonerated and not-subject sales and the exports.
// Who is a taxpayer: the regulation does not say how a seller knows; the Odoo localisation keeps a flag per
// partner (l10n_ve_fiscal_book fiscal_book.py: 'tp' if partner.vat_subjected else 'ntp'). The contract's
// client carries no such flag, so a buyer identified by a RIF of a legal person, public body or commune
// (J, G, C) is a taxpayer, and one identified as a natural person (V, E, P: cédula or passport) is a final
// consumer: our choice.
import { type DecimalInput, dec, money, round2 } from '../money.ts';
import {
  BOOK_RATES,
  BookPartSums,
  type BookPartTotals,
  type BookRate,
  type BookSummaryRow,
  plusCents,
  RATE_AMOUNT_KEYS,
  RATE_COLUMNS,
  rateCells,
  rateKey,
  sumCents,
  toCents,
  type WithheldIva,
  ZERO,
  zeroRates,
} from './books.ts';

/** The buyer's document types that make it a taxpayer (RLIVA arts. 76–78; our choice, see above). */
export const TAXPAYER_DOCUMENT_TYPES = ['J', 'G', 'C'] as const;

/** Whether the buyer of a document identified by `rif` (J-12345678-9, V12345678…) is a taxpayer. */
export function isTaxpayerBuyer(rif: string): boolean {
  return (TAXPAYER_DOCUMENT_TYPES as readonly string[]).includes(rif.trim().charAt(0).toUpperCase());
}

/** The IVA rates the product issues (spec 002 §9: 8 reduced, 16 general, 31 general plus luxury). */
export const SALES_BOOK_RATES = BOOK_RATES;
export type SalesBookRate = BookRate;

export type SalesBookDocumentType = 'FAC' | 'N/C' | 'N/D';

/** One invoice or note as the modules hand it to the book (amounts in the document's currency). */
export interface SalesBookSource {
  tipo: SalesBookDocumentType;
  fechaEmision: Date;
  rif: string;
  nombre: string;
  numero: string;
  nroControl: string;
  /** The affected invoice's number, for notes. */
  facturaAfectada: string | null;
  anulado: boolean;
  moneda: string;
  tasaCambio: string | null;
  totalExento: string;
  totalExonerado: string;
  importeTotal: string;
  gravamenes: ReadonlyArray<{ alicuota: DecimalInput; baseImponible: string; montoAlicuota: string }>;
  /** The third party the sale was made for (cuenta de terceros), or null for the company's own sale. */
  terceros: { rif: string; nombre: string } | null;
  /** The IVA the buyer withheld on this document, where a voucher of this system says so. */
  retenido?: WithheldIva | null;
  /** An invoice of tipoVenta EXPORTACION (its untaxed amount is the exports column's FOB value). */
  exportacion?: boolean;
}

/** One line of the book: every amount in bolívares, 2 decimals, credit notes negative, annulled zero. */
export interface SalesBookLine {
  numero: number;
  fecha: Date;
  tipo: SalesBookDocumentType;
  rif: string;
  nombre: string;
  nroDocumento: string;
  nroControl: string;
  nroNotaDebito: string;
  nroNotaCredito: string;
  facturaAfectada: string;
  estado: 'ANULADA' | 'EMITIDA';
  terceros: boolean;
  /** The buyer is a taxpayer (isTaxpayerBuyer): the book's first section, else the second. */
  contribuyente: boolean;
  rifTercero: string;
  importeTotal: string;
  exento: string;
  exonerado: string;
  /** Not subject to the tax: the untaxed rest of a domestic document that is neither exempt nor exonerated. */
  noSujeto: string;
  /** Exports at their FOB value: the untaxed amount of an EXPORTACION invoice. */
  exportacion: string;
  base: Record<SalesBookRate, string>;
  impuesto: Record<SalesBookRate, string>;
  /** IVA withheld by the buyer ('' when no voucher of this system withholds from it) and the vouchers. */
  ivaRetenido: string;
  comprobanteRetencion: string;
}

/**
 * An amount of the document in bolívares: foreign-currency documents are converted at the document's own
 * exchange rate and rounded half up to the cent, as their PDF prints them (invoices/document.ts).
 */
export function toBolivares(amount: DecimalInput, moneda: string, tasaCambio: string | null): string {
  if (moneda === 'VEF' || moneda === 'VES' || !tasaCambio)
    // Stored amounts already read "1234.50": no Decimal round trip for them (the book reads 50,000 a month).
    return typeof amount === 'string' && CENTS_TEXT.test(amount) ? amount : money(amount);
  return money(round2(dec(amount).times(tasaCambio)));
}

const CENTS_TEXT = /^-?\d+\.\d\d$/;
/** Integer cents as a 2-decimal text. */
function centsText(cents: bigint): string {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
const negated = (v: string) => (v.startsWith('-') ? v.slice(1) : v === ZERO ? v : `-${v}`);
/** a + b, both 2-decimal texts. */
const plus = (a: string, b: string) => (a === ZERO ? b : b === ZERO ? a : money(dec(a).plus(b)));

/** The book's line of one document (its position `numero` in the book, from 1). */
export function salesBookLine(source: SalesBookSource, numero: number): SalesBookLine {
  const credit = source.tipo === 'N/C';
  const bs = (v: DecimalInput) => {
    if (source.anulado) return ZERO;
    const amount = toBolivares(v, source.moneda, source.tasaCambio);
    return credit ? negated(amount) : amount;
  };
  const base = zeroRates();
  const impuesto = zeroRates();
  for (const g of source.gravamenes) {
    const key = rateKey(g.alicuota);
    if (!key) continue;
    base[key] = plus(base[key], bs(g.baseImponible));
    impuesto[key] = plus(impuesto[key], bs(g.montoAlicuota));
  }
  const total = bs(source.importeTotal);
  let exento = bs(source.totalExento);
  let exonerado = bs(source.totalExonerado);
  // What the total holds beyond exempt, exonerated, bases and taxes: not subject, or exports (FOB).
  let untaxed = toCents(total);
  for (const r of SALES_BOOK_RATES) untaxed -= toCents(base[r]) + toCents(impuesto[r]);
  let exportacion = ZERO;
  let noSujeto = ZERO;
  if (source.exportacion) {
    exportacion = centsText(untaxed);
    exento = ZERO;
    exonerado = ZERO;
  } else {
    noSujeto = centsText(untaxed - toCents(exento) - toCents(exonerado));
  }
  return {
    numero,
    fecha: source.fechaEmision,
    tipo: source.tipo,
    rif: source.rif,
    nombre: source.nombre,
    nroDocumento: source.tipo === 'FAC' ? source.numero : '',
    nroControl: source.nroControl,
    nroNotaDebito: source.tipo === 'N/D' ? source.numero : '',
    nroNotaCredito: source.tipo === 'N/C' ? source.numero : '',
    facturaAfectada: source.facturaAfectada ?? '',
    estado: source.anulado ? 'ANULADA' : 'EMITIDA',
    terceros: source.terceros !== null,
    contribuyente: isTaxpayerBuyer(source.rif),
    rifTercero: source.terceros?.rif ?? '',
    importeTotal: total,
    exento,
    exonerado,
    noSujeto,
    exportacion,
    base,
    impuesto,
    // An annulled document has zero amounts, its withholding included.
    ivaRetenido: source.retenido && !source.anulado ? source.retenido.monto : '',
    comprobanteRetencion: source.retenido && !source.anulado ? source.retenido.comprobantes : '',
  };
}

/** The answer's summary fields (spec 002 §3 Reports), the company's own sales apart from third parties'. */
export interface SalesBookSummary {
  consolidado: number;
  SinTerceros: number;
  ConTerceros: number;
  totalFacturas: {
    totalExentoSinTerceros: string;
    totalExoneradoSinTerceros: string;
    totalImporteTotalSinTerceros: string;
  };
  totalGravamenes: Array<{ alicuota: string; baseImponible: string; montoAlicuota: string }>;
  AcumuladoImporteTerceros: string;
  AcumuladoGravamenTerceros: Array<{ alicuota: string; baseImponible: string; montoAlicuota: string }>;
  /** IVA withheld by the buyers, own and third-party sales together (vouchers of this system only). */
  totalIvaRetenido: string;
  /** The month-end summary (salesBookResumen). */
  resumen: BookSummaryRow[];
}

const perRate = (part: BookPartTotals) =>
  SALES_BOOK_RATES.map((r) => ({
    alicuota: r,
    baseImponible: part.base[r],
    montoAlicuota: part.impuesto[r],
  }));

/** The book's two sections (RLIVA art. 78), in the order it prints them. */
export const SALES_BOOK_SECTIONS = [
  { contribuyente: true, titulo: 'OPERACIONES CON CONTRIBUYENTES' },
  { contribuyente: false, titulo: 'OPERACIONES CON NO CONTRIBUYENTES (CONSUMIDORES FINALES)' },
] as const;

/** The totals the month-end summary is made from: invoices, debit notes and credit notes apart. */
export interface SalesBookKinds {
  facturas: BookPartTotals;
  notasDebito: BookPartTotals;
  notasCredito: BookPartTotals;
}

const RATE_NAMES: Record<SalesBookRate, string> = {
  '16': 'alícuota general 16%',
  '8': 'alícuota reducida 8%',
  '31': 'alícuota general más adicional 31%',
};

/**
 * The month-end summary (IVA_LIBROS, closing paragraph; sources.md S2): the débito fiscal of the invoices
 * per rate, the exempt, exonerated and not-subject sales and the exports (invoices and notes, notes with
 * their sign), the adjustments by debit and credit notes (their bases and taxes), the total débito fiscal
 * of the period, and the IVA the buyers withheld. Amounts in Bs., credit notes negative.
 */
export function salesBookResumen(kinds: SalesBookKinds, ivaRetenido: string): BookSummaryRow[] {
  const { facturas, notasDebito, notasCredito } = kinds;
  const all = [facturas, notasDebito, notasCredito];
  const row = (concepto: string, baseImponible: string, impuesto = ZERO): BookSummaryRow => ({
    concepto,
    baseImponible,
    impuesto,
  });
  const notes = (p: BookPartTotals) => ({
    base: sumCents(...SALES_BOOK_RATES.map((r) => p.base[r])),
    iva: sumCents(...SALES_BOOK_RATES.map((r) => p.impuesto[r])),
  });
  const debit = notes(notasDebito);
  const credit = notes(notasCredito);
  return [
    ...SALES_BOOK_RATES.map((r) =>
      row(`Ventas internas gravadas, ${RATE_NAMES[r]}`, facturas.base[r], facturas.impuesto[r]),
    ),
    row('Ventas exentas', sumCents(...all.map((p) => p.exento))),
    row('Ventas exoneradas', sumCents(...all.map((p) => p.exonerado))),
    row('Ventas no sujetas', sumCents(...all.map((p) => p.noSujeto))),
    row('Exportaciones (valor FOB)', sumCents(...all.map((p) => p.exportacion))),
    row('Ajustes por notas de débito', debit.base, debit.iva),
    row('Ajustes por notas de crédito', credit.base, credit.iva),
    row(
      'Total débito fiscal del período',
      sumCents(...all.flatMap((p) => SALES_BOOK_RATES.map((r) => p.base[r]))),
      sumCents(...all.flatMap((p) => SALES_BOOK_RATES.map((r) => p.impuesto[r]))),
    ),
    row('IVA retenido por los compradores', ZERO, ivaRetenido || ZERO),
  ];
}

/** Running totals of the book, fed line by line (the rows are streamed, never all held at once). */
export class SalesBookTotals {
  private readonly own = new BookPartSums();
  private readonly thirdParty = new BookPartSums();
  private readonly taxpayers = new BookPartSums();
  private readonly consumers = new BookPartSums();
  private readonly invoices = new BookPartSums();
  private readonly debitNotes = new BookPartSums();
  private readonly creditNotes = new BookPartSums();

  add(line: SalesBookLine): void {
    (line.terceros ? this.thirdParty : this.own).add(line);
    (line.contribuyente ? this.taxpayers : this.consumers).add(line);
    (line.tipo === 'FAC' ? this.invoices : line.tipo === 'N/D' ? this.debitNotes : this.creditNotes).add(
      line,
    );
  }

  /** The totals of the company's own sales, then of third parties' (the book's two closing rows). */
  parts(): { own: BookPartTotals; thirdParty: BookPartTotals } {
    return { own: this.own.totals(), thirdParty: this.thirdParty.totals() };
  }

  /** The totals of one section (RLIVA art. 78): operations with taxpayers, or with non-taxpayers. */
  section(contribuyente: boolean): BookPartTotals {
    return (contribuyente ? this.taxpayers : this.consumers).totals();
  }

  kinds(): SalesBookKinds {
    return {
      facturas: this.invoices.totals(),
      notasDebito: this.debitNotes.totals(),
      notasCredito: this.creditNotes.totals(),
    };
  }

  summary(): SalesBookSummary {
    const { own, thirdParty } = this.parts();
    const totalIvaRetenido = plusCents(own.ivaRetenido, thirdParty.ivaRetenido);
    return {
      consolidado: own.documentos + thirdParty.documentos,
      SinTerceros: own.documentos,
      ConTerceros: thirdParty.documentos,
      totalFacturas: {
        totalExentoSinTerceros: own.exento,
        totalExoneradoSinTerceros: own.exonerado,
        totalImporteTotalSinTerceros: own.importeTotal,
      },
      totalGravamenes: perRate(own),
      AcumuladoImporteTerceros: thirdParty.importeTotal,
      AcumuladoGravamenTerceros: perRate(thirdParty),
      totalIvaRetenido,
      resumen: salesBookResumen(this.kinds(), totalIvaRetenido),
    };
  }
}

/** The book's columns, in order, with their headings (the PDF and the spreadsheet print the same). */
export const SALES_BOOK_COLUMNS = [
  { key: 'numero', titulo: 'N°' },
  { key: 'fecha', titulo: 'Fecha' },
  { key: 'tipo', titulo: 'Tipo Doc.' },
  { key: 'rif', titulo: 'RIF' },
  { key: 'nombre', titulo: 'Nombre o Razón Social' },
  { key: 'nroDocumento', titulo: 'N° Factura' },
  { key: 'nroControl', titulo: 'N° Control' },
  { key: 'nroNotaDebito', titulo: 'N° Nota Débito' },
  { key: 'nroNotaCredito', titulo: 'N° Nota Crédito' },
  { key: 'facturaAfectada', titulo: 'Factura Afectada' },
  { key: 'estado', titulo: 'Estado' },
  { key: 'rifTercero', titulo: 'RIF Tercero' },
  { key: 'importeTotal', titulo: 'Total Ventas con IVA' },
  { key: 'exento', titulo: 'Ventas Exentas' },
  { key: 'exonerado', titulo: 'Ventas Exoneradas' },
  { key: 'noSujeto', titulo: 'Ventas No Sujetas' },
  { key: 'exportacion', titulo: 'Exportaciones (FOB)' },
  ...RATE_COLUMNS,
  { key: 'ivaRetenido', titulo: 'IVA Retenido por el Comprador' },
  { key: 'comprobanteRetencion', titulo: 'N° Comprobante de Retención' },
] as const;

/** The columns holding amounts (the spreadsheet writes them as numbers). */
export const SALES_BOOK_AMOUNT_KEYS: ReadonlySet<string> = new Set([
  'importeTotal',
  'exento',
  'exonerado',
  'noSujeto',
  'exportacion',
  ...RATE_AMOUNT_KEYS,
  'ivaRetenido',
]);

/** The extended spreadsheet's extra columns: the document's own currency, rate and amount. */
export const SALES_BOOK_EXTENDED_COLUMNS = [
  { key: 'moneda', titulo: 'Moneda' },
  { key: 'tasaCambio', titulo: 'Tasa de Cambio' },
  { key: 'importeDivisa', titulo: 'Total en Moneda del Documento' },
  { key: 'nombreTercero', titulo: 'Nombre Tercero' },
] as const;

/** A line's cells in SALES_BOOK_COLUMNS order (amounts as their 2-decimal text). */
export function salesBookCells(line: SalesBookLine, fecha: string): string[] {
  return [
    String(line.numero),
    fecha,
    line.tipo,
    line.rif,
    line.nombre,
    line.nroDocumento,
    line.nroControl,
    line.nroNotaDebito,
    line.nroNotaCredito,
    line.facturaAfectada,
    line.estado,
    line.rifTercero,
    line.importeTotal,
    line.exento,
    line.exonerado,
    line.noSujeto,
    line.exportacion,
    ...rateCells(line),
    line.ivaRetenido,
    line.comprobanteRetencion,
  ];
}

/** The month's first and last day (yyyy-MM-dd) of the screen's month picker (months 1 to 12). */
export function monthRange(year: number, month: number): { fechaInicio: string; fechaFin: string } {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { fechaInicio: `${year}-${mm}-01`, fechaFin: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The months of the picker (spec 002 §2.6: 1 to 12, Enero to Diciembre). */
export const MONTHS = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

export const SALES_BOOK_FILES = {
  pdf: 'Libro_de_ventas.pdf',
  excel: (timestamp: string) => `LibroVentas_${timestamp}.xlsx`,
  extended: (timestamp: string) => `LibroVentas_Extendido_${timestamp}.xlsx`,
} as const;

/** The {timestamp} of downloaded file names: the Caracas date and time, yyyyMMdd_HHmmss. */
export function fileTimestamp(at: Date): string {
  const caracas = new Date(at.getTime() - 4 * 3_600_000).toISOString();
  return `${caracas.slice(0, 10).replaceAll('-', '')}_${caracas.slice(11, 19).replaceAll(':', '')}`;
}
