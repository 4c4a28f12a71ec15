// The purchase book (libro de compras) a company's accountant keeps beside the sales book (issue 12 item 2).
//
// Legal layout. Sources found and read (third-party reproductions; the official gazette was not in the
// library):
// - Reglamento de la Ley del IVA art. 75 "De los Libros de Compras", as quoted at
//   scribd.com/document/335582466 ("Informacion en General"): ordinary taxpayers register chronologically
//   and without delay (a) the date and number of the invoice, debit or credit note of each domestic or
//   foreign purchase of goods and services, and of the customs declaration filed for an import, and the
//   same data of vouchers and equivalent documents; (b) the seller's name, or company name, and RIF.
//   The rest of the article (totals, exempt/exonerated/non-subject purchases, base and tax, imports apart)
//   was not in the excerpts found: those columns follow the sales book's twin items (sales-book.ts) and
//   gerenciaytributos.blogspot.com/2022/10/cuales-datos-debemos-anotar-en-el-libro-de-compras-IVA.html
//   (title, period, the taxpayer's name and RIF on every sheet).
// - The IVA withheld to suppliers and the voucher number: Providencia SNAT/2015/0049 governs the
//   withholding itself (packages/fiscal/src/withholdings); its text on how the book shows it was not found.
//   We print, per purchase, the IVA withheld by this company's vouchers and their numbers (the matching
//   rule is in books.ts).
// Choices where the sources are silent or the record has no data:
// - A purchase record has no notes (spec 001 §3.10): the note columns are kept (art. 75 a) and stay empty.
// - A purchase line is only "exento" (no exonerated or non-subject flag, §3.10): one column holds the
//   purchases without tax credit (exentas, exoneradas, no sujetas) as the record knows them.
// - An import (tipoCompra IMPORTACION) records the customs declaration as its document (art. 75 a): its
//   number goes to the "N° Declaración de Importación" column and the type is IMP. The record stores no
//   separate import file (expediente) number.
// - Inactivated purchase records (eliminar, §4.6) are withdrawn records, not annulled documents: not listed.
// - Order: by invoice date, then the record's id (chronological, art. 75).
import type { DecimalInput } from '../money.ts';
import {
  BOOK_RATES,
  BookPartSums,
  type BookPartTotals,
  type BookRate,
  plusCents,
  RATE_AMOUNT_KEYS,
  RATE_COLUMNS,
  rateCells,
  rateKey,
  type WithheldIva,
  zeroRates,
} from './books.ts';

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
  base: Record<BookRate, string>;
  impuesto: Record<BookRate, string>;
  ivaRetenido: string;
  comprobanteRetencion: string;
}

const TWO_DECIMALS = /^-?\d+\.\d\d$/;
const cents = (v: string) => (TWO_DECIMALS.test(v) ? v : plusCents(v, '0'));

export function purchaseBookLine(source: PurchaseBookSource, numero: number): PurchaseBookLine {
  const base = zeroRates();
  const impuesto = zeroRates();
  for (const g of source.gravamenes) {
    const key = rateKey(g.alicuota);
    if (!key) continue;
    base[key] = plusCents(base[key], g.baseImponible);
    impuesto[key] = plusCents(impuesto[key], g.montoAlicuota);
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
    exento: cents(source.totalExento),
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
  totalGravamenes: Array<{ alicuota: string; baseImponible: string; montoAlicuota: string }>;
  totalIvaRetenido: string;
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
      totalGravamenes: BOOK_RATES.map((r) => ({
        alicuota: r,
        baseImponible: total.base[r],
        montoAlicuota: total.impuesto[r],
      })),
      totalIvaRetenido: total.ivaRetenido,
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
  { key: 'exento', titulo: 'Compras Exentas, Exoneradas o No Sujetas' },
  ...RATE_COLUMNS,
  { key: 'ivaRetenido', titulo: 'IVA Retenido al Proveedor' },
  { key: 'comprobanteRetencion', titulo: 'N° Comprobante de Retención' },
] as const;

export const PURCHASE_BOOK_AMOUNT_KEYS: ReadonlySet<string> = new Set([
  'importeTotal',
  'exento',
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
    ...rateCells(line),
    line.ivaRetenido,
    line.comprobanteRetencion,
  ];
}

export const PURCHASE_BOOK_FILES = {
  pdf: 'Libro_de_compras.pdf',
  excel: (timestamp: string) => `LibroCompras_${timestamp}.xlsx`,
} as const;
