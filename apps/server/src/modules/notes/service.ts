import {
  type AddNoteInput,
  conceptOf,
  creditLine,
  debitLine,
  dec,
  documentLabel,
  NOTE_MESSAGES,
  type NoteActionResult,
  type NoteLine,
  NoteRuleError,
} from '@sigece/fiscal';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { assertTenant, type TenantScope } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { type AffectedInvoice, affectedInvoiceById } from '../invoices/affected.ts';
import { annulDocument } from '../issuance/annulment/annul.ts';
import { annulledPdf } from '../issuance/annulment/annulment-record.ts';
import { documentErrorMessage, sqlStateOf } from '../issuance/intake/errors.ts';
import { recordControlNumbers } from '../issuance/ledger/ledger.ts';
import { queueRenders, renderDocument } from '../issuance/render/render.ts';
import { allocateControlNumbers } from '../numbering/engine.ts';
import { noteAnnulment } from './annul.ts';
import { type NoteDraft, priceChecked, storeDraft } from './draft.ts';
import { noteFamily } from './family.ts';
import { creditHistory, type NoteRow, noteDetail, updateNote, visibleNote } from './queries.ts';

/**
 * The notes' use cases. A note from the integration API goes through the issuance kernel (see
 * family.ts) and is numbered at creation, like an invoice. A note from the screen (addnota) is stored
 * active without PDF (spec 001 §4.3) and WITHOUT a control number: it takes its number when it is
 * generated, in the transaction that marks it issued, so a note deleted before generation never holds
 * (and never wastes) a number of the sequence it shares with invoices.
 */

/** A rule's message as a 400 for the screens. */
function asBadRequest(error: unknown): never {
  if (error instanceof NoteRuleError) throw badRequest(error.message);
  throw error;
}

// --- The screen -------------------------------------------------------------------------------------

/** The marked lines of the new-note screen, priced from the stored invoice (spec 001 §2.3, §5.5). */
function screenLines(
  invoice: AffectedInvoice,
  body: AddNoteInput,
): { lines: NoteLine[]; cantidades: string[] } {
  const lines: NoteLine[] = [];
  const cantidades: string[] = [];
  for (const [i, l] of body.lstDetallesNota.entries()) {
    if (l.isDevolucion === false) continue;
    const wanted = body.tipo === 'Credito' ? l.cantidadDevolucion : l.precioDevolucion;
    if (wanted === undefined || dec(wanted).lte(0)) continue;
    const source = l.posicion
      ? invoice.lines.find((x) => x.posicion === l.posicion)
      : invoice.lines.find((x) => x.codigoProducto === l.codigoProducto);
    if (!source)
      throw new NoteRuleError(`lstDetallesNota[${i}]: la línea no existe en la factura ${invoice.label}`);
    lines.push(
      body.tipo === 'Credito'
        ? creditLine(source, wanted)
        : debitLine(source, wanted, l.cantidadDevolucion ?? null),
    );
    cantidades.push(dec(source.cantidad).toString());
  }
  if (lines.length === 0) throw new NoteRuleError(NOTE_MESSAGES.noLines);
  return { lines, cantidades };
}

/** POST addnota: the note is stored active, without PDF and without control number until 'generar'. */
export async function addNote(db: Db, scope: TenantScope, body: AddNoteInput, audit: AuditContext) {
  const invoice = await affectedInvoiceById(db, body.id_factura);
  if (!invoice) throw notFound('Factura no encontrada');
  assertTenant(scope, invoice);
  if (body.id_localidad && body.id_localidad !== invoice.localidadId)
    throw badRequest('La factura no pertenece a la razón social seleccionada');
  if (body.facturaDivisa && body.facturaDivisa.toUpperCase() !== invoice.moneda)
    throw badRequest(
      `facturaDivisa (${body.facturaDivisa}) no coincide con la moneda de la factura (${invoice.moneda})`,
    );
  const row = await db
    .transaction(async (tx) => {
      const { lines, cantidades } = screenLines(invoice, body);
      const draft: NoteDraft = {
        localidadId: invoice.localidadId,
        sucursalId: body.id_sucursal ?? invoice.sucursalId,
        invoice,
        tipo: body.tipo,
        categoria: body.categoria,
        concepto: conceptOf(body.tipo, body.categoria, body.concepto),
        descripcion: body.descripcion ?? null,
        serieNota: body.serie?.toUpperCase() ?? '',
        nroNota: body.nroNota,
        lines,
        cantidades,
        priced: priceChecked(lines, body),
        extras: {},
      };
      if (draft.sucursalId !== invoice.sucursalId)
        throw badRequest('La nota debe emitirse desde la sucursal de la factura');
      const stored = await storeDraft(tx, draft, { origin: 'WEB', createdBy: audit.userEmail ?? 'sistema' });
      await recordAudit(tx, audit, {
        entity: 'nota',
        entityId: stored.id,
        action: 'create',
        after: {
          tipo: stored.tipo,
          nroNota: stored.nroNota,
          id_factura: stored.facturaId,
          importeTotal: stored.importeTotal,
        },
      });
      return stored;
    })
    .catch((error) => {
      const code = sqlStateOf(error);
      if (code === '23505') throw badRequest(`La nota ${body.nroNota} ya existe`);
      // What the database refuses in the note's own data is bad input too, never a 500.
      if (code?.startsWith('22') || code?.startsWith('23'))
        throw badRequest(documentErrorMessage(error, () => `La nota ${body.nroNota} ya existe`)!);
      return asBadRequest(error);
    });
  return noteDetail(db, row.id);
}

// --- Generate, annul, delete ------------------------------------------------------------------------

const actionResult = (n: NoteRow, patch: Partial<NoteActionResult> = {}): NoteActionResult => ({
  id: n.id,
  nroNota: documentLabel(n.serieNota, n.nroNota),
  logEstatusRegistro: n.status,
  notaGenerada: n.pdf ? 'true' : 'false',
  nroControl: n.nroControl,
  ...patch,
});

/**
 * PUT generarnotas/{id} (spec 001 §4.3: only ACTIVO notes without a PDF). A note without a control
 * number takes the next one of its company's (or branch's) invoice lot, recorded in the kernel's ledger,
 * in one short transaction that also makes today its date of issue; then the kernel renders, signs and
 * stores its PDF (and mails it when the company sends e-mail). A note of the API, numbered at creation,
 * is only rendered.
 */
export async function generateNote(deps: Deps, scope: TenantScope, id: string, audit: AuditContext) {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const note = await visibleNote(tx, scope, id, true);
    if (note.status !== 'ACTIVO') throw badRequest('La nota está anulada');
    if (note.pdf) throw badRequest('La nota ya está generada');
    if (note.nroControl) return;
    const [control] = await allocateControlNumbers(tx, {
      localidadId: note.localidadId,
      sucursalId: note.sucursalId,
      familia: noteFamily.controlFamily,
    });
    await recordControlNumbers(tx, noteFamily, [{ documentId: note.id, issuer: note, control }]);
    await updateNote(tx, note.id, { fechaEmision: new Date() });
    await recordAudit(tx, audit, {
      entity: 'nota',
      entityId: id,
      action: 'number',
      after: { nroControl: control.nroControl },
    });
  });
  // The number is committed: if rendering fails now, the kernel's job retries it (never a new number).
  const rendered = await renderDocument(deps, 'nota', id).then(
    () => true,
    () => false,
  );
  const after = await visibleNote(db, scope, id);
  if (!rendered || !after.pdf) {
    await queueRenders(deps, 'nota', [id]);
    throw new AppError(
      503,
      `La nota quedó numerada con el control ${after.nroControl}; su PDF se generará en breve, intente verla más tarde`,
    );
  }
  await recordAudit(db, audit, {
    entity: 'nota',
    entityId: id,
    action: 'generate',
    after: { notaGenerada: 'true' },
  });
  return { message: NOTE_MESSAGES.generated, result: actionResult(after) };
}

/** ACTIVO → INACTIVO ('Anulada') with the user's reason (the kernel's annulment, `annul.ts`). */
export async function annulNote(
  db: Db,
  scope: TenantScope,
  id: string,
  audit: AuditContext,
  motivoAnulacion?: string,
) {
  const before = await annulDocument(db, noteAnnulment, scope, id, audit, motivoAnulacion);
  return {
    message: NOTE_MESSAGES.annulled,
    result: actionResult(before, { logEstatusRegistro: 'INACTIVO' }),
  };
}

/**
 * Deleting removes the row from the lists (spec 001 §4.3): only a note without PDF that is not annulled,
 * and never one that holds a control number (that number stays issued).
 */
export async function deleteNote(db: Db, scope: TenantScope, id: string, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const before = await visibleNote(tx, scope, id, true);
    if (before.pdf) throw badRequest('La nota ya está generada: anúlela');
    if (before.status !== 'ACTIVO') throw badRequest('La nota está anulada');
    if (before.nroControl) throw badRequest('La nota ya tiene número de control: genérela y anúlela');
    await updateNote(tx, id, { deleted: true });
    await recordAudit(tx, audit, {
      entity: 'nota',
      entityId: id,
      action: 'delete',
      before: { logDeletedRegistro: false },
      after: { logDeletedRegistro: true },
    });
    return { message: NOTE_MESSAGES.deleted, result: actionResult(before) };
  });
}

/** The signed PDF of a note and its file name. */
export async function notePdf(db: Db, scope: TenantScope, id: string) {
  const row = await visibleNote(db, scope, id);
  if (!row.pdf) throw badRequest('La nota aún no está generada');
  const pdf = (await annulledPdf(db, 'nota', id)) ?? row.pdf; // once annulled, the one marked 'ANULADA'
  return { pdf, nombre: `${noteFamily.fileName(documentLabel(row.serieNota, row.nroNota))}.pdf` };
}

/** What earlier active credit notes took of an invoice the user may see (the new-note screen's bound). */
export async function invoiceBalance(db: Db, scope: TenantScope, facturaId: string) {
  const invoice = await affectedInvoiceById(db, facturaId);
  if (!invoice) throw notFound('Factura no encontrada');
  assertTenant(scope, invoice);
  const history = await creditHistory(db, invoice.id);
  return {
    devuelto: Object.fromEntries([...history.returned].map(([code, qty]) => [code, dec(qty).toString()])),
    acreditado: dec(history.credited).toFixed(2),
  };
}
