import { availableParallelism } from 'node:os';
import { documentLabel, TIPOS_DOC, z } from '@sigece/fiscal';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { renderSignedDocument } from '../../documents/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertTenant, type TenantScope } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { sendsDocumentsByEmail } from '../companies/service.ts';
import { markQueued } from '../delivery/service.ts';
import { defineJob } from '../jobs/define.ts';
import { aboutDocument, withWebhookEvent } from '../webhooks/outbox.ts';
import type { TipoDoc } from './family.ts';
import { markGenerated, recordRenderFailure, resetFailedRender, withControlAssignment } from './ledger.ts';
import { documentMailJob } from './mail-job.ts';
import { familyOf } from './registry.ts';
import { signerFor } from './signer.ts';

/** pg-boss retries a failing render this many times; then the document is FALLIDA. */
export const RENDER_RETRY_LIMIT = 5;
const RENDER_QUEUE = 'documento-pdf';
const RENDER_JOBS_IN_FLIGHT = Math.max(8, availableParallelism() * 8);

/** One document, one render job: the key pg-boss deduplicates on (see `documentPdfJob`'s policy). */
const renderKey = (tipoDoc: TipoDoc, id: string) => `pdf-${tipoDoc}-${id}`;

/**
 * Renders, signs and stores a document's PDF with its SHA-256, and marks it generated in the ledger in
 * the same transaction. A stored PDF is never replaced. Then queues the e-mail when the company or
 * branch sends documents by e-mail and the client has an address.
 */
export async function renderDocument(deps: Deps, tipoDoc: TipoDoc, id: string): Promise<void> {
  const { db, config } = deps;
  const family = familyOf(tipoDoc);
  const source = family.pdfSource
    ? await family.pdfSource(db, config, id)
    : await family
        .header(db, id)
        .then((header) => header && { header, document: () => family.toFiscalDocument(db, config, id) });
  if (!source) return;
  const { header } = source;
  if (header.generated) {
    await markGenerated(db, tipoDoc, id);
    return;
  }
  if (!header.nroControl)
    throw new Error(`${family.kind} ${documentLabel(header.serie, header.numero)} sin número de control`);
  const doc = await withControlAssignment(db, tipoDoc, id, await source.document());
  const signed = await renderSignedDocument(
    doc,
    await signerFor(deps, header.localidadId, family.signatureReason),
  );
  // Issue 20 item 3: 'documento.firmado' with the stored PDF, when the company's endpoints want it.
  const stored = await withWebhookEvent(
    db,
    { localidadId: header.localidadId, tipo: 'documento.firmado' },
    (tx) => family.pdf.save(tx, tipoDoc, id, signed.pdf, signed.sha256),
    (saved) => (saved ? aboutDocument(tipoDoc, { ...header, id }, { sha256: signed.sha256 }) : null),
  );
  // A sandbox document is never mailed to the client by itself (issue 20 item 5).
  if (!stored || !deps.jobs || !header.recipient.correo || header.sandbox) return;
  if (await sendsDocumentsByEmail(db, header.localidadId, header.sucursalId)) {
    await markQueued(
      db,
      { tipoDoc, id },
      [header.recipient.correo],
      header.recipient.ccCorreo ? [header.recipient.ccCorreo] : [],
    );
    await deps.jobs.send(
      documentMailJob,
      { tipoDoc, id },
      { singletonKey: `correo-${family.kind.toLowerCase()}-${id}` },
    );
  }
}

/**
 * The render job. A failure is counted in the ledger and rethrown, so pg-boss retries it with back-off;
 * after RENDER_RETRY_LIMIT retries the document is left FALLIDA with its last error (shown in the
 * lists) and the job ends: it is not retried again, not even at start-up, until an administrator
 * asks (`retryFailedRender`).
 *
 * Queue policy 'short': at most one queued job per document (a second send with the same singletonKey
 * is dropped by pg-boss's unique index); the start-up re-queue also skips documents whose job is
 * queued, waiting for a retry or running. So a document never has two live render jobs.
 */
export const documentPdfJob = defineJob({
  name: RENDER_QUEUE,
  payload: z.object({ tipoDoc: z.enum(TIPOS_DOC), id: z.uuid() }),
  queue: { policy: 'short', retryLimit: RENDER_RETRY_LIMIT, retryDelay: 5 },
  // Eight documents per core in flight (the render pool keeps one per worker; the rest wait there, their
  // reads done): the queue fetches and completes them in groups of half that, so pg-boss's fetch, claim
  // and complete cost a fraction of a statement per document instead of about two.
  concurrency: RENDER_JOBS_IN_FLIGHT,
  async handler(deps, { tipoDoc, id }) {
    try {
      await renderDocument(deps, tipoDoc, id);
    } catch (error) {
      const message = `No se pudo generar el PDF: ${(error as Error)?.message ?? String(error)}`;
      const state = await recordRenderFailure(deps.db, tipoDoc, id, message, RENDER_RETRY_LIMIT + 1);
      // Retried only while PENDIENTE: a FALLIDA document waits for an administrator.
      if (state === 'PENDIENTE') throw error;
    }
  },
});

/** Queues the render of documents just committed. */
export async function queueRenders(deps: Deps, tipoDoc: TipoDoc, ids: string[]): Promise<void> {
  const { jobs } = deps;
  if (!jobs) return;
  // One statement for the whole group (a batch request, a chunk of the mass load), not one per document.
  await jobs.sendMany(
    documentPdfJob,
    ids.map((id) => ({ data: { tipoDoc, id }, singletonKey: renderKey(tipoDoc, id) })),
  );
}

/**
 * At start-up: documents still PENDIENTE (a crash between commit and queueing, or a job pg-boss gave
 * up on without the handler seeing it) and without a live job are queued again. FALLIDA documents are
 * not: they wait for an administrator. Reads pg-boss's own job table (schema `pgboss`, see
 * modules/jobs/queue.ts) to know which documents have a job queued, retrying or running.
 */
export async function requeuePendingRenders(deps: Deps, limit = 5000): Promise<number> {
  if (!deps.jobs) return 0;
  const result = (await deps.db.execute(sql`
    select c.tipo_doc, c.id_documento::text as id from control_numbers c
    where c.pdf_estado = 'PENDIENTE'
      and not exists (
        select 1 from pgboss.job j
        where j.name = ${RENDER_QUEUE} and j.state in ('created', 'retry', 'active')
          and j.singleton_key = 'pdf-' || c.tipo_doc || '-' || c.id_documento::text)
    order by c.id
    limit ${limit}`)) as unknown as { rows: Array<{ tipo_doc: TipoDoc; id: string }> };
  const pending = result.rows.filter((r) => (TIPOS_DOC as readonly string[]).includes(r.tipo_doc));
  for (const r of pending) {
    await deps.jobs.send(
      documentPdfJob,
      { tipoDoc: r.tipo_doc, id: r.id },
      { singletonKey: renderKey(r.tipo_doc, r.id) },
    );
  }
  return pending.length;
}

/**
 * An administrator retries a document whose PDF ended FALLIDA: pending again with its attempts reset,
 * audited, and queued.
 */
export async function retryFailedRender(
  deps: Deps,
  scope: TenantScope,
  tipoDoc: TipoDoc,
  id: string,
  audit: AuditContext,
): Promise<{ id: string; label: string }> {
  const family = familyOf(tipoDoc);
  const label = await deps.db.transaction(async (tx) => {
    const header = await family.header(tx, id);
    if (!header || header.deleted) throw notFound('Documento no encontrado');
    assertTenant(scope, header);
    const label = documentLabel(header.serie, header.numero);
    if (header.generated) throw badRequest(`El documento N° ${label} ya tiene su PDF generado`);
    if (!(await resetFailedRender(tx, tipoDoc, id)))
      throw badRequest(`El PDF del documento N° ${label} no está fallido: ya está en cola`);
    await recordAudit(tx, audit, {
      entity: family.auditEntity,
      entityId: id,
      action: 'regenerate-pdf',
      before: { pdfEstado: 'FALLIDA' },
      after: { pdfEstado: 'PENDIENTE' },
    });
    return label;
  });
  await queueRenders(deps, tipoDoc, [id]);
  return { id, label };
}
