import {
  conceptOf,
  dec,
  describeIssues,
  documentLabel,
  NOTE_KNOWN_FIELDS,
  NOTE_MESSAGES,
  type NoteIngestAnswer,
  type NoteLine,
  NoteRuleError,
  noteExtrasProblem,
  noteNumberOf,
  noteSchema,
} from '@sigece/fiscal';
import { eq, sql } from 'drizzle-orm';
import { notas } from '../../db/schema.ts';
import { canSeeRow } from '../../http/tenancy.ts';
import { affectedInvoicesByNumber } from '../invoices/affected.ts';
import {
  byControlSeries,
  type DocumentFamily,
  DocumentRejected,
  familyIdentity,
  type IntakeContext,
  type PreparedDocument,
  type StoredDocument,
} from '../issuance/family.ts';
import { assignedAtField, controlNumbersRecordset } from '../issuance/ledger/ledger.ts';
import { clientDocumentView } from '../issuance/ledger/ledger-view.ts';
import { provenanceOf, sandboxHook } from '../issuance/read/issued.ts';
import { pdfStoreOf } from '../issuance/render/pdf-store.ts';
import { noteDocument } from './document.ts';
import { checkAgainstInvoice, type NoteDraft, priceChecked, storeDraft } from './draft.ts';
import {
  creditHistory,
  existingNoteKeys,
  NOTE_CONTROL_NUMBERS_UPDATE,
  noteKey,
  notesByNumber,
} from './queries.ts';

/**
 * Credit and debit notes as the issuance kernel's second family: what a note of POST
 * /v2/facturas/nota/masivanotas must be (contract "Credit and debit notes", spec 001 §5.5), how it is
 * priced and stored. Numbering (from the company's INVOICE lot, one sequence with invoices), savepoints,
 * group commit, answers, rendering, signing, mail and verification are the kernel's.
 */

export const NOTE_CREATED = NOTE_MESSAGES.created;

export interface PreparedNote extends PreparedDocument {
  draft: NoteDraft;
}

export interface StoredNote extends StoredDocument {
  tipo: string;
}

type ErrorLine = NoteIngestAnswer['DetalleErrorNotas'][number][number];
type DoneLine = NoteIngestAnswer['DetalleNotasProcesadas'][number][number];

const rejectRules = <T>(run: () => T): T => {
  try {
    return run();
  } catch (error) {
    if (error instanceof NoteRuleError) throw new DocumentRejected(error.message);
    throw error;
  }
};

/**
 * A connector's note line applies to `cantidadDevolucion` units, or to `cantidad` when no returned
 * quantity is sent (connectors send 0 there for a note of whole lines); its price, discount and tax are
 * the ones sent, checked by the invoice totals functions.
 */
function apiLines(input: ReturnType<typeof noteSchema.parse>) {
  const kept = input.lstDetallesNota
    .map((l, index) => ({
      l,
      index,
      qty: l.cantidadDevolucion && dec(l.cantidadDevolucion).gt(0) ? l.cantidadDevolucion : l.cantidad,
    }))
    .filter((x) => dec(x.qty).gt(0));
  if (kept.length === 0) throw new DocumentRejected(NOTE_MESSAGES.noLines);
  for (const { l, index } of kept) {
    if (dec(l.precio).lt(0))
      throw new DocumentRejected(`lstDetallesNota[${index}]: precio no puede ser negativo`);
    if (l.exento && l.exonerado)
      throw new DocumentRejected(
        `lstDetallesNota[${index}]: un producto no puede ser exento y exonerado a la vez`,
      );
  }
  const lines: NoteLine[] = kept.map(({ l, qty }) => ({
    codigoProducto: l.codigoProducto,
    descripcion: l.descripcion,
    unidadMedida: l.unidadMedida,
    cantidad: qty,
    precio: l.precio,
    descuentoPorcentaje: l.descuento,
    descuentoMonto: l.montoDescuento,
    exento: l.exento,
    exonerado: l.exonerado,
    alicuota: l.alicuotaGravamen,
    precioOriginal: l.precioOriginal,
    precioDevolucion: l.precioDevolucion,
  }));
  return { kept, lines };
}

async function prepare(ctx: IntakeContext, raw: unknown): Promise<PreparedNote> {
  const extras = noteExtrasProblem(raw);
  if (extras) throw new DocumentRejected(extras);
  const parsed = noteSchema.safeParse(raw);
  if (!parsed.success) throw new DocumentRejected(describeIssues(parsed.error));
  const input = parsed.data;
  const { company, branch } = await ctx.issuer(input.rif, input.codigoSucursal);

  const found = await affectedInvoicesByNumber(
    ctx.db,
    company.id,
    input.nroFactura,
    input.serieNrofactura,
    ctx.sandbox === true,
  );
  if (found.length === 0)
    throw new DocumentRejected(`La factura ${input.nroFactura} no existe en ${input.rif}`);
  if (found.length > 1)
    throw new DocumentRejected(
      `Hay varias facturas ${input.nroFactura} en ${input.rif}: envíe serieNrofactura`,
    );
  const [invoice] = found;
  if (!canSeeRow(ctx.scope, invoice))
    throw new DocumentRejected(`No tiene acceso a la factura ${input.nroFactura}`);
  if (branch && branch.id !== invoice.sucursalId)
    throw new DocumentRejected(`La factura ${input.nroFactura} no es de la sucursal ${input.codigoSucursal}`);
  if (input.facturaDivisa && input.facturaDivisa !== invoice.moneda)
    throw new DocumentRejected(
      `facturaDivisa (${input.facturaDivisa}) no coincide con la moneda de la factura (${invoice.moneda})`,
    );

  const { kept, lines } = apiLines(input);
  const draft: NoteDraft = rejectRules(() => ({
    localidadId: company.id,
    sucursalId: invoice.sucursalId,
    invoice,
    tipo: input.tipo,
    categoria: input.categoria,
    concepto: conceptOf(input.tipo, input.categoria, input.concepto),
    descripcion: null,
    serieNota: input.serie?.toUpperCase() ?? '',
    nroNota: input.nroNota,
    lines,
    cantidades: kept.map(({ l }) => dec(l.cantidad).toString()),
    priced: priceChecked(lines, {
      ...input,
      lines: kept.map(({ l, index }) => ({ importe: l.importe, montoGravamen: l.montoGravamen, index })),
    }),
    extras: Object.fromEntries(Object.entries(input).filter(([k]) => !NOTE_KNOWN_FIELDS.includes(k))),
  }));
  // Checked here against what is stored, and again under the invoice's lock when stored (draft.ts).
  const history = await creditHistory(ctx.db, invoice.id);
  rejectRules(() => checkAgainstInvoice(draft, history));
  return { localidadId: draft.localidadId, sucursalId: draft.sucursalId, draft };
}

const typeWord = (tipo: string) => (tipo === 'Credito' ? 'crédito' : 'débito');

export const noteFamily: DocumentFamily<PreparedNote, StoredNote, ErrorLine, DoneLine, NoteIngestAnswer> = {
  ...familyIdentity('nota'),
  controlFamily: 'FACTURA',
  createdMessage: NOTE_CREATED,
  sandbox: sandboxHook(notas),
  intake: {
    prepare,
    numberSent: noteNumberOf,
    duplicateKey: (p) => noteKey(p.localidadId, p.draft.tipo, p.draft.nroNota),
    findExisting: (tx, prepared) =>
      existingNoteKeys(
        tx,
        prepared.map((p) => ({
          localidadId: p.localidadId,
          tipo: p.draft.tipo,
          nroNota: p.draft.nroNota,
          sandbox: p.sandbox,
        })),
      ),
    duplicateMessage: (p) => `La nota de ${typeWord(p.draft.tipo)} ${p.draft.nroNota} ya existe`,
    async store(tx, p, ctx) {
      const row = await storeDraft(tx, p.draft, ctx).catch((error) => {
        if (error instanceof NoteRuleError) throw new DocumentRejected(error.message);
        throw error;
      });
      return {
        id: row.id,
        localidadId: row.localidadId,
        sucursalId: row.sucursalId,
        serie: row.serieNota,
        numero: row.nroNota,
        auto: false,
        nroControl: '',
        tipo: row.tipo,
      };
    },
    async writeControlNumbers(tx, assignments) {
      const v = controlNumbersRecordset(assignments.map(({ id, control }) => ({ documentId: id, control })));
      await tx.execute(sql`with v as (${v}) ${NOTE_CONTROL_NUMBERS_UPDATE}`);
    },
    controlNumbersUpdate: NOTE_CONTROL_NUMBERS_UPDATE,
    auditSummary: (d) => ({ id: d.id, tipo: d.tipo, nroNota: documentLabel(d.serie, d.numero) }),
  },
  answer: {
    error: ({ numberSent, message }) => ({ nroNota: numberSent, Msg: message }),
    done: (d) => ({
      serie: d.serie,
      nroNota: d.numero,
      nroControl: d.nroControl,
      ...assignedAtField('fechaAsignacionControl', d),
      Msg: NOTE_CREATED,
    }),
    build: ({ code, received, errors, done }) => ({
      code,
      TotalNotasProcedas: received,
      totalNotasNew: done.length,
      totalNotasconError: errors.length,
      DetalleErrorNotas: errors.map((e) => [e]),
      DetalleNotasProcesadas: done.map((d) => [d]),
    }),
  },
  async header(db, id) {
    const [n] = await db.select().from(notas).where(eq(notas.id, id)).limit(1);
    if (!n) return null;
    const c = n.cliente as { identificacion?: string; correo?: string | null; ccCorreo?: string | null };
    return {
      id: n.id,
      localidadId: n.localidadId,
      sucursalId: n.sucursalId,
      serie: n.serieNota,
      numero: n.nroNota,
      nroControl: n.nroControl,
      status: n.status,
      deleted: n.deleted,
      sandbox: n.sandbox,
      generated: n.pdf !== null,
      recipient: { nombre: c.identificacion ?? '', correo: c.correo ?? null, ccCorreo: c.ccCorreo ?? null },
    };
  },
  toFiscalDocument: noteDocument,
  pdf: pdfStoreOf(notas),
  provenance: provenanceOf(notas),
  byReference: async (db, localidadId, ref) =>
    byControlSeries(await notesByNumber(db, localidadId, ref.numero), ref),
  ledgerView: clientDocumentView(notas, { serie: notas.serieNota, numero: notas.nroNota, tipo: notas.tipo }),
  fileName: (label) => `Nota_${label}`,
  mail: {
    subject: ({ company, label, header }) =>
      `${company.nombre}: Nota N° ${label} (Control ${header.nroControl ?? ''})`,
    text: ({ company, label, header, verificationUrl }) =>
      [
        `Estimado(a) ${header.recipient.nombre || 'cliente'}:`,
        '',
        `${company.nombre} (RIF ${company.rif}) le envía su nota N° ${label}, número de control ${header.nroControl ?? ''}, firmada electrónicamente.`,
        `Puede verificarla en ${verificationUrl}`,
      ].join('\n'),
  },
};
