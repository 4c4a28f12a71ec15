import { z } from '@sigece/fiscal';
import { and, eq, isNull } from 'drizzle-orm';
import { facturas, localidades, sucursales } from '../../db/schema.ts';
import { loadProviderCertificate, type PdfSignerInput, renderSignedDocument } from '../../documents/index.ts';
import type { Deps } from '../../http/deps.ts';
import { companyKeyStore } from '../companies/service.ts';
import { defineJob } from '../jobs/define.ts';
import { documentMailJob } from '../mail/document-mail.ts';
import { invoiceDocument } from './document.ts';

let providerSigner: Promise<PdfSignerInput> | undefined;

/** The company's own certificate when it has one, otherwise the provider's (PROVIDER_P12 or demo). */
async function signerFor(deps: Deps, localidadId: string): Promise<PdfSignerInput> {
  const own = await companyKeyStore(deps.db, deps.secrets, localidadId);
  if (own)
    return { p12: own.file, password: own.password, reason: 'Factura electrónica', location: 'Venezuela' };
  providerSigner ??= loadProviderCertificate({
    dataDir: deps.config.dataDir,
    providerP12Path: deps.config.providerP12Path,
    providerP12Password: deps.config.providerP12Password,
  }).then((c) => ({
    p12: c.p12,
    password: c.password,
    reason: 'Emitido por la imprenta digital',
    location: 'Venezuela',
  }));
  return providerSigner;
}

/**
 * Renders, signs and stores an invoice's PDF with its SHA-256. Runs on the job queue; a stored PDF is
 * never replaced (the update only applies while the column is empty). Then queues the e-mail when the
 * company or branch sends invoices by e-mail.
 */
export async function generateInvoicePdf(deps: Deps, id: string): Promise<void> {
  const { db, config } = deps;
  const [pending] = await db
    .select({ id: facturas.id })
    .from(facturas)
    .where(and(eq(facturas.id, id), isNull(facturas.pdf)))
    .limit(1);
  if (!pending) return;
  const { doc, invoice } = await invoiceDocument(db, config, id);
  if (!invoice.nroControl) throw new Error(`la factura ${id} no tiene número de control`);
  const signed = await renderSignedDocument(doc, await signerFor(deps, invoice.localidadId));
  const [stored] = await db
    .update(facturas)
    .set({ pdf: signed.pdf, pdfSha256: signed.sha256, pdfGeneratedAt: new Date() })
    .where(and(eq(facturas.id, id), isNull(facturas.pdf)))
    .returning({ id: facturas.id });
  if (!stored || !deps.jobs) return;
  const [company] = await db
    .select({ envio: localidades.envioEmail })
    .from(localidades)
    .where(eq(localidades.id, invoice.localidadId));
  const branch = invoice.sucursalId
    ? (
        await db
          .select({ envio: sucursales.envioEmail })
          .from(sucursales)
          .where(eq(sucursales.id, invoice.sucursalId))
      )[0]
    : undefined;
  const sends = branch ? branch.envio || company.envio : company.envio;
  const cliente = invoice.cliente as { correo?: string | null };
  if (sends && cliente.correo) {
    await deps.jobs.send(documentMailJob, { tipo: 'FACTURA', id }, { singletonKey: `correo-factura-${id}` });
  }
}

/** Invoices stored without a PDF (a crash between commit and queueing): queued again. */
export async function queueMissingPdfs(deps: Deps): Promise<number> {
  if (!deps.jobs) return 0;
  const missing = await deps.db
    .select({ id: facturas.id })
    .from(facturas)
    .where(and(isNull(facturas.pdf), eq(facturas.deleted, false)))
    .limit(5000);
  for (const { id } of missing)
    await deps.jobs.send(invoicePdfJob, { id }, { singletonKey: `pdf-factura-${id}` });
  return missing.length;
}

/** Renders, signs and stores one invoice's PDF (queued after the commit that stored the invoice). */
export const invoicePdfJob = defineJob({
  name: 'factura-pdf',
  payload: z.object({ id: z.uuid() }),
  handler: (deps, data) => generateInvoicePdf(deps, data.id),
});
