// The purchase book (libro de compras) a company's accountant keeps beside the sales book
// (RLIVA art. 75).
//
// Legal layout: Reglamento de la Ley del IVA (Decreto 5.212, G.O. 38.617 of 01-02-2007; "RLIVA") art. 75,
// read whole in SENIAT's "Impuesto al Valor Agregado – Libros" (LIVA art. 56, RLIVA arts. 70–78; sources.md
// S2, odoo-venezuela/odoo-venezuela l10n_ve_withholding_iva/files/IVA_LIBROS.pdf). Ordinary taxpayers register
// chronologically and without delay:
// - (a) the date and number of the invoice, debit or credit note of each domestic or foreign purchase, and
//   of the customs declaration of an import;
// - (b) the seller's name or company name; (c) the seller's RIF;
// - (d) imports: their total, "discriminando las gravadas, exentas o exoneradas", with the crédito fiscal of
//   the taxed ones, separately per rate;
// - (e) domestic purchases: their total, "discriminando las gravadas, exentas, exoneradas o no sujetas al
//   impuesto o sin derecho a crédito fiscal", with the crédito fiscal of the taxed ones, per rate.
// Hence one column each for exempt, exonerated, not-subject and without-right-to-credit purchases (at
// first one column held them all), and the bases and crédito fiscal per rate.
// - Closing paragraph (same source): at month end, in both books, a summary of the period: base and tax
//   adjusted with the additions and deductions, the crédito fiscal, the exempt, exonerated and not-subject
//   amounts: purchaseBookResumen below, printed under the PDF and the spreadsheet.
// - The IVA withheld to suppliers and the voucher number: Providencia SNAT/2015/0049 governs the withholding
//   itself (packages/fiscal/src/withholdings); its text on how the book shows it was not found. We print, per
//   purchase, the IVA withheld by this company's vouchers and their numbers (the matching rule is in books.ts).
// Choices where the sources are silent or the record has no data:
// - Which column a line goes to is the line's tratamientoIva (purchases/schemas.ts): untaxed lines (exento,
//   or rate 0) are EXENTO, EXONERADO or NO_SUJETO, EXENTO when unmarked, except an unmarked rate-0 line that
//   is not flagged exento, which is not subject (as the sales book treats the untaxed rest); taxed lines are
//   with right to credit unless SIN_DERECHO (Ley del IVA art. 33: only purchases for the taxed activity give
//   crédito fiscal). A SIN_DERECHO line's base and IVA both go to the 'sin derecho' column, as the IVA paid
//   is a cost there, not a credit; its tax is its rate's share of the stored tax (base × rate, rounded).
// - A purchase record has no notes (spec 001 §3.10): the note columns are kept (art. 75 a) and stay empty,
//   and the summary's adjustments by notes are 0.00.
// - An import (tipoCompra IMPORTACION) records the customs declaration as its document (art. 75 a): its
//   number goes to the "N° Declaración de Importación" column and the type is IMP. The record stores no
//   separate import file (expediente) number.
// - Inactivated purchase records (eliminar, §4.6) are withdrawn records, not annulled documents: not listed.
// - Order: by invoice date, then the record's id (chronological, art. 75).
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

/** A stored purchase line as the book reads it (the record's jsonb lineas). */
export interface PurchaseBookSourceLine {
  exento: boolean;
  alicuota: string;
  importe: string;
  tratamientoIva?: 'EXENTO' | 'EXONERADO' | 'NO_SUJETO' | 'SIN_DERECHO';
}

/** A purchase record as the purchases module hands it to the book (amounts in bolívares). */
export interface PurchaseBookSource {
  /** yyyy-MM-dd. */
  fechaFactura: string;
  rif: string;
  nombre: string;
  nroFactura: string;
  nroControl: string;
  tipoCompra: string;
  totalExento: string;
  importeTotal: string;
  gravamenes: ReadonlyArray<{ alicuota: DecimalInput; baseImponible: string; montoAlicuota: string }>;
  /** The lines, to split the untaxed amounts by column; without them totalExento is all exempt. */
  lineas?: ReadonlyArray<PurchaseBookSourceLine>;
  retenido: WithheldIva | null;
}

export type PurchaseBookDocumentType = 'FAC' | 'IMP';

export interface PurchaseBookLine {
  numero: number;
  /** dd/MM/yyyy. */
  fecha: string;
  tipo: PurchaseBookDocumentType;
  rif: string;
  nombre: string;
  nroFactura: string;
  nroControl: string;
  nroNotaDebito: string;
  nroNotaCredito: string;
  facturaAfectada: string;
  nroImportacion: string;
  importeTotal: string;
  exento: string;
  exonerado: string;
  noSujeto: string;
  /** Base and IVA of the purchases whose IVA gives no crédito fiscal. */
  sinDerecho: string;
  /** Bases and crédito fiscal per rate (the purchases with right to credit). */
  base: Record<BookRate, string>;
  impuesto: Record<BookRate, string>;
  ivaRetenido: string;
  comprobanteRetencion: string;
}

const TWO_DECIMALS = /^-?\d+\.\d\d$/;
const cents = (v: string) => (TWO_DECIMALS.test(v) ? v : plusCents(v, '0'));

/** The untaxed amounts of a purchase by column, and the bases per rate of its lines without right to credit. */
function splitLines(lines: ReadonlyArray<PurchaseBookSourceLine>) {
  const untaxed = { exento: [] as string[], exonerado: [] as string[], noSujeto: [] as string[] };
  const withoutCredit = zeroRates();
  for (const l of lines) {
    if (l.exento || dec(l.alicuota).isZero()) {
      const column =
        l.tratamientoIva === 'EXONERADO'
          ? 'exonerado'
          : l.tratamientoIva === 'NO_SUJETO' || (!l.exento && l.tratamientoIva !== 'EXENTO')
            ? 'noSujeto'
            : 'exento';
      untaxed[column].push(l.importe);
    } else if (l.tratamientoIva === 'SIN_DERECHO') {
      const key = rateKey(l.alicuota);
      if (key) withoutCredit[key] = plusCents(withoutCredit[key], l.importe);
    }
  }
  return {
    exento: sumCents(...untaxed.exento),
    exonerado: sumCents(...untaxed.exonerado),
    noSujeto: sumCents(...untaxed.noSujeto),
    withoutCredit,
  };
}

export function purchaseBookLine(source: PurchaseBookSource, numero: number): PurchaseBookLine {
  const base = zeroRates();
  const impuesto = zeroRates();
  for (const g of source.gravamenes) {
    const key = rateKey(g.alicuota);
    if (!key) continue;
    base[key] = plusCents(base[key], g.baseImponible);
    impuesto[key] = plusCents(impuesto[key], g.montoAlicuota);
  }
  const split = source.lineas
    ? splitLines(source.lineas)
    : { exento: cents(source.totalExento), exonerado: ZERO, noSujeto: ZERO, withoutCredit: zeroRates() };
  // Lines without right to credit leave the credit columns: their base, and their rate's tax on it.
  const sinDerecho: string[] = [];
  for (const r of BOOK_RATES) {
    const sdBase = split.withoutCredit[r];
    if (sdBase === ZERO) continue;
    const stored = impuesto[r];
    const share = money(round2(dec(sdBase).times(r).div(100)));
    // Never more than the stored tax of the rate (each is the rate on a base rounded to the cent).
    const sdTax = toCents(share) > toCents(stored) ? stored : share;
    base[r] = plusCents(base[r], `-${sdBase}`);
    impuesto[r] = plusCents(stored, `-${sdTax}`);
    sinDerecho.push(sdBase, sdTax);
  }
  const imported = source.tipoCompra === 'IMPORTACION';
  const [y, m, d] = source.fechaFactura.slice(0, 10).split('-');
  return {
    numero,
    fecha: `${d}/${m}/${y}`,
    tipo: imported ? 'IMP' : 'FAC',
    rif: source.rif,
    nombre: source.nombre,
    nroFactura: imported ? '' : source.nroFactura,
    nroControl: source.nroControl,
    nroNotaDebito: '',
    nroNotaCredito: '',
    facturaAfectada: '',
    nroImportacion: imported ? source.nroFactura : '',
    importeTotal: cents(source.importeTotal),
    exento: split.exento,
    exonerado: split.exonerado,
    noSujeto: split.noSujeto,
    sinDerecho: sumCents(...sinDerecho),
    base,
    impuesto,
    ivaRetenido: source.retenido?.monto ?? '',
    comprobanteRetencion: source.retenido?.comprobantes ?? '',
  };
}

/** The answer's summary (ours: the spec has no purchase book), internal purchases apart from imports. */
export interface PurchaseBookSummary {
  documentos: number;
  internas: number;
  importaciones: number;
  totalCompras: string;
  totalExento: string;
  /** RLIVA art. 75 d–e: the untaxed purchases by kind. */
  totalExonerado: string;
  totalNoSujeto: string;
  totalSinDerecho: string;
  totalGravamenes: Array<{ alicuota: string; baseImponible: string; montoAlicuota: string }>;
  totalIvaRetenido: string;
  /** The month-end summary of crédito fiscal (purchaseBookResumen). */
  resumen: BookSummaryRow[];
}

const RATE_NAMES: Record<BookRate, string> = {
  '16': 'alícuota general 16%',
  '8': 'alícuota reducida 8%',
  '31': 'alícuota general más adicional 31%',
};

/**
 * The month-end summary of the purchase book (RLIVA art. 75 and the closing paragraph of SENIAT's "IVA –
 * Libros", sources.md S2): the untaxed domestic purchases by kind (exempt, exonerated, not subject, without
 * right to credit), the untaxed imports, the taxed imports and the taxed domestic purchases per rate with
 * their crédito fiscal, the adjustments by debit and credit notes (0.00: a purchase record has no notes),
 * the total crédito fiscal of the period, and the IVA this company withheld from its suppliers. The rows
 * follow the purchases part of SENIAT's monthly IVA return (Forma 30), which the summary must match.
 */
export function purchaseBookResumen(parts: {
  internas: BookPartTotals;
  importaciones: BookPartTotals;
  total: BookPartTotals;
}): BookSummaryRow[] {
  const { internas, importaciones, total } = parts;
  const row = (concepto: string, baseImponible: string, impuesto = ZERO): BookSummaryRow => ({
    concepto,
    baseImponible,
    impuesto,
  });
  return [
    row('Compras internas exentas', internas.exento),
    row('Compras internas exoneradas', internas.exonerado),
    row('Compras internas no sujetas', internas.noSujeto),
    row('Compras sin derecho a crédito fiscal', total.sinDerecho),
    row(
      'Importaciones exentas, exoneradas o no sujetas',
      sumCents(importaciones.exento, importaciones.exonerado, importaciones.noSujeto),
    ),
    ...BOOK_RATES.map((r) =>
      row(`Importaciones gravadas, ${RATE_NAMES[r]}`, importaciones.base[r], importaciones.impuesto[r]),
    ),
    ...BOOK_RATES.map((r) =>
      row(`Compras internas gravadas, ${RATE_NAMES[r]}`, internas.base[r], internas.impuesto[r]),
    ),
    row('Ajustes por notas de débito', ZERO),
    row('Ajustes por notas de crédito', ZERO),
    row(
      'Total crédito fiscal del período',
      sumCents(...BOOK_RATES.map((r) => total.base[r])),
      sumCents(...BOOK_RATES.map((r) => total.impuesto[r])),
    ),
    row('IVA retenido a los proveedores', ZERO, total.ivaRetenido),
  ];
}

export class PurchaseBookTotals {
  private readonly internal = new BookPartSums();
  private readonly imports = new BookPartSums();
  private readonly all = new BookPartSums();

  add(line: PurchaseBookLine): void {
    (line.tipo === 'IMP' ? this.imports : this.internal).add(line);
    this.all.add(line);
  }

  /** The closing rows: internal purchases, imports, and the whole book. */
  parts(): { internas: BookPartTotals; importaciones: BookPartTotals; total: BookPartTotals } {
    return {
      internas: this.internal.totals(),
      importaciones: this.imports.totals(),
      total: this.all.totals(),
    };
  }

  summary(): PurchaseBookSummary {
    const { internas, importaciones, total } = this.parts();
    return {
      documentos: total.documentos,
      internas: internas.documentos,
      importaciones: importaciones.documentos,
      totalCompras: total.importeTotal,
      totalExento: total.exento,
      totalExonerado: total.exonerado,
      totalNoSujeto: total.noSujeto,
      totalSinDerecho: total.sinDerecho,
      totalGravamenes: BOOK_RATES.map((r) => ({
        alicuota: r,
        baseImponible: total.base[r],
        montoAlicuota: total.impuesto[r],
      })),
      totalIvaRetenido: total.ivaRetenido,
      resumen: purchaseBookResumen({ internas, importaciones, total }),
    };
  }
}

/** The book's columns, in order, with their headings (the PDF and the spreadsheet print the same). */
export const PURCHASE_BOOK_COLUMNS = [
  { key: 'numero', titulo: 'N°' },
  { key: 'fecha', titulo: 'Fecha' },
  { key: 'tipo', titulo: 'Tipo Doc.' },
  { key: 'rif', titulo: 'RIF Proveedor' },
  { key: 'nombre', titulo: 'Nombre o Razón Social del Proveedor' },
  { key: 'nroFactura', titulo: 'N° Factura' },
  { key: 'nroControl', titulo: 'N° Control' },
  { key: 'nroNotaDebito', titulo: 'N° Nota Débito' },
  { key: 'nroNotaCredito', titulo: 'N° Nota Crédito' },
  { key: 'facturaAfectada', titulo: 'Factura Afectada' },
  { key: 'nroImportacion', titulo: 'N° Declaración de Importación' },
  { key: 'importeTotal', titulo: 'Total Compras con IVA' },
  { key: 'exento', titulo: 'Compras Exentas' },
  { key: 'exonerado', titulo: 'Compras Exoneradas' },
  { key: 'noSujeto', titulo: 'Compras No Sujetas' },
  { key: 'sinDerecho', titulo: 'Compras sin Derecho a Crédito Fiscal' },
  ...RATE_COLUMNS,
  { key: 'ivaRetenido', titulo: 'IVA Retenido al Proveedor' },
  { key: 'comprobanteRetencion', titulo: 'N° Comprobante de Retención' },
] as const;

export const PURCHASE_BOOK_AMOUNT_KEYS: ReadonlySet<string> = new Set([
  'importeTotal',
  'exento',
  'exonerado',
  'noSujeto',
  'sinDerecho',
  ...RATE_AMOUNT_KEYS,
  'ivaRetenido',
]);

/** A line's cells in PURCHASE_BOOK_COLUMNS order (amounts as their 2-decimal text). */
export function purchaseBookCells(line: PurchaseBookLine): string[] {
  return [
    String(line.numero),
    line.fecha,
    line.tipo,
    line.rif,
    line.nombre,
    line.nroFactura,
    line.nroControl,
    line.nroNotaDebito,
    line.nroNotaCredito,
    line.facturaAfectada,
    line.nroImportacion,
    line.importeTotal,
    line.exento,
    line.exonerado,
    line.noSujeto,
    line.sinDerecho,
    ...rateCells(line),
    line.ivaRetenido,
    line.comprobanteRetencion,
  ];
}

export const PURCHASE_BOOK_FILES = {
  pdf: 'Libro_de_compras.pdf',
  excel: (timestamp: string) => `LibroCompras_${timestamp}.xlsx`,
} as const;
