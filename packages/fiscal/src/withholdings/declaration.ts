import { money } from '../money.ts';

/**
 * The declaration files SENIAT takes from a withholding agent for a period (issue 9 item 6).
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
 * ISLR — the XML of the monthly declaration, SENIAT manual "Retenciones de ISLR - Declaración Mensual",
 * N° 60.40.40.039 v3.1 (June 2014), the same source as the concept codes (db/reference/islr.ts): root
 * `RelacionRetencionesISLR` with attributes `RifAgente` and `Periodo` (AAAAMM), one `DetalleRetencion` per
 * line with RifRetenido, NumeroFactura, NumeroControl, FechaOperacion (dd/mm/aaaa), CodigoConcepto,
 * MontoOperacion and PorcentajeRetencion. The schema written from it lives beside the server module
 * (apps/server/src/modules/withholdings/RelacionRetencionesISLR.xsd).
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
  baseImponible: string;
  porcentaje: string;
}

const xmlText = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
/** The manual asks digits only for invoice and control numbers: separators ("00-") are dropped. */
const digits = (s: string) => s.replace(/\D/g, '') || '0';
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
      out.push(
        '  <DetalleRetencion>',
        `    <RifRetenido>${xmlText(plainRif(v.rifProveedor))}</RifRetenido>`,
        `    <NumeroFactura>${digits(l.nroDocumento)}</NumeroFactura>`,
        `    <NumeroControl>${digits(l.nroControlDocumento)}</NumeroControl>`,
        `    <FechaOperacion>${ddmmyyyy(l.fechaDocumento)}</FechaOperacion>`,
        `    <CodigoConcepto>${xmlText(l.conceptoIslr)}</CodigoConcepto>`,
        `    <MontoOperacion>${money(l.baseImponible)}</MontoOperacion>`,
        `    <PorcentajeRetencion>${money(l.porcentaje)}</PorcentajeRetencion>`,
        '  </DetalleRetencion>',
      );
    }
  }
  out.push('</RelacionRetencionesISLR>', '');
  return out.join('\n');
}
