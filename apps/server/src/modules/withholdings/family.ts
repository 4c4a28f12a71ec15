import {
  caracasDate,
  voucherNumber,
  WITHHOLDING_MESSAGES,
  type WithholdingIngestAnswer,
} from '@sigece/fiscal';
import { eq, sql } from 'drizzle-orm';
import { retenciones } from '../../db/schema.ts';
import {
  byControlSeries,
  type DocumentFamily,
  familyIdentity,
  type IntakeContext,
  type PreparedDocument,
  type StoredDocument,
} from '../issuance/family.ts';
import { assignedAtField, controlNumbersRecordset } from '../issuance/ledger/ledger.ts';
import { provenanceOf, sandboxHook } from '../issuance/read/issued.ts';
import { pdfStoreOf } from '../issuance/render/pdf-store.ts';
import { allocateVoucherSequence } from '../numbering/engine.ts';
import { withholdingDocument } from './document.ts';
import { draftOf, type WithholdingDraft } from './draft.ts';
import {
  insertWithholding,
  WITHHOLDING_CONTROL_NUMBERS_UPDATE,
  withholdingsByNumber,
  writeVoucherNumbers,
} from './queries.ts';

/**
 * IVA and ISLR withholding vouchers as a family of the issuance kernel: what a voucher of POST
 * /v2/retenciones/createRetencionIvaMasiva must be (draft.ts) and how it is stored. Its number is
 * automatic (year and month of issue + the agent's sequence, `autoNumber`), its control number comes from
 * the company's or branch's RETENCION lot; savepoints, group commit, answers, rendering, signing, mail
 * and verification are the kernel's.
 */

export interface PreparedWithholding extends PreparedDocument {
  draft: WithholdingDraft;
}

export interface StoredWithholding extends StoredDocument {
  rifProveedor: string;
  modelo: string;
}

type ErrorLine = WithholdingIngestAnswer['DetalleErrorRetencionesIva'][number];
type DoneLine = WithholdingIngestAnswer['DetalleretencionesProcesadas'][number];

async function prepare(ctx: IntakeContext, raw: unknown): Promise<PreparedWithholding> {
  const draft = await draftOf(ctx.db, raw, async (rif, codigo) => ({
    localidadId: (await ctx.issuer(rif, codigo)).company.id,
  }));
  const { company, branch } = await ctx.issuer(draft.header.rif, draft.header.codigoSucursal);
  return { localidadId: company.id, sucursalId: branch?.id ?? null, draft };
}

/** The supplier's RIF as sent, for the error lines (the voucher has no number of its own until stored). */
function supplierSent(raw: unknown): string {
  if (!raw || typeof raw !== 'object') return '';
  for (const [k, v] of Object.entries(raw as Record<string, unknown>))
    if (k.toLowerCase() === 'rifproveedor' && (typeof v === 'string' || typeof v === 'number'))
      return String(v).slice(0, 20);
  return '';
}

export const withholdingFamily: DocumentFamily<
  PreparedWithholding,
  StoredWithholding,
  ErrorLine,
  DoneLine,
  WithholdingIngestAnswer
> = {
  ...familyIdentity('ret'),
  controlFamily: 'RETENCION',
  createdMessage: WITHHOLDING_MESSAGES.created,
  sandbox: sandboxHook(retenciones),
  intake: {
    prepare,
    numberSent: supplierSent,
    // Vouchers are numbered by the agent's sequence: never a key the connector chose.
    duplicateKey: () => null,
    findExisting: async () => new Set(),
    duplicateMessage: () => 'El comprobante de retención ya existe',
    async store(tx, p, ctx) {
      const row = await insertWithholding(
        tx,
        {
          ...p.draft.voucher,
          localidadId: p.localidadId,
          sucursalId: p.sucursalId,
          nroComprobante: ctx.number?.numero ?? null,
          fechaEmision: new Date(),
          origen: ctx.origin,
          createdBy: ctx.createdBy,
          sandbox: ctx.sandbox === true,
        },
        p.draft.lines,
      );
      return {
        id: row.id,
        localidadId: row.localidadId,
        sucursalId: row.sucursalId,
        serie: '',
        numero: ctx.number?.numero ?? '',
        auto: !ctx.number,
        nroControl: '',
        rifProveedor: row.rifProveedor,
        modelo: row.modelo,
      };
    },
    async writeControlNumbers(tx, assignments) {
      const v = controlNumbersRecordset(assignments.map(({ id, control }) => ({ documentId: id, control })));
      await tx.execute(sql`with v as (${v}) ${WITHHOLDING_CONTROL_NUMBERS_UPDATE}`);
    },
    controlNumbersUpdate: WITHHOLDING_CONTROL_NUMBERS_UPDATE,
    autoNumber: {
      async allocate(tx, issuer) {
        const { numero } = await allocateVoucherSequence(tx, issuer.localidadId);
        return { serie: '', numero: voucherNumber(caracasDate(new Date()), numero) };
      },
      write: (tx, docs) => writeVoucherNumbers(tx, docs),
      // A test voucher keeps the real number's shape (year and month + 8 digits) from the sandbox's sequence.
      sandboxNumber: (sequence) => ({ serie: '', numero: voucherNumber(caracasDate(new Date()), sequence) }),
      missingMessage: 'La razón social no tiene números de comprobante de retención asignados',
    },
    auditSummary: (d) => ({
      id: d.id,
      modelo: d.modelo,
      nroComprobante: d.numero,
      rifProveedor: d.rifProveedor,
    }),
  },
  answer: {
    error: ({ posicion, numberSent, message }) => ({ posicion, rifProveedor: numberSent, msg: message }),
    done: (d) => ({
      msg: WITHHOLDING_MESSAGES.created,
      NroControlComprobante: d.nroControl,
      ...assignedAtField('FechaAsignacionControl', d),
      nroComprobante: d.numero,
      id: d.id,
    }),
    build: ({ code, received, errors, done }) => ({
      code,
      TotalRetencionIvaconError: errors.length,
      DetalleErrorRetencionesIva: errors,
      TotalRentecionIvaProcedas: received,
      DetalleretencionesProcesadas: done,
    }),
  },
  async header(db, id) {
    const [r] = await db.select().from(retenciones).where(eq(retenciones.id, id)).limit(1);
    if (!r) return null;
    return {
      id: r.id,
      localidadId: r.localidadId,
      sucursalId: r.sucursalId,
      serie: '',
      numero: r.nroComprobante ?? '',
      nroControl: r.nroControl,
      status: r.status,
      deleted: r.deleted,
      sandbox: r.sandbox,
      generated: r.pdf !== null,
      recipient: { nombre: r.identificacion, correo: r.correo, ccCorreo: null },
    };
  },
  toFiscalDocument: withholdingDocument,
  pdf: pdfStoreOf(retenciones),
  provenance: provenanceOf(retenciones),
  byReference: async (db, localidadId, ref) =>
    byControlSeries(await withholdingsByNumber(db, localidadId, ref.numero), ref),
  // The voucher's other party is the withheld supplier; its amounts are the withheld documents' (base,
  // VAT caused, total) and what it withheld. Its amounts are in bolívares, spelled as the others store them.
  ledgerView: {
    table: retenciones,
    fechaEmision: retenciones.fechaEmision,
    serie: null,
    numero: retenciones.nroComprobante,
    tipo: retenciones.modelo,
    status: retenciones.status,
    clienteTipo: null,
    clienteNumero: retenciones.rifProveedor,
    clienteNombre: retenciones.identificacion,
    clienteDireccion: retenciones.direccion,
    clienteClave: sql`regexp_replace(upper(${retenciones.rifProveedor}), '[^0-9A-Z]', '', 'g')`,
    moneda: sql`'VEF'`,
    base: retenciones.totalBase,
    exento: sql`0`,
    iva: retenciones.totalCausado,
    total: retenciones.totalDocumentos,
    retenido: retenciones.totalRetenido,
  },
  fileName: (label) => `Retencion_${label}`,
  mail: {
    subject: ({ company, label, header }) =>
      `${company.nombre}: Comprobante de retención N° ${label} (Control ${header.nroControl ?? ''})`,
    text: ({ company, label, header, verificationUrl }) =>
      [
        `Estimado(a) ${header.recipient.nombre || 'proveedor'}:`,
        '',
        `${company.nombre} (RIF ${company.rif}), agente de retención, le envía su comprobante de retención N° ${label}, número de control ${header.nroControl ?? ''}, firmado electrónicamente.`,
        `Puede verificarlo en ${verificationUrl}`,
      ].join('\n'),
  },
};
