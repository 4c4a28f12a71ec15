/**
 * What a renderable fiscal document is: the one shape every document type (invoice, credit and debit
 * note, delivery order, dispatch guide, withholding voucher) is mapped to before `renderPdf`.
 *
 * Every amount is an exact decimal string ("1234.50"); the layout formats them for display only
 * ("1.234,50") and never does float arithmetic on them.
 */

export type FiscalDocumentKind =
  | 'FACTURA'
  | 'NOTA_CREDITO'
  | 'NOTA_DEBITO'
  | 'ORDEN_ENTREGA'
  | 'GUIA_DESPACHO'
  | 'RETENCION_IVA'
  | 'RETENCION_ISLR';

/** Decimal amount as text, e.g. "1234.50" or "-3.1". */
export type DecimalString = string;

export type DocumentCurrencyIso = 'VEF' | 'USD' | 'EUR' | 'PTR';

export interface DocumentIssuer {
  nombre: string;
  rif: string;
  /** Fiscal address. */
  direccion: string;
  telefono?: string;
  correo?: string;
  /** The company's logo as JPEG bytes. */
  logoJpeg?: Buffer;
}

export interface DocumentCustomer {
  nombre: string;
  /** RIF or identity document, e.g. "J-123456789" or "V-12345678". */
  rif: string;
  direccion?: string;
  telefono?: string;
  correo?: string;
}

export interface DocumentLine {
  codigo: string;
  descripcion: string;
  cantidad: DecimalString;
  unidad: string;
  precio: DecimalString;
  descuento: DecimalString;
  importe: DecimalString;
  /** Exempt from VAT: printed "(E)" after the description. */
  exento: boolean;
  lote?: string;
  /** Expiry of the lot: a Date (shown dd/MM/yyyy in Caracas) or text shown as given. */
  vencimiento?: Date | string;
  /** Further data of the line, each printed in small italics under the description (e.g. a liquor's grade). */
  notes?: string[];
}

export interface DocumentTax {
  /** Rate in percent, e.g. "16" or "8.00". */
  alicuota: DecimalString;
  base: DecimalString;
  monto: DecimalString;
  /** Tax label, "IVA" unless told (e.g. "IVA adicional"). */
  nombre?: string;
}

/** An amount charged outside the taxable base (e.g. an airport fee collected for a third party). */
export interface DocumentCharge {
  label: string;
  monto: DecimalString;
}

export interface DocumentTotals {
  subtotal: DecimalString;
  exento: DecimalString;
  exonerado: DecimalString;
  descuento: DecimalString;
  taxes: DocumentTax[];
  /** Charges outside the taxable base, printed after the taxes; `total` already includes them. */
  charges?: DocumentCharge[];
  /** Total of the document, without the IGTF (the IGTF is added below it as "Total a pagar"). */
  total: DecimalString;
}

export interface DocumentCurrency {
  iso: DocumentCurrencyIso;
  /** Bs. per unit of the currency (the BCV rate of the day), for foreign-currency documents. */
  rate?: DecimalString;
}

export interface DocumentIgtf {
  /** Rate in percent; "3" unless told. */
  alicuota?: DecimalString;
  /** Base and amount in the document's currency. */
  base: DecimalString;
  monto: DecimalString;
  /** Base and amount in Bs., for foreign-currency documents; computed from the rate when absent. */
  baseBs?: DecimalString;
  montoBs?: DecimalString;
  /** Print the IGTF footnote (coletillaIGTF, spec 001 §9). */
  footnote: boolean;
}

export interface DocumentPayment {
  /** EFECTIVO, TRANSFERENCIA, ... */
  modo: string;
  monto: DecimalString;
  /** Currency of the payment: VEF, USD, EUR, ... */
  divisa: string;
}

export interface DocumentService {
  nroContrato: string;
  /** Pay-before date: a Date (dd/MM/yyyy) or text shown as given. */
  pagueAntes: Date | string;
  periodoFacturacion: string;
  direccionServicio: string;
}

export interface DocumentExtra {
  label: string;
  value: string;
}

/**
 * A titled block of labelled data printed after the parties (and the service block): the data a
 * document's model adds, e.g. "DATOS DEL TRANSPORTE AÉREO" with passenger, ticket and itinerary.
 */
export interface DocumentSection {
  title: string;
  fields: DocumentExtra[];
}

/** The imprenta digital that assigned the control number (printed at the foot of every page). */
export interface DocumentPrinter {
  nombre: string;
  rif: string;
  /** Number of the authorising providencia. */
  providencia: string;
  fechaProvidencia: Date | string;
  controlRange: { desde: string; hasta: string };
  /** Date the lot of control numbers was assigned. */
  fechaAsignacion: Date | string;
}

/**
 * A table of its own in place of the product lines, for documents whose lines are not goods (withholding
 * vouchers: one row per withheld document). Widths are relative weights of the page's width.
 */
export interface DocumentTable {
  columns: Array<{ label: string; weight: number; align: 'left' | 'right' | 'center' }>;
  /** Cells as printed text (amounts already formatted). */
  rows: string[][];
}

/** A row of the totals box when the document states its own totals (withholding vouchers). */
export interface DocumentTotalRow {
  label: string;
  value: string;
  strong?: boolean;
}

export interface FiscalDocument {
  kind: FiscalDocumentKind;
  /** Printed large at the top, e.g. "FACTURA", "NOTA DE CRÉDITO". */
  title: string;
  /** Document number. */
  numero: string;
  /** Series of the document number, when the company separates series. */
  serie?: string;
  /** "00-00000001". */
  nroControl: string;
  issuedAt: Date;
  /**
   * When the imprenta assigned the control number (Providencia SNAT/2024/000102 as read):
   * printed under the number, in Caracas time. Absent on previews and samples.
   */
  controlAssignedAt?: Date;
  issuer: DocumentIssuer;
  customer: DocumentCustomer;
  lines: DocumentLine[];
  /**
   * True for an order or guide without amounts: the lines show code, description, quantity and unit
   * only, and no totals are printed (`totals` is ignored).
   */
  withoutAmounts?: boolean;
  totals: DocumentTotals;
  currency: DocumentCurrency;
  /** For foreign-currency documents: every total also in Bs. */
  amountsInBs?: DocumentTotals;
  igtf?: DocumentIgtf;
  payments?: DocumentPayment[];
  /** Free text; the two characters "/n" (or a real newline) mean a line break. */
  observacion?: string;
  /** SERVICIO model block. */
  service?: DocumentService;
  /** Further labelled data, e.g. { label: 'Orden de compra', value: 'OC-123' }. */
  extras?: DocumentExtra[];
  /** Titled blocks of further data (a model's own data), each printed as a box of its own. */
  sections?: DocumentSection[];
  /** Text drawn diagonally in light grey on every page, e.g. "COPIA". */
  watermark?: string;
  /** Draws an "ANULADA" overlay on every page. */
  annulled?: boolean;
  /** When and why it was annulled: the overlay then also prints a stamp with both (annulment-mark.ts). */
  annulment?: { at: Date; motivo?: string | null };
  printer: DocumentPrinter;
  /** Replaces the product lines table (withholding vouchers). */
  table?: DocumentTable;
  /** Replaces the totals box (withholding vouchers). */
  totalRows?: DocumentTotalRow[];
  /** The signing block at the end: the issuer's stamp image (PNG or JPEG) and the signature line caption. */
  signatureBlock?: { stampImage?: Buffer; caption: string };
  /** Public verification address, encoded in the QR code. */
  verificationUrl: string;
}
