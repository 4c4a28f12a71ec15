import {
  annulWithholdingSchema,
  DOCUMENT_FAMILIES,
  declaredVoucherMessage,
  WITHHOLDING_MESSAGES,
  type WithholdingAnnulAnswer,
  type z,
} from '@sigece/fiscal';
import { retenciones } from '../../db/schema.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { FamilyAnnulment } from '../issuance/annulment/annul.ts';
import { declarationById, visibleWithholding, withholdingsByNumber } from './queries.ts';

type WithholdingRow = typeof retenciones.$inferSelect;
type WithholdingAnnulItem = z.infer<typeof annulWithholdingSchema>;
type Line = WithholdingAnnulAnswer['result']['DetalleErrorRetencionesIva'][number];

/** A sent nroComprobante as error lines show it (even when the item did not parse). */
const voucherSent = (raw: unknown) =>
  (raw && typeof raw === 'object' ? String((raw as Record<string, unknown>).nroComprobante ?? '') : '').slice(
    0,
    20,
  );

/**
 * How a withholding voucher is annulled (spec 002 §4: Activa → Anulada, the PDF's bytes stay), never
 * once its period is declared (SENIAT already has it). By number: the agent's RIF and
 * nroComprobante (contract "Withholding vouchers", POST anularMasivaRetencionesIva), code 203 when any
 * failed.
 */
export const withholdingAnnulment: FamilyAnnulment<
  WithholdingRow,
  WithholdingAnnulItem,
  Line,
  Line,
  WithholdingAnnulAnswer
> = {
  table: retenciones,
  tipoDoc: 'ret',
  auditEntity: DOCUMENT_FAMILIES.ret.auditEntity,
  visible: (tx, scope, id) => visibleWithholding(tx, scope, id, true),
  async refuse(tx, voucher) {
    if (voucher.status !== 'ACTIVO') throw badRequest('La retención ya está anulada');
    if (voucher.declaracionId) {
      const declared = await declarationById(tx, voucher.declaracionId);
      throw conflict(declaredVoucherMessage(voucher.nroComprobante ?? voucher.id, declared?.etiqueta ?? ''));
    }
  },
  auditAfter: (voucher) => ({ nroComprobante: voucher.nroComprobante }),
  byNumber: {
    schema: annulWithholdingSchema,
    numberSent: voucherSent,
    label: (item) => item.nroComprobante,
    find: (db, localidadId, item) => withholdingsByNumber(db, localidadId, item.nroComprobante),
    missing: (item) => `La retención ${item.nroComprobante} no existe en ${item.rif}`,
    message: () => WITHHOLDING_MESSAGES.annulled,
    answer: {
      error: ({ label, message }) => ({ nroComprobante: label.slice(0, 20), msg: message }),
      done: ({ label, message }) => ({ nroComprobante: label, msg: message }),
      build: ({ code, received, errors, done }) => ({
        result: {
          code,
          TotalDeRetencionIvaEnviadas: received,
          TotalRetencionIvaAnuladasProcedas: done.length,
          DetalleErrorRetencionesIva: errors,
          DetalleRetencionesAnuladas: done,
        },
      }),
    },
  },
};
