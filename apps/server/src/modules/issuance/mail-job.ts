import { documentLabel, z } from '@sigece/fiscal';
import type { Deps } from '../../http/deps.ts';
import { companyIdentity } from '../companies/service.ts';
import { defineJob } from '../jobs/define.ts';
import type { TipoDoc } from './family.ts';
import { familyOf } from './registry.ts';
import { verificationUrl } from './urls.ts';

/**
 * Sends a document's signed PDF to the client's correo and ccCorreo, with its family's subject and
 * text. Failures are logged with their SMTP status and thrown, so the job queue retries them.
 */
export async function sendDocumentMail(deps: Deps, job: { tipoDoc: TipoDoc; id: string }): Promise<void> {
  const { db, mailer } = deps;
  const family = familyOf(job.tipoDoc);
  const header = await family.header(db, job.id);
  if (!header) return;
  const pdf = await family.pdf.read(db, job.id);
  if (!pdf) throw new Error(`${family.kind} ${job.id}: aún no tiene PDF`);
  if (!header.recipient.correo) return;
  const company = await companyIdentity(db, header.localidadId);
  if (!company) return;
  const label = documentLabel(header.serie, header.numero);
  const ctx = {
    header,
    label,
    company,
    verificationUrl: verificationUrl(deps.config.publicUrl, header.id, job.tipoDoc),
  };
  await mailer.send(db, {
    to: [header.recipient.correo],
    cc: header.recipient.ccCorreo ? [header.recipient.ccCorreo] : [],
    subject: family.mail.subject(ctx),
    text: family.mail.text(ctx),
    attachments: [
      { filename: `${family.fileName(label)}.pdf`, content: pdf, contentType: 'application/pdf' },
    ],
    tipoDoc: family.kind,
    nroDoc: label,
    localidadId: header.localidadId,
    sucursalId: header.sucursalId ?? undefined,
  });
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
    z.object({ tipoDoc: z.enum(['fact', 'nota', 'orden', 'ret']), id: z.uuid() }),
  ) as unknown as z.ZodType<{ tipoDoc: TipoDoc; id: string }>,
  handler: sendDocumentMail,
});
