// The sales book (libro de ventas) a company's accountant closes every month with (issue 12 item 1,
// spec 002 §2.6, §3 Reports, §7 Reports).
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
// the items the sources above list. IVA withheld by the buyer (and its voucher) is not a column yet: the
// withholdings issue stores those vouchers and adds the column when it lands.
import { type DecimalInput, dec, money, round2 } from '../money.ts';

/** The IVA rates the product issues (spec 002 §9: 8 reduced, 16 general, 31 general plus luxury). */
export const SALES_BOOK_RATES = ['16', '8', '31'] as const;
export type SalesBookRate = (typeof SALES_BOOK_RATES)[number];

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
  rifTercero: string;
  importeTotal: string;
  exento: string;
  exonerado: string;
  base: Record<SalesBookRate, string>;
  impuesto: Record<SalesBookRate, string>;
}

const ZERO = '0.00';
const zeroRates = (): Record<SalesBookRate, string> => ({ '16': ZERO, '8': ZERO, '31': ZERO });

/** A rate as the book's key: 16, 16.00 and '16' are one column. */
export function rateKey(alicuota: DecimalInput): SalesBookRate | null {
  const key = dec(alicuota).toFixed(0);
  return (SALES_BOOK_RATES as readonly string[]).includes(key) && dec(alicuota).eq(key)
    ? (key as SalesBookRate)
    : null;
}

/**
 * An amount of the document in bolívares: foreign-currency documents are converted at the document's own
 * exchange rate and rounded half up to the cent, as their PDF prints them (invoices/document.ts).
 */
export function toBolivares(amount: DecimalInput, moneda: string, tasaCambio: string | null): string {
  if (moneda === 'VEF' || moneda === 'VES' || !tasaCambio) return money(amount);
  return money(round2(dec(amount).times(tasaCambio)));
}

/** The book's line of one document (its position `numero` in the book, from 1). */
export function salesBookLine(source: SalesBookSource, numero: number): SalesBookLine {
  const sign = source.tipo === 'N/C' ? -1 : 1;
  const bs = (v: DecimalInput) =>
    source.anulado ? ZERO : money(dec(toBolivares(v, source.moneda, source.tasaCambio)).times(sign));
  const base = zeroRates();
  const impuesto = zeroRates();
  for (const g of source.gravamenes) {
    const key = rateKey(g.alicuota);
    if (!key) continue;
    base[key] = money(dec(base[key]).plus(bs(g.baseImponible)));
    impuesto[key] = money(dec(impuesto[key]).plus(bs(g.montoAlicuota)));
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
    rifTercero: source.terceros?.rif ?? '',
    importeTotal: bs(source.importeTotal),
    exento: bs(source.totalExento),
    exonerado: bs(source.totalExonerado),
    base,
    impuesto,
  };
}

interface PartTotals {
  documentos: number;
  importeTotal: string;
  exento: string;
  exonerado: string;
  base: Record<SalesBookRate, string>;
  impuesto: Record<SalesBookRate, string>;
}

const emptyPart = (): PartTotals => ({
  documentos: 0,
  importeTotal: ZERO,
  exento: ZERO,
  exonerado: ZERO,
  base: zeroRates(),
  impuesto: zeroRates(),
});

function addTo(part: PartTotals, line: SalesBookLine): void {
  part.documentos += 1;
  part.importeTotal = money(dec(part.importeTotal).plus(line.importeTotal));
  part.exento = money(dec(part.exento).plus(line.exento));
  part.exonerado = money(dec(part.exonerado).plus(line.exonerado));
  for (const r of SALES_BOOK_RATES) {
    part.base[r] = money(dec(part.base[r]).plus(line.base[r]));
    part.impuesto[r] = money(dec(part.impuesto[r]).plus(line.impuesto[r]));
  }
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
}

const perRate = (part: PartTotals) =>
  SALES_BOOK_RATES.map((r) => ({
    alicuota: r,
    baseImponible: part.base[r],
    montoAlicuota: part.impuesto[r],
  }));

/** Running totals of the book, fed line by line (the rows are streamed, never all held at once). */
export class SalesBookTotals {
  private readonly own = emptyPart();
  private readonly thirdParty = emptyPart();

  add(line: SalesBookLine): void {
    addTo(line.terceros ? this.thirdParty : this.own, line);
  }

  /** The totals of the company's own sales, then of third parties' (the book's two closing rows). */
  parts(): { own: Readonly<PartTotals>; thirdParty: Readonly<PartTotals> } {
    return { own: this.own, thirdParty: this.thirdParty };
  }

  summary(): SalesBookSummary {
    return {
      consolidado: this.own.documentos + this.thirdParty.documentos,
      SinTerceros: this.own.documentos,
      ConTerceros: this.thirdParty.documentos,
      totalFacturas: {
        totalExentoSinTerceros: this.own.exento,
        totalExoneradoSinTerceros: this.own.exonerado,
        totalImporteTotalSinTerceros: this.own.importeTotal,
      },
      totalGravamenes: perRate(this.own),
      AcumuladoImporteTerceros: this.thirdParty.importeTotal,
      AcumuladoGravamenTerceros: perRate(this.thirdParty),
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
  { key: 'base16', titulo: 'Base Imponible 16%' },
  { key: 'iva16', titulo: 'IVA 16%' },
  { key: 'base8', titulo: 'Base Imponible 8%' },
  { key: 'iva8', titulo: 'IVA 8%' },
  { key: 'base31', titulo: 'Base Imponible 31%' },
  { key: 'iva31', titulo: 'IVA 31%' },
] as const;

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
    line.base['16'],
    line.impuesto['16'],
    line.base['8'],
    line.impuesto['8'],
    line.base['31'],
    line.impuesto['31'],
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
