import { type ActivityEvent, type ActivityKind, documentLabel, type TipoDoc } from '@sigece/fiscal';
import type { DbOrTx } from '../../db/client.ts';
import { auditTrailOf } from '../audit/queries.ts';
import { deliveryOf } from '../delivery/service.ts';
import { annulmentOf } from '../issuance/annulment/annulment-record.ts';
import type { DocumentHeader } from '../issuance/family.ts';
import { ledgerEntriesOf } from '../issuance/ledger/ledger-reads.ts';
import { familyOf } from '../issuance/registry.ts';
import { mailsOfDocument } from '../mail/log-queries.ts';

/**
 * A document's activity timeline, built only from what is already recorded: the
 * document's own row (created, by whom, signed), the ledger of control numbers (numbered, the PDF job's
 * failure), the audit log (annulled with its reason, deleted, PDF retried, e-mail asked for, payments),
 * the e-mail log and each document's delivery state, and the annulment (its PDF marked ANULADA).
 * Nothing records when a recipient opens a document, so no 'opened' event is invented.
 */

/** The audit actions of one record, in the timeline's words. */
const AUDIT_KINDS: Record<string, ActivityKind> = {
  annul: 'anulado',
  delete: 'eliminado',
  'regenerate-pdf': 'pdfReintentado',
  'enviar-correo': 'correoSolicitado',
  collect: 'cobrado',
};

const event = (kind: ActivityKind, at: Date | string, by: string | null, detail: string | null = null) => ({
  kind,
  at: at instanceof Date ? at.toISOString() : new Date(at).toISOString(),
  by,
  detail,
});

const list = (values: readonly string[] | null | undefined) => (values ?? []).filter(Boolean).join(', ');

/** What the audit entry's `after` says worth repeating: the reason, the recipients, the amount. */
function auditDetail(kind: ActivityKind, after: unknown): string | null {
  const a = (after ?? {}) as Record<string, unknown>;
  if (kind === 'anulado') return typeof a.motivoAnulacion === 'string' ? a.motivoAnulacion : null;
  if (kind === 'correoSolicitado') {
    const to = list(Array.isArray(a.correo) ? (a.correo as string[]) : []);
    const cc = list(Array.isArray(a.ccCorreo) ? (a.ccCorreo as string[]) : []);
    return [to, cc && `CC: ${cc}`].filter(Boolean).join(' · ') || null;
  }
  if (kind === 'cobrado' && a.monto !== undefined) return String(a.monto);
  return null;
}

/** The timeline of one document, oldest first. The caller has checked tenancy against `header`. */
export async function documentActivity(
  db: DbOrTx,
  tipoDoc: TipoDoc,
  header: DocumentHeader,
): Promise<ActivityEvent[]> {
  const { id } = header;
  const family = familyOf(tipoDoc);
  const own = await family.provenance(db, id);
  // Nothing is logged about a document before it exists: the logs' months before it are not read. A day
  // of slack covers a process whose clock ran behind the one that stored the document.
  const since = own ? new Date(own.createdAt.getTime() - 86_400_000) : undefined;
  const [ledger, audits, delivery, annulment, mails] = await Promise.all([
    ledgerEntriesOf(db, tipoDoc, id),
    auditTrailOf(db, family.auditEntity, id, 200, since),
    deliveryOf(db, tipoDoc, id),
    annulmentOf(db, tipoDoc, id),
    mailsOfDocument(
      db,
      {
        tipoDoc: family.kind,
        nroDoc: documentLabel(header.serie, header.numero),
        localidadId: header.localidadId,
      },
      100,
      since,
    ),
  ]);

  const events: ActivityEvent[] = [];
  if (own) events.push(event('creado', own.createdAt, own.createdBy, own.origin === 'WEB' ? 'WEB' : 'API'));
  const signedAt = own?.pdfGeneratedAt ? own.pdfGeneratedAt.getTime() : Number.POSITIVE_INFINITY;
  const createdAt = own ? own.createdAt.getTime() : Number.NEGATIVE_INFINITY;
  for (const n of ledger) {
    // The ledger's time is the database server's clock: kept between creation and signature, where the
    // number is taken (same transaction as the document, or the screen's 'Generar' before its PDF).
    const at = Math.min(Math.max(new Date(n.at).getTime(), createdAt), signedAt);
    events.push(event('numerado', new Date(at), null, n.nroControl));
    if (n.estado === 'FALLIDA' && n.updated) events.push(event('pdfFallido', n.updated, null, n.error));
  }
  if (own?.pdfGeneratedAt) events.push(event('firmado', own.pdfGeneratedAt, null));
  for (const a of audits) {
    const kind = AUDIT_KINDS[a.action] ?? (a.action === 'create' ? null : 'modificado');
    if (kind) events.push(event(kind, a.at, a.by, auditDetail(kind, a.after)));
  }
  for (const m of mails) {
    const recipients = [list(m.to), list(m.cc) && `CC: ${list(m.cc)}`].filter(Boolean).join(' · ');
    if (m.sentAt) events.push(event('correoEnviado', m.sentAt, null, recipients));
    else
      events.push(event('correoFallido', m.at, null, [recipients, m.statusText].filter(Boolean).join(' · ')));
  }
  // A document never queued has no time of delivery (NO_ENVIADO): neither state below applies to it.
  if (delivery.estado === 'EN_COLA' && delivery.actualizado)
    events.push(event('correoEnCola', delivery.actualizado, null, list(delivery.correo)));
  if (delivery.estado === 'FALLIDO' && delivery.actualizado && !mails.some((m) => !m.sentAt))
    events.push(event('correoFallido', delivery.actualizado, null, delivery.statusText));
  if (annulment?.pdfGeneratedAt) events.push(event('firmadoAnulado', annulment.pdfGeneratedAt, null));
  // Oldest first; at the same instant, in the order a document lives (created before numbered…).
  const order = (kind: ActivityKind) => EVENT_ORDER.indexOf(kind);
  return events.sort((a, b) => a.at.localeCompare(b.at) || order(a.kind) - order(b.kind));
}

const EVENT_ORDER: ActivityKind[] = [
  'creado',
  'numerado',
  'firmado',
  'pdfFallido',
  'pdfReintentado',
  'correoSolicitado',
  'correoEnCola',
  'correoEnviado',
  'correoFallido',
  'cobrado',
  'modificado',
  'anulado',
  'firmadoAnulado',
  'eliminado',
];
