import { availableParallelism } from 'node:os';
import { documentLabel, TIPOS_DOC, z } from '@sigece/fiscal';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { Deps } from '../../../deps.ts';
import { type FiscalDocument, renderSignedDocument } from '../../../documents/index.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { assertTenant, type TenantScope } from '../../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../../audit/service.ts';
import { sendsDocumentsByEmail } from '../../companies/service.ts';
import { markQueued } from '../../delivery/service.ts';
import { sameTurnBatchesOf } from '../../jobs/batch.ts';
import { defineJob } from '../../jobs/define.ts';
import { aboutDocument, isSubscribed, withWebhookEvent } from '../../webhooks/outbox.ts';
import type { AnyFamily, DocumentHeader, PdfSource, TipoDoc } from '../family.ts';
import {
  controlAssignedAt,
  markGenerated,
  recordRenderFailure,
  resetFailedRender,
} from '../ledger/ledger.ts';
import { familyOf } from '../registry.ts';
import { documentMailJob } from './mail-job.ts';
import { saveManyOf } from './pdf-store.ts';
import { signerFor } from './signer.ts';

/** pg-boss retries a failing render this many times; then the document is FALLIDA. */
export const RENDER_RETRY_LIMIT = 5;
const RENDER_QUEUE = 'documento-pdf';
const RENDER_JOBS_IN_FLIGHT = Math.max(8, availableParallelism() * 8);

/** One document, one render job: the key pg-boss deduplicates on (see `documentPdfJob`'s policy). */
const renderKey = (tipoDoc: TipoDoc, id: string) => `pdf-${tipoDoc}-${id}`;

/** A document whose PDF is to be made: the render job's payload. */
export interface RenderJob {
  tipoDoc: TipoDoc;
  id: string;
}

/** A document read and still without its PDF. */
interface ToRender {
  at: number;
  job: RenderJob;
  family: AnyFamily;
  header: DocumentHeader;
  document: () => Promise<FiscalDocument>;
}

/**
 * Renders, signs and stores a document's PDF with its SHA-256, and marks it generated in the ledger in
 * the same statement. A stored PDF is never replaced. Then queues the e-mail when the company or branch
 * sends documents by e-mail and the client has an address.
 */
export async function renderDocument(deps: Deps, tipoDoc: TipoDoc, id: string): Promise<void> {
  const [result] = await renderDocuments(deps, [{ tipoDoc, id }]);
  if (result.status === 'rejected') throw result.reason;
}

/**
 * `renderDocument` for several documents at once (the render job's batch), each with its own outcome:
 * the moments their numbers were assigned are read in one query per family, and their PDFs stored in one
 * statement per family (a company whose webhook endpoints want 'documento.firmado' stores each in a
 * transaction with its event, as before). A failure of one document's read or render is that document's;
 * a failure of the shared store, every stored document's (each job is retried, and a stored PDF is kept).
 */
export async function renderDocuments(
  deps: Deps,
  jobs: RenderJob[],
): Promise<Array<PromiseSettledResult<void>>> {
  const { db, config } = deps;
  const results: Array<PromiseSettledResult<void>> = jobs.map(() => ({
    status: 'fulfilled',
    value: undefined,
  }));
  const fail = (at: number, reason: unknown) => {
    results[at] = { status: 'rejected', reason };
  };
  // A family that reads many documents at once reads the batch's in one statement.
  const many = new Map<TipoDoc, Promise<Map<string, PdfSource>>>();
  const sourceOf = (family: AnyFamily, job: RenderJob): Promise<PdfSource | null> => {
    if (family.pdfSources) {
      let batch = many.get(job.tipoDoc);
      if (!batch) {
        const ids = jobs.filter((j) => j.tipoDoc === job.tipoDoc).map((j) => j.id);
        batch = family.pdfSources(db, config, ids);
        many.set(job.tipoDoc, batch);
      }
      return batch.then((found) => found.get(job.id) ?? null);
    }
    if (family.pdfSource) return family.pdfSource(db, config, job.id);
    return family
      .header(db, job.id)
      .then((header) => header && { header, document: () => family.toFiscalDocument(db, config, job.id) });
  };
  const read = await Promise.allSettled(
    jobs.map(async (job, at): Promise<ToRender | null> => {
      const family = familyOf(job.tipoDoc);
      const source = await sourceOf(family, job);
      if (!source) return null;
      const { header } = source;
      if (header.generated) {
        await markGenerated(db, job.tipoDoc, job.id);
        return null;
      }
      if (!header.nroControl)
        throw new Error(`${family.kind} ${documentLabel(header.serie, header.numero)} sin número de control`);
      return { at, job, family, header, document: source.document };
    }),
  );
  const todo: ToRender[] = [];
  read.forEach((r, at) => {
    if (r.status === 'rejected') fail(at, r.reason);
    else if (r.value) todo.push(r.value);
  });
  if (todo.length === 0) return results;

  // When each number was assigned (printed under it): one query per family for the whole batch.
  const assigned = new Map<string, Date>();
  try {
    for (const tipoDoc of new Set(todo.map((t) => t.job.tipoDoc))) {
      const ids = todo.filter((t) => t.job.tipoDoc === tipoDoc).map((t) => t.job.id);
      for (const [id, at] of await controlAssignedAt(db, tipoDoc, ids)) assigned.set(`${tipoDoc}:${id}`, at);
    }
  } catch (error) {
    for (const t of todo) fail(t.at, error);
    return results;
  }

  const rendered = await Promise.allSettled(
    todo.map(async (t) => {
      const doc = await t.document();
      const at = assigned.get(`${t.job.tipoDoc}:${t.job.id}`);
      return renderSignedDocument(
        at ? { ...doc, controlAssignedAt: at } : doc,
        await signerFor(deps, t.header.localidadId, t.family.signatureReason),
      );
    }),
  );
  const signed: Array<ToRender & { pdf: Buffer; sha256: string }> = [];
  rendered.forEach((r, i) => {
    if (r.status === 'rejected') fail(todo[i].at, r.reason);
    else signed.push({ ...todo[i], pdf: r.value.pdf, sha256: r.value.sha256 });
  });

  const stored: typeof signed = [];
  const storeOne = async (s: (typeof signed)[number]) => {
    // 'documento.firmado' with the stored PDF, when the company's endpoints want it.
    const saved = await withWebhookEvent(
      db,
      { localidadId: s.header.localidadId, tipo: 'documento.firmado' },
      (tx) => s.family.pdf.save(tx, s.job.tipoDoc, s.job.id, s.pdf, s.sha256),
      (ok) => (ok ? aboutDocument(s.job.tipoDoc, { ...s.header, id: s.job.id }, { sha256: s.sha256 }) : null),
    );
    if (saved) stored.push(s);
  };
  const plain = new Map<TipoDoc, typeof signed>();
  await Promise.all(
    signed.map(async (s) => {
      try {
        const watched = await isSubscribed(db, s.header.localidadId, 'documento.firmado');
        if (watched || !saveManyOf(s.family.pdf)) return await storeOne(s);
        const group = plain.get(s.job.tipoDoc) ?? [];
        group.push(s);
        plain.set(s.job.tipoDoc, group);
      } catch (error) {
        fail(s.at, error);
      }
    }),
  );
  for (const [tipoDoc, group] of plain) {
    try {
      const saved = await saveManyOf(group[0].family.pdf)!(
        db,
        tipoDoc,
        group.map((s) => ({ id: s.job.id, pdf: s.pdf, sha256: s.sha256 })),
      );
      stored.push(...group.filter((s) => saved.has(s.job.id)));
    } catch (error) {
      for (const s of group) fail(s.at, error);
    }
  }

  await Promise.all(
    stored.map(async (s) => {
      try {
        await queueMail(deps, s.family, s.job, s.header);
      } catch (error) {
        fail(s.at, error);
      }
    }),
  );
  return results;
}

/** The e-mail of a document whose PDF was just stored, when its company sends documents by e-mail. */
async function queueMail(deps: Deps, family: AnyFamily, { tipoDoc, id }: RenderJob, header: DocumentHeader) {
  const { db } = deps;
  // A sandbox document is never mailed to the client by itself.
  if (!deps.jobs || !header.recipient.correo || header.sandbox) return;
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

/** Each process's jobs of one turn rendered together (jobs/batch.ts). */
const renderInBatch = sameTurnBatchesOf((deps: Deps, jobs: RenderJob[]) => renderDocuments(deps, jobs));

/**
 * Why a render failed, as shown in the lists: a failed statement's own reason from the database, not
 * the statement and its parameters (a PDF's bytes among them) that the query builder's message quotes.
 */
function failureReason(error: unknown): string {
  if (error instanceof DrizzleQueryError && error.cause instanceof Error) return error.cause.message;
  return error instanceof Error ? error.message : String(error);
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
  // Fetched in halves of that: each half is rendered as one batch (its reads and its stores one statement
  // each) while the other renders.
  batchSize: RENDER_JOBS_IN_FLIGHT / 2,
  async handler(deps, { tipoDoc, id }) {
    try {
      await renderInBatch(deps, { tipoDoc, id });
    } catch (error) {
      const message = `No se pudo generar el PDF: ${failureReason(error)}`;
      const state = await recordRenderFailure(deps.db, tipoDoc, id, message, RENDER_RETRY_LIMIT + 1);
      // Retried only while PENDIENTE: a FALLIDA document waits for an administrator.
      if (state === 'PENDIENTE') throw error;
    }
  },
});

/**
 * One statement for the renders queued in one turn of the event loop, not one per caller: a batch request
 * or a chunk of the mass load sends its documents together, and so do the requests whose documents one
 * group commit stored (their handlers resume in the same turn once it commits).
 */
const queueInTurn = sameTurnBatchesOf(async (deps: Deps, groups: RenderJob[][]) => {
  await deps.jobs?.sendMany(
    documentPdfJob,
    groups.flat().map(({ tipoDoc, id }) => ({ data: { tipoDoc, id }, singletonKey: renderKey(tipoDoc, id) })),
  );
  return groups.map((): PromiseSettledResult<void> => ({ status: 'fulfilled', value: undefined }));
});

/** Queues the render of documents just committed. */
export async function queueRenders(deps: Deps, tipoDoc: TipoDoc, ids: string[]): Promise<void> {
  if (!deps.jobs || ids.length === 0) return;
  await queueInTurn(
    deps,
    ids.map((id) => ({ tipoDoc, id })),
  );
}

/** How old a PENDIENTE document without a job is before the chores' periodic re-queue sends it. */
export const PENDING_RENDER_AGE_SECONDS = 300;

/** Documents a process renders right after their commit, at most this many at once; the rest are queued. */
export const RENDERS_HERE_LIMIT = RENDER_JOBS_IN_FLIGHT * 4;

/** A process's renders of just-committed documents under way: their count and their promises. */
interface RendersHere {
  documents: number;
  running: Set<Promise<void>>;
}
const rendersHere = new WeakMap<Deps, RendersHere>();

function rendersHereOf(deps: Deps): RendersHere {
  let state = rendersHere.get(deps);
  if (!state) {
    state = { documents: 0, running: new Set() };
    rendersHere.set(deps, state);
  }
  return state;
}

/**
 * The PDFs of one turn's committed documents rendered here together (their reads and their stores one
 * statement each, as the render job's batch); a document whose render fails is queued, so the job's
 * retries, back-off and FALLIDA state apply to it as to any other.
 */
const renderHereInTurn = sameTurnBatchesOf(async (deps: Deps, groups: RenderJob[][]) => {
  const jobs = groups.flat();
  const results = await renderDocuments(deps, jobs);
  const failed = jobs.filter((_, i) => results[i].status === 'rejected');
  if (failed.length > 0) await queueInTurn(deps, failed);
  return groups.map((): PromiseSettledResult<void> => ({ status: 'fulfilled', value: undefined }));
});

/**
 * The PDFs of documents a request just committed. A process that works the render queue renders them at
 * once, without their trip through it: a job's insert, fetch and completion were a seventh of the
 * statements of a signed invoice, and three writes of a job row with its indexes. Queued instead when
 * this process only sends jobs (SIGECE_JOBS=send, the HTTP workers of a cluster), when it already renders
 * RENDERS_HERE_LIMIT documents, and for a render that fails. Nothing waits for it: the request is
 * answered at the commit. A crash before the PDF is stored leaves the document PENDIENTE without a job:
 * the start-up re-queue and the chores' periodic one (`requeuePendingRenders`) send it.
 */
export async function renderCommitted(deps: Deps, tipoDoc: TipoDoc, ids: string[]): Promise<void> {
  if (!deps.jobs || ids.length === 0) return;
  const state = rendersHereOf(deps);
  if (deps.config.jobWorkers === false || state.documents + ids.length > RENDERS_HERE_LIMIT)
    return queueRenders(deps, tipoDoc, ids);
  state.documents += ids.length;
  const done: Promise<void> = renderHereInTurn(
    deps,
    ids.map((id) => ({ tipoDoc, id })),
  )
    // A failed queueing leaves the documents PENDIENTE for the periodic re-queue.
    .catch(() => undefined)
    .finally(() => {
      state.documents -= ids.length;
      state.running.delete(done);
    });
  state.running.add(done);
}

/** Waits for the renders `renderCommitted` started here (before the process closes its database). */
export async function rendersHereSettled(deps: Deps): Promise<void> {
  const state = rendersHere.get(deps);
  while (state && state.running.size > 0) await Promise.allSettled([...state.running]);
}

/**
 * At start-up, and every few minutes for documents some minutes old: documents still PENDIENTE (a crash
 * between commit and queueing or before a render done at once was stored, or a job pg-boss gave up on
 * without the handler seeing it) and without a live job are queued again. FALLIDA documents are
 * not: they wait for an administrator. Reads pg-boss's own job table (schema `pgboss`, see
 * modules/jobs/queue.ts) to know which documents have a job queued, retrying or running.
 */
export async function requeuePendingRenders(
  deps: Deps,
  limit = 5000,
  /**
   * Only documents whose number was assigned at least this long ago (the periodic re-queue), by the
   * application's clock, the one that stamps the assignment (ledger.ts).
   */
  olderThanSeconds = 0,
): Promise<number> {
  if (!deps.jobs) return 0;
  const result = (await deps.db.execute(sql`
    select c.tipo_doc, c.id_documento::text as id from control_numbers c
    where c.pdf_estado = 'PENDIENTE'
      ${olderThanSeconds > 0 ? sql`and c.emitido_en <= ${new Date(Date.now() - olderThanSeconds * 1000).toISOString()}::timestamptz` : sql``}
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
