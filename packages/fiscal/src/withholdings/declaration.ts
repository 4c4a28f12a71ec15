import { money } from '../money.ts';
import type { IslrTramo } from './rules.ts';

/**
 * The declaration files SENIAT takes from a withholding agent for a period.
 *
 * IVA — the tab-separated text file the SENIAT portal imports ("Sistemas en línea → Retención IVA",
 * with its "Prueba Carga de archivo" check), layout version 2.6 of January 2008 as documented for
 * ERP localisations (TOTVS "Archivo magnético de IVA / Retenciones IVA, Venezuela",
 * tdn.totvs.com pageId=496810742; Odoo l10n_ve `wizard.retention.iva` generate_txt). One line per
 * withheld document, sixteen fields in this order, no header, amounts with a dot and two decimals:
 *   1 RIF del agente (sin guiones)        2 período impositivo AAAAMM     3 fecha del documento AAAA-MM-DD
 *   4 tipo de operación (C = compra)      5 tipo de documento 01 factura, 02 nota de débito, 03 nota de crédito
 *   6 RIF del proveedor (sin guiones)     7 número del documento (la nota en los ajustes)
 *   8 número de control                   9 monto total del documento     10 base imponible
 *  11 IVA retenido                       12 documento afectado (0 si no hay)
 *  13 número de comprobante (14 dígitos) 14 monto exento                 15 alícuota
 *  16 número de expediente (0)
 *
 * ISLR — the XML of the monthly declaration, SENIAT, Manual Técnico "Deberes de Información y
 * Enteramiento de las Retenciones de ISLR", N° 60.40.40.039, versión 2.2, octubre 2009 (the newest version
 * with a public copy: odoo-venezuela/odoo-venezuela, l10n_ve_withholding_islr/docs; a v3.1 of 2014 is cited
 * by others but no copy was found), §2.1 and the XSD of §4.1: root `RelacionRetencionesISLR` with
 * attributes `RifAgente` and `Periodo` (AAAAMM), one `DetalleRetencion` per line with RifRetenido,
 * NumeroFactura (String(10): "en caso de poseer más de diez dígitos, coloque los últimos diez"; 0 when
 * none), NumeroControl (String(8): "sólo … los dígitos correspondientes al secuencial numérico"; NA when
 * none), CodigoConcepto, MontoOperacion ("monto … sobre el cual se va a aplicar la retención": the payment
 * × the concept's base %, so MontoOperacion × PorcentajeRetencion is what was withheld before the
 * sustraendo, which the portal applies itself for the codes of note IV) and PorcentajeRetencion. Tarifa N° 2
 * payments give one record per bracket (note V). `FechaOperacion` (dd/mm/aaaa), which v2.2 lacks, is written
 * after NumeroControl as odoo-venezuela's `islr_xml_wh.py` writes it for the portal's later layout
 * (sources.md S5); the schema beside the server module (RelacionRetencionesISLR.xsd) is §4.1's with that
 * element optional.
 *
 * Annulled vouchers are left out by the caller; these functions only lay out what they are given.
 */

export interface DeclaredIvaLine {
  fechaDocumento: string;
  tipoTransaccion: string;
  nroDocumento: string | null;
  nroNota: string | null;
  nroControlDocumento: string;
  nroDocumentoAfectado: string | null;
  montoTotalDocumento: string;
  compraExento: string;
  baseImponible: string;
  alicuota: string;
  impuestoRetenido: string;
}

export interface DeclaredVoucher<L> {
  rifAgente: string;
  rifProveedor: string;
  nroComprobante: string;
  lines: L[];
}

/** "J-12345678-9" or "J-123456789" → "J123456789": the portal's RIF has no separators. */
export const plainRif = (rif: string) => rif.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/** The portal's document type from the transaction type: adjustments by debit (02) or credit (03) note. */
export function seniatDocumentType(tipoTransaccion: string): '01' | '02' | '03' {
  if (tipoTransaccion.endsWith('AJUSND')) return '02';
  if (tipoTransaccion.endsWith('AJUSNC')) return '03';
  return '01';
}

const clean = (v: string | null | undefined) => (v ?? '').replace(/[\t\r\n]/g, ' ').trim();
const pct = (v: string) => money(v);

/** The IVA withholdings text file for period "AAAA-MM": one CRLF-terminated line per withheld document. */
export function ivaDeclarationTxt(
  periodo: string,
  vouchers: ReadonlyArray<DeclaredVoucher<DeclaredIvaLine>>,
): string {
  const period = periodo.replace('-', '');
  const out: string[] = [];
  for (const v of vouchers) {
    for (const l of v.lines) {
      const tipo = seniatDocumentType(l.tipoTransaccion);
      const numero = tipo === '01' ? l.nroDocumento : l.nroNota;
      out.push(
        [
          plainRif(v.rifAgente),
          period,
          l.fechaDocumento,
          'C',
          tipo,
          plainRif(v.rifProveedor),
          clean(numero),
          clean(l.nroControlDocumento),
          money(l.montoTotalDocumento),
          money(l.baseImponible),
          money(l.impuestoRetenido),
          clean(l.nroDocumentoAfectado) || '0',
          v.nroComprobante,
          money(l.compraExento),
          pct(l.alicuota),
          '0',
        ].join('\t'),
      );
    }
  }
  return out.map((l) => `${l}\r\n`).join('');
}

export interface DeclaredIslrLine {
  fechaDocumento: string;
  nroDocumento: string;
  nroControlDocumento: string;
  conceptoIslr: string;
  /** The payment (the voucher line's base imponible). */
  baseImponible: string;
  /** The payment × the concept's base % (MontoOperacion); the payment when absent. */
  baseRetencion?: string | null;
  porcentaje: string;
  /** The base by percentage (Tarifa N° 2 brackets); one record each. */
  tramos?: IslrTramo[] | null;
}

const xmlText = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
/** NumeroFactura: the invoice number's digits, the last ten (manual 60.40.40.039 v2.2 §2.1); 0 if none. */
export const xmlInvoiceNumber = (s: string) => s.replace(/\D/g, '').slice(-10) || '0';
/**
 * NumeroControl: "sólo … los dígitos correspondientes al secuencial numérico" (manual §2.1), so the series
 * before the last separator goes ("00-00001234" → 00001234, "00-3" → 3), then the last eight digits (as
 * odoo-venezuela's islr_xml_wh.py keeps them); NA when there is none.
 */
export const xmlControlNumber = (s: string) => {
  const sequence = s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .pop()
    ?.replace(/\D/g, '');
  return (sequence || s.replace(/\D/g, '')).slice(-8) || 'NA';
};
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The ISLR withholdings XML for an agent and period "AAAA-MM". */
export function islrDeclarationXml(
  rifAgente: string,
  periodo: string,
  vouchers: ReadonlyArray<DeclaredVoucher<DeclaredIslrLine>>,
): string {
  const out = [
    '<?xml version="1.0" encoding="ISO-8859-1"?>',
    `<RelacionRetencionesISLR RifAgente="${xmlText(plainRif(rifAgente))}" Periodo="${periodo.replace('-', '')}">`,
  ];
  for (const v of vouchers) {
    for (const l of v.lines) {
      const tramos =
        l.tramos && l.tramos.length > 0
          ? l.tramos
          : [{ monto: l.baseRetencion ?? l.baseImponible, porcentaje: l.porcentaje }];
      for (const t of tramos)
        out.push(
          '  <DetalleRetencion>',
          `    <RifRetenido>${xmlText(plainRif(v.rifProveedor))}</RifRetenido>`,
          `    <NumeroFactura>${xmlInvoiceNumber(l.nroDocumento)}</NumeroFactura>`,
          `    <NumeroControl>${xmlControlNumber(l.nroControlDocumento)}</NumeroControl>`,
          `    <FechaOperacion>${ddmmyyyy(l.fechaDocumento)}</FechaOperacion>`,
          `    <CodigoConcepto>${xmlText(l.conceptoIslr)}</CodigoConcepto>`,
          `    <MontoOperacion>${money(t.monto)}</MontoOperacion>`,
          `    <PorcentajeRetencion>${money(t.porcentaje)}</PorcentajeRetencion>`,
          '  </DetalleRetencion>',
        );
    }
  }
  out.push('</RelacionRetencionesISLR>', '');
  return out.join('\n');
}

// --- Declaration periods ---------------------------------------------------------------

/**
 * IVA withholdings are declared and paid per fortnight ("quincena": days 1-15 and 16 to the month's end),
 * on the special taxpayers' calendar. The text of Providencia SNAT/2015/0049, which sets it, was not found
 * in the public copies (sources.md); Providencia SNAT/2022/000013 art. 3 refers to that same fortnightly
 * calendar (S9), and the peers work by quincena (S12: odoo-venezuela `l10n_ve_fiscal_book` fortnight
 * first/second, binaural `l10n_ve_fiscal_lock_days`).
 * A period is a month "AAAA-MM" or one of its fortnights (quincena 1 or 2).
 */
export type Quincena = 1 | 2;

export interface DeclarationPeriod {
  /** "AAAA-MM". */
  periodo: string;
  quincena: Quincena | null;
  /** First and last day, inclusive, "AAAA-MM-DD". */
  desde: string;
  hasta: string;
  /** "AAAAMM" or "AAAAMM-Q1"/"AAAAMM-Q2", for file names. */
  etiqueta: string;
}

const lastDayOf = (periodo: string) => {
  const [y, m] = periodo.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
};

export function declarationPeriod(periodo: string, quincena?: Quincena | null): DeclarationPeriod {
  const q = quincena ?? null;
  const last = String(lastDayOf(periodo)).padStart(2, '0');
  const desde = `${periodo}-${q === 2 ? '16' : '01'}`;
  const hasta = `${periodo}-${q === 1 ? '15' : last}`;
  const compact = periodo.replace('-', '');
  return { periodo, quincena: q, desde, hasta, etiqueta: q ? `${compact}-Q${q}` : compact };
}

/** The fortnight a day "AAAA-MM-DD" falls in: the voucher's default fiscal period. */
export function fortnightOf(day: string): { periodoFiscalDel: string; periodoFiscalAl: string } {
  const p = declarationPeriod(day.slice(0, 7), Number(day.slice(8, 10)) <= 15 ? 1 : 2);
  return { periodoFiscalDel: p.desde, periodoFiscalAl: p.hasta };
}

/** Whether two inclusive day ranges share a day. */
export const periodsOverlap = (a: { desde: string; hasta: string }, b: { desde: string; hasta: string }) =>
  a.desde <= b.hasta && b.desde <= a.hasta;

/**
 * Why a declared voucher cannot be annulled or edited: SENIAT already has it, so a change
 * is an adjustment in a later period (IVA: a line 02-AJUSND or 03-AJUSNC, Providencia SNAT/2015/0049 art. 16
 * numerals 9-10; ISLR: a withholding of the later month).
 */
export const declaredVoucherMessage = (nroComprobante: string, periodo: string) =>
  `La retención ${nroComprobante} ya fue declarada al SENIAT en el período ${periodo}: no se puede anular ni modificar. Registre el ajuste en un período posterior (un comprobante con una línea 02-AJUSND o 03-AJUSNC que afecte el documento).`;

/** The hexadecimal SHA-256 check a declaration file is confirmed with (64 hex digits). */
export const isSha256Hex = (v: string) => /^[0-9a-f]{64}$/.test(v);
