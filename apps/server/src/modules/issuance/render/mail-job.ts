import { documentLabel, TIPOS_DOC, z } from '@sigece/fiscal';
import type { Deps } from '../../../deps.ts';
import { companyIdentity } from '../../companies/service.ts';
import { markFailed, markSent } from '../../delivery/service.ts';
import { defineJob } from '../../jobs/define.ts';
import { aboutDocument, withWebhookEvent } from '../../webhooks/outbox.ts';
import { annulledPdf } from '../annulment/annulment-record.ts';
import type { TipoDoc } from '../family.ts';
import { familyOf } from '../registry.ts';
import { verificationUrl } from './urls.ts';

/** A document's e-mail: to the client as stored at issue, or to the recipients chosen on 'Enviar por correo'. */
export interface DocumentMailJob {
  tipoDoc: TipoDoc;
  id: string;
  to?: string[];
  cc?: string[];
}

/**
 * Sends a document's signed PDF to the client's correo and ccCorreo (or the job's recipients), with its
 * family's subject and text, and records the document's delivery (sent, or failed with the SMTP answer).
 * Failures are logged with their SMTP status and thrown, so the job queue retries them.
 */
export async function sendDocumentMail(deps: Deps, job: DocumentMailJob): Promise<void> {
  const { db, mailer } = deps;
  const family = familyOf(job.tipoDoc);
  const header = await family.header(db, job.id);
  if (!header) return;
  // An annulled document is sent as it is served: its PDF marked 'ANULADA' once rendered.
  const pdf = (await annulledPdf(db, job.tipoDoc, job.id)) ?? (await family.pdf.read(db, job.id));
  if (!pdf) throw new Error(`${family.kind} ${job.id}: aún no tiene PDF`);
  const to = job.to ?? (header.recipient.correo ? [header.recipient.correo] : []);
  const cc = job.cc ?? (header.recipient.ccCorreo ? [header.recipient.ccCorreo] : []);
  if (to.length === 0) return;
  const company = await companyIdentity(db, header.localidadId);
  if (!company) return;
  const label = documentLabel(header.serie, header.numero);
  const ctx = {
    header,
    label,
    company,
    verificationUrl: verificationUrl(deps.config.publicUrl, header.id, job.tipoDoc),
  };
  const key = { tipoDoc: job.tipoDoc, id: job.id };
  const mail = {
    to,
    cc,
    subject: family.mail.subject(ctx),
    text: family.mail.text(ctx),
    attachments: [
      { filename: `${family.fileName(label)}.pdf`, content: pdf, contentType: 'application/pdf' },
    ],
    tipoDoc: family.kind,
    nroDoc: label,
    localidadId: header.localidadId,
    sucursalId: header.sucursalId ?? undefined,
  };
  // 'correo.enviado' / 'correo.fallido' with the delivery's state, when wanted.
  const about = (tipo: 'correo.enviado' | 'correo.fallido') => ({ localidadId: header.localidadId, tipo });
  const event = (answer: { statusCode: string }) => () =>
    aboutDocument(job.tipoDoc, { ...header, id: job.id }, { para: to, cc, codigo: answer.statusCode });
  try {
    const sent = await mailer.send(db, mail);
    await withWebhookEvent(db, about('correo.enviado'), (tx) => markSent(tx, key, to, cc, sent), event(sent));
  } catch (error) {
    const e = error as { responseCode?: number; response?: string; message: string };
    const answer = { statusCode: String(e.responseCode ?? 'ERR'), statusText: e.response ?? e.message };
    await withWebhookEvent(
      db,
      about('correo.fallido'),
      (tx) => markFailed(tx, key, to, cc, answer),
      event(answer),
    );
    throw error;
  }
}

/** Jobs queued before the kernel named invoices `{ tipo: 'FACTURA' }`. */
const legacyPayload = (v: unknown) =>
  v && typeof v === 'object' && (v as { tipo?: unknown }).tipo === 'FACTURA' && !('tipoDoc' in v)
    ? { tipoDoc: 'fact', id: (v as { id?: unknown }).id }
    : v;

/** E-mails a generated document to its client. */
export const documentMailJob = defineJob({
  name: 'documento-correo',
  payload: z.preprocess(
    legacyPayload,
    z.object({
      tipoDoc: z.enum(TIPOS_DOC),
      id: z.uuid(),
      to: z.array(z.string()).max(1).optional(),
      cc: z.array(z.string()).max(5).optional(),
    }),
  ) as unknown as z.ZodType<DocumentMailJob>,
  handler: sendDocumentMail,
});
