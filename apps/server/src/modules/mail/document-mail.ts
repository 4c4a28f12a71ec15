import { z } from '@sigece/fiscal';
import { eq } from 'drizzle-orm';
import { facturas, localidades } from '../../db/schema.ts';
import type { Deps } from '../../http/deps.ts';
import { defineJob } from '../jobs/define.ts';

/**
 * Sends a document's signed PDF to the client's correo and ccCorreo. Failures are logged with their SMTP
 * status and thrown, so the job queue retries them.
 */
export async function sendDocumentMail(deps: Deps, job: { tipo: 'FACTURA'; id: string }): Promise<void> {
  const { db, mailer } = deps;
  const [invoice] = await db.select().from(facturas).where(eq(facturas.id, job.id)).limit(1);
  if (!invoice?.pdf) throw new Error(`la factura ${job.id} aún no tiene PDF`);
  const [company] = await db.select().from(localidades).where(eq(localidades.id, invoice.localidadId));
  const cliente = invoice.cliente as {
    correo?: string | null;
    ccCorreo?: string | null;
    identificacion?: string;
  };
  if (!cliente.correo) return;
  const numero = invoice.serieFactura ? `${invoice.serieFactura}-${invoice.nroFactura}` : invoice.nroFactura;
  await mailer.send(db, {
    to: [cliente.correo],
    cc: cliente.ccCorreo ? [cliente.ccCorreo] : [],
    subject: `${company.nombre}: Factura N° ${numero} (Control ${invoice.nroControl})`,
    text: [
      `Estimado(a) ${cliente.identificacion ?? 'cliente'}:`,
      '',
      `${company.nombre} (RIF ${company.tipoDocumento}-${company.numeroDocumento}) le envía su factura N° ${numero}, número de control ${invoice.nroControl}, firmada electrónicamente.`,
      `Puede verificarla en ${deps.config.publicUrl}/certificar/${invoice.id}/fact`,
    ].join('\n'),
    attachments: [
      { filename: `Factura_${numero}.pdf`, content: invoice.pdf, contentType: 'application/pdf' },
    ],
    tipoDoc: 'FACTURA',
    nroDoc: numero,
    localidadId: invoice.localidadId,
    sucursalId: invoice.sucursalId ?? undefined,
  });
}

/** E-mails a generated document to its client. */
export const documentMailJob = defineJob({
  name: 'documento-correo',
  payload: z.object({ tipo: z.literal('FACTURA'), id: z.uuid() }),
  handler: sendDocumentMail,
});
