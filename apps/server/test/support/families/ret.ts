// The withholdings' sample for the family suite: an IVA voucher of one withheld invoice, the agent's
// voucher number automatic (support/withholdings.ts). What makes two vouchers the same is the withheld
// document (number, control number, transaction), so each sample withholds a document of its own.
import type { WithholdingAnnulAnswer, WithholdingIngestAnswer } from '@sigece/fiscal';
import { ivaVoucher, makeWithholdingAgent, RET } from '../withholdings.ts';
import type { FamilyFixture } from './types.ts';

let seq = 0;

export const withholdingFixture: FamilyFixture = {
  grants: {
    '/retenciones/iva-islr': ['search', 'add', 'print', 'delete'],
    '/retenciones/iva-islr/Agregar': [],
  },
  prepare: (ctx, company) => makeWithholdingAgent(ctx, company.id),
  item: async (_ctx, company, codigoSucursal) => {
    const voucher = ivaVoucher(company.rif, codigoSucursal ? { codigoSucursal } : {});
    const n = ++seq;
    const [line] = voucher.lstRetenciones;
    return {
      ...voucher,
      lstRetenciones: [
        {
          ...line,
          nroDocumento: `FS${String(n).padStart(6, '0')}`,
          nroControlDocumento: `00-${String(7_000_000 + n).padStart(8, '0')}`,
        },
      ],
    };
  },
  // The same withheld document twice in one voucher: 'ya existe una retencion con el mismo nroDocumento…'.
  duplicate: (item) => {
    const [line] = item.lstRetenciones as Record<string, unknown>[];
    return [{ ...item, lstRetenciones: [line, { ...line }] }];
  },
  intakeUrl: `${RET}/createRetencionIvaMasiva`,
  accepted: (answer) =>
    (answer as WithholdingIngestAnswer).DetalleretencionesProcesadas.map((d) => ({
      number: d.nroComprobante,
      nroControl: d.NroControlComprobante,
    })),
  refused: (answer) => (answer as WithholdingIngestAnswer).DetalleErrorRetencionesIva.map((e) => e.msg),
  pdfUrl: (id) => `${RET}/getBase64RetencionIva/${id}`,
  pdfBytes: (body) =>
    Buffer.from((JSON.parse(body.toString('utf8')) as { pdfBase64: string }).pdfBase64, 'base64'),
  publicUrl: (id) => `${RET}/getRetencionId/${id}`,
  listUrl: (companyId) => `${RET}/getRetencionesIva?id_localidad=${companyId}&limit=100`,
  annul: {
    method: 'POST',
    url: `${RET}/anularMasivaRetencionesIva`,
    item: (rif, issued, codigoSucursal) => ({
      rif,
      nroComprobante: issued.number,
      ...(codigoSucursal ? { codigoSucursal } : {}),
      motivoAnulacion: 'Prueba de la suite de familias',
    }),
    outcome: (answer) => {
      const { result } = answer as WithholdingAnnulAnswer;
      return {
        annulled: result.DetalleRetencionesAnuladas.map((l) => l.nroComprobante),
        errors: result.DetalleErrorRetencionesIva.map((l) => l.msg),
      };
    },
  },
};
