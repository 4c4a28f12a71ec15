import { formatDateCaracas } from '@sigece/fiscal';
import type { AppConfig } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type DocumentTable, type FiscalDocument, formatMoney } from '../../documents/index.ts';
import { issuerOf, printerOf, sandboxMarked } from '../../documents/parts.ts';
import { verificationUrl } from '../issuance/render/urls.ts';
import { lotOfDocument } from '../numbering/service.ts';
import { loadWithholding } from './queries.ts';

/**
 * Everything the voucher's PDF shows (Providencia SNAT/2015/0049 art. 16 for IVA,
 * Decreto 1.808 art. 24 for ISLR), read from what was stored at issue: the title, voucher and control
 * numbers, date, fiscal period, the agent (name, RIF, fiscal address) and the supplier, one row per
 * withheld document with the columns its tax asks for, the totals, the agent's stamp and signature line,
 * the imprenta digital's footer and the QR to /certificar/{id}/ret.
 */
const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const m = (v: string | null) => (v === null ? '' : formatMoney(v));
const pct = (v: string | null) => (v === null ? '' : `${formatMoney(v)}`);

export async function withholdingDocument(
  db: DbOrTx,
  config: AppConfig,
  id: string,
): Promise<FiscalDocument> {
  const { voucher: r, company, branch, lines } = await loadWithholding(db, id);
  const lot = await lotOfDocument(db, r.lotId);
  const iva = r.modelo === 'IVA';
  const table: DocumentTable = iva
    ? {
        columns: [
          { label: 'N°', weight: 2.5, align: 'right' },
          { label: 'Fecha doc.', weight: 9, align: 'left' },
          { label: 'N° Factura', weight: 8, align: 'left' },
          { label: 'N° Control', weight: 9.5, align: 'left' },
          { label: 'N° Nota', weight: 7, align: 'left' },
          { label: 'Doc. afectado', weight: 7.5, align: 'left' },
          { label: 'Tipo trans.', weight: 9, align: 'left' },
          { label: 'Total con IVA', weight: 9, align: 'right' },
          { label: 'Exento', weight: 7, align: 'right' },
          { label: 'Base imponible', weight: 9, align: 'right' },
          { label: '% Alíc.', weight: 4.5, align: 'right' },
          { label: 'IVA causado', weight: 8, align: 'right' },
          { label: 'IVA retenido', weight: 8, align: 'right' },
        ],
        rows: lines.map((l) => [
          String(l.posicion),
          day(l.fechaDocumento),
          l.nroDocumento ?? '',
          l.nroControlDocumento,
          l.nroNota ?? '',
          l.nroDocumentoAfectado ?? '',
          l.tipoTransaccion ?? '',
          m(l.montoTotalDocumento),
          m(l.compraExento),
          m(l.baseImponible),
          pct(l.alicuota),
          m(l.impuestoCausado),
          m(l.impuestoRetenido),
        ]),
      }
    : {
        columns: [
          { label: 'N°', weight: 2.5, align: 'right' },
          { label: 'Fecha doc.', weight: 9, align: 'left' },
          { label: 'N° Factura', weight: 8, align: 'left' },
          { label: 'N° Control', weight: 9, align: 'left' },
          { label: 'Código', weight: 6, align: 'left' },
          { label: 'Concepto', weight: 16, align: 'left' },
          { label: 'Monto total', weight: 9, align: 'right' },
          { label: 'Base imponible', weight: 9, align: 'right' },
          { label: '% Ret.', weight: 5, align: 'right' },
          { label: 'Sustraendo', weight: 8, align: 'right' },
          { label: 'Monto retenido', weight: 9, align: 'right' },
        ],
        rows: lines.map((l) => [
          String(l.posicion),
          day(l.fechaDocumento),
          l.nroDocumento ?? '',
          l.nroControlDocumento,
          l.conceptoIslr ?? '',
          l.concepto ?? '',
          m(l.montoTotalDocumento),
          m(l.baseRetencion ?? l.baseImponible),
          pct(l.porcentaje),
          m(l.sustraendo),
          m(l.impuestoRetenido),
        ]),
      };
  const totalRows = iva
    ? [
        { label: 'Total compras con IVA', value: m(r.totalDocumentos) },
        { label: 'Total base imponible', value: m(r.totalBase) },
        { label: 'Total IVA causado', value: m(r.totalCausado) },
        {
          label: `TOTAL IVA RETENIDO (${formatMoney(r.tasaRetencion ?? '0')} %)`,
          value: m(r.totalRetenido),
          strong: true,
        },
      ]
    : [
        { label: 'Total monto de los documentos', value: m(r.totalDocumentos) },
        { label: 'Total base imponible', value: m(r.totalBase) },
        { label: 'TOTAL ISLR RETENIDO', value: m(r.totalRetenido), strong: true },
      ];
  const issuedDay = formatDateCaracas(r.fechaEmision);
  // A test key's document says on every page that it is worth nothing.
  return sandboxMarked(
    {
      kind: iva ? 'RETENCION_IVA' : 'RETENCION_ISLR',
      title: iva
        ? 'COMPROBANTE DE RETENCIÓN DEL IMPUESTO AL VALOR AGREGADO'
        : 'COMPROBANTE DE RETENCIÓN DEL IMPUESTO SOBRE LA RENTA',
      numero: r.nroComprobante ?? '',
      nroControl: r.nroControl ?? '',
      issuedAt: r.fechaEmision,
      issuer: issuerOf(company, branch),
      customer: { nombre: r.identificacion, rif: r.rifProveedor, direccion: r.direccion, correo: r.correo },
      lines: [],
      table,
      totals: {
        subtotal: '0',
        exento: '0',
        exonerado: '0',
        descuento: '0',
        taxes: [],
        total: r.totalRetenido,
      },
      totalRows,
      currency: { iso: 'VEF' },
      extras: [
        { label: 'Período fiscal', value: `Del ${day(r.periodoDel)} al ${day(r.periodoAl)}` },
        { label: 'Año / Mes', value: `${r.periodoDel.slice(0, 4)} / ${r.periodoDel.slice(5, 7)}` },
        { label: 'Fecha de entrega', value: issuedDay },
        ...(iva ? [{ label: 'Retención', value: `${formatMoney(r.tasaRetencion ?? '0')} %` }] : []),
      ],
      annulled: r.status === 'INACTIVO',
      signatureBlock: {
        stampImage: company.sello ?? undefined,
        caption: `Firma y sello del agente de retención — ${company.nombre}`,
      },
      printer: printerOf(config.printer, lot, { nroControl: r.nroControl, createdAt: r.createdAt }),
      verificationUrl: verificationUrl(config.publicUrl, r.id, 'ret'),
    },
    r.sandbox,
  );
}
