import { TIPOS_DOC, z } from '@sigece/fiscal';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../deps.ts';
import { renderSignedDocument } from '../../../documents/index.ts';
import { defineJob } from '../../jobs/define.ts';
import type { TipoDoc } from '../family.ts';
import { withControlAssignment } from '../ledger/ledger.ts';
import { familyOf } from '../registry.ts';
import { signerFor } from '../render/signer.ts';
import { annulmentOf, recordAnnulledRenderError, saveAnnulledPdf } from './annulment-record.ts';

const QUEUE = 'documento-pdf-anulado';
const keyOf = (tipoDoc: TipoDoc, id: string) => `anulada-${tipoDoc}-${id}`;

/**
 * Renders the annulled document's PDF: the same document as its original, read from
 * what was stored at issue, with the 'ANULADA' mark, its date and reason, signed like the original (the
 * company's certificate or the provider's) on the render pool, and stored beside the original.
 */
export async function renderAnnulledPdf(deps: Deps, tipoDoc: TipoDoc, id: string): Promise<void> {
  const { db, config } = deps;
  const annulment = await annulmentOf(db, tipoDoc, id);
  if (!annulment || annulment.pdfEstado === 'GENERADA') return;
  const family = familyOf(tipoDoc);
  const header = await family.header(db, id);
  if (!header?.nroControl) return;
  const doc = await withControlAssignment(db, tipoDoc, id, await family.toFiscalDocument(db, config, id));
  const signed = await renderSignedDocument(
    { ...doc, annulled: true, annulment: { at: annulment.annulledAt, motivo: annulment.motivo } },
    await signerFor(deps, header.localidadId, family.signatureReason),
  );
  await saveAnnulledPdf(db, tipoDoc, id, signed.pdf, signed.sha256);
}

/** The render job of an annulled PDF: a failure is kept on the annulment and retried by pg-boss. */
export const annulledPdfJob = defineJob({
  name: QUEUE,
  payload: z.object({ tipoDoc: z.enum(TIPOS_DOC), id: z.uuid() }),
  queue: { policy: 'short', retryLimit: 5, retryDelay: 5 },
  async handler(deps, { tipoDoc, id }) {
    try {
      await renderAnnulledPdf(deps, tipoDoc, id);
    } catch (error) {
      const message = `No se pudo generar el PDF anulado: ${(error as Error)?.message ?? String(error)}`;
      await recordAnnulledRenderError(deps.db, tipoDoc, id, message);
      throw error;
    }
  },
});

/**
 * Queues the rendering of every annulment still without its PDF and without a live job: called after an
 * annulment commits (whatever the route or the mass load that made it) and at start-up (a crash between
 * the commit and the queueing).
 */
export async function queueAnnulledRenders(deps: Deps, limit = 500): Promise<number> {
  const { jobs } = deps;
  if (!jobs) return 0;
  const result = (await deps.db.execute(sql`
    select a.tipo_doc, a.id_documento::text as id from document_annulments a
    where a.pdf_estado = 'PENDIENTE'
      and not exists (
        select 1 from pgboss.job j
        where j.name = ${QUEUE} and j.state in ('created', 'retry', 'active')
          and j.singleton_key = 'anulada-' || a.tipo_doc || '-' || a.id_documento::text)
    order by a.anulada_en
    limit ${limit}`)) as unknown as { rows: Array<{ tipo_doc: TipoDoc; id: string }> };
  const pending = result.rows.filter((r) => (TIPOS_DOC as readonly string[]).includes(r.tipo_doc));
  if (pending.length > 0)
    await jobs.sendMany(
      annulledPdfJob,
      pending.map((r) => ({
        data: { tipoDoc: r.tipo_doc, id: r.id },
        singletonKey: keyOf(r.tipo_doc, r.id),
      })),
    );
  return pending.length;
}

/** The annulment routes: screens' 'Anular' and the integration API's mass annulments (their paths say it). */
const ANNULMENT_ROUTE = /anular/i;

/**
 * Queues the annulled PDFs as soon as an annulment route answers with success, whichever family or route
 * it was (one hook, so no annulment route can forget it); failures are only logged, the start-up re-queue
 * catches what is left.
 */
export function queueAnnulledRendersAfterAnnulments(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 300) return;
    if (!ANNULMENT_ROUTE.test(request.routeOptions.url ?? '')) return;
    await queueAnnulledRenders(app.deps).catch((err) =>
      request.log.warn({ err }, 'no se pudieron encolar los PDF anulados'),
    );
  });
}
