import { z } from '@sigece/fiscal';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { jsonRecordset } from '../../db/json-recordset.ts';
import { cargasMasivas, cargasMasivasDocumentos } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { TipoDoc } from '../issuance/family.ts';
import { queueRenders } from '../issuance/render/render.ts';
import { defineJob } from '../jobs/define.ts';
import { withWebhookEvent } from '../webhooks/outbox.ts';
import type { Outcome, Requester } from './descriptor.ts';
import { fileTypeNamed } from './registry.ts';

/**
 * The processing of an uploaded load, on the job queue. Documents go through their family's pipeline
 * in chunks, in the order of the file: the family stores a chunk in its own transaction (the kernel's
 * group commit, a savepoint per document), then one more transaction records each document's outcome
 * and the load's counters, which the dialog polls.
 *
 * Safe to repeat: a worker killed between the two (kill -9, a restart) leaves those documents PENDING
 * here but stored there; the next run sends them again and the family refuses them as duplicates in one
 * query, so they are reported EXISTENTE and never stored twice, and control numbers stay consecutive.
 * A worker holds the load while `reservada_hasta` is in the future, renewed per chunk, so two workers
 * never run one load at once (an expired pg-boss job retried while the first still runs waits its turn).
 */

export const MASS_LOAD_QUEUE = 'carga-masiva';

/** Documents per chunk (the kernel takes at most 1000 per transaction); tests make it small. */
export const massLoadSettings = { chunkSize: 250, leaseSeconds: 120 };
/**
 * On PGlite every other statement waits while a chunk's transaction holds its one session (even
 * `/v2/health`'s `select 1`): 25 documents gave a worst wait of 546 ms on an idle machine (p50 188 ms),
 * so 10 (about 0.1–0.2 s there), for a little more bookkeeping per document.
 */
const EMBEDDED_CHUNK = 10;

/** The load is being processed by another worker: pg-boss retries the job later. */
export class LoadHeld extends Error {}

const leaseUntil = () => new Date(Date.now() + massLoadSettings.leaseSeconds * 1000);

/** Runs a load to its end (or resumes it). */
export async function runLoad(deps: Deps, id: string): Promise<void> {
  const { db } = deps;
  const now = new Date();
  const [load] = await db
    .update(cargasMasivas)
    .set({
      estado: 'PROCESANDO',
      reservadaHasta: leaseUntil(),
      iniciadaEn: sql`coalesce(${cargasMasivas.iniciadaEn}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(cargasMasivas.id, id),
        inArray(cargasMasivas.estado, ['EN_COLA', 'PROCESANDO']),
        or(isNull(cargasMasivas.reservadaHasta), lt(cargasMasivas.reservadaHasta, now)),
      ),
    )
    .returning();
  if (!load) {
    const [current] = await db
      .select({ estado: cargasMasivas.estado })
      .from(cargasMasivas)
      .where(eq(cargasMasivas.id, id));
    if (current && (current.estado === 'EN_COLA' || current.estado === 'PROCESANDO'))
      throw new LoadHeld(`La carga ${id} está en proceso en otro trabajador`);
    return; // finished, or removed
  }
  const type = fileTypeNamed(load.tipo);
  if (!type) throw new Error(`tipo de carga no registrado: ${load.tipo}`);
  const requester = load.solicitante as Requester;
  try {
    await processChunks(deps, id, load.localidadId, type, requester);
  } catch (error) {
    // What was stored is rendered even when the run stops half-way; the run's own error is the one told.
    await queueLoadRenders(deps, id).catch(() => {});
    throw error;
  }
  await queueLoadRenders(deps, id);
  // 'carga.terminada' with the load's counters, in the transaction that ends it.
  await withWebhookEvent(
    db,
    { localidadId: load.localidadId, tipo: 'carga.terminada' },
    (tx) =>
      tx
        .update(cargasMasivas)
        .set({ estado: 'TERMINADO', terminadaEn: new Date(), reservadaHasta: null })
        .where(eq(cargasMasivas.id, id))
        .returning({ ...loadCounters }),
    ([row]) => (row ? { clave: `carga:${id}`, data: { id, ...row } } : null),
  );
}

const loadCounters = {
  tipo: cargasMasivas.tipo,
  nombreArchivo: cargasMasivas.nombreArchivo,
  total: cargasMasivas.total,
  nuevos: cargasMasivas.nuevos,
  existentes: cargasMasivas.existentes,
  errores: cargasMasivas.errores,
};

/** Render jobs sent at once (each send is one insert; a bounded number in flight). */
const RENDER_BATCH = 100;

/**
 * The PDF jobs of the documents a load stored, queued when it stops (done or failed), not chunk by
 * chunk: rendering and signing 2,000 PDFs while the load runs took the processor from it. Read from the
 * load's rows, so a run resumed after a crash also queues what the crashed run stored (a job already
 * queued for a document is not doubled; one already rendered finds its PDF and ends). A document whose
 * outcome a crash lost is PENDIENTE in the ledger: the start-up re-queue (requeuePendingRenders) sends it.
 */
async function queueLoadRenders(deps: Deps, id: string) {
  const rows = await deps.db
    .select({ tipoDoc: cargasMasivasDocumentos.tipoDoc, documentoId: cargasMasivasDocumentos.documentoId })
    .from(cargasMasivasDocumentos)
    .where(and(eq(cargasMasivasDocumentos.cargaId, id), eq(cargasMasivasDocumentos.estado, 'NUEVO')))
    .orderBy(asc(cargasMasivasDocumentos.posicion));
  const byType = new Map<TipoDoc, string[]>();
  for (const r of rows) {
    if (!r.tipoDoc || !r.documentoId) continue;
    const ids = byType.get(r.tipoDoc as TipoDoc);
    if (ids) ids.push(r.documentoId);
    else byType.set(r.tipoDoc as TipoDoc, [r.documentoId]);
  }
  for (const [tipoDoc, ids] of byType)
    for (let i = 0; i < ids.length; i += RENDER_BATCH)
      await queueRenders(deps, tipoDoc, ids.slice(i, i + RENDER_BATCH));
}

async function processChunks(
  deps: Deps,
  id: string,
  localidadId: string,
  type: NonNullable<ReturnType<typeof fileTypeNamed>>,
  requester: Requester,
) {
  const { db } = deps;
  const size =
    deps.database.kind === 'pglite'
      ? Math.min(EMBEDDED_CHUNK, massLoadSettings.chunkSize)
      : massLoadSettings.chunkSize;
  for (;;) {
    const chunk = await db
      .select({
        posicion: cargasMasivasDocumentos.posicion,
        documento: cargasMasivasDocumentos.documento,
      })
      .from(cargasMasivasDocumentos)
      .where(and(eq(cargasMasivasDocumentos.cargaId, id), eq(cargasMasivasDocumentos.estado, 'PENDIENTE')))
      .orderBy(asc(cargasMasivasDocumentos.posicion))
      .limit(size);
    if (chunk.length === 0) break;
    const outcomes = await type.process(
      deps,
      requester,
      chunk.map((d) => d.documento),
      { localidadId },
    );
    await recordOutcomes(
      deps,
      id,
      chunk.map((d) => d.posicion),
      outcomes,
    );
  }
}

/** One transaction: each document's outcome, the load's counters, and the renewed hold. */
async function recordOutcomes(deps: Deps, id: string, positions: number[], outcomes: Outcome[]) {
  const rows = positions.map((posicion, i) => ({
    posicion,
    estado: outcomes[i].estado,
    mensaje: outcomes[i].mensaje,
    nro: outcomes[i].nroControl ?? null,
    tipo: outcomes[i].render?.tipoDoc ?? null,
    doc: outcomes[i].render?.id ?? null,
  }));
  const count = (estado: Outcome['estado']) => outcomes.filter((o) => o.estado === estado).length;
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`
      update cargas_masivas_documentos d
      set estado = v.estado, mensaje = v.mensaje, nro_control = v.nro, tipo_doc = v.tipo, id_documento = v.doc
      from (${jsonRecordset(rows, 'v', 'posicion int, estado text, mensaje text, nro text, tipo text, doc uuid')}) v
      where d.id_carga = ${id} and d.posicion = v.posicion and d.estado = 'PENDIENTE'`);
    await tx
      .update(cargasMasivas)
      .set({
        procesados: sql`${cargasMasivas.procesados} + ${outcomes.length}`,
        nuevos: sql`${cargasMasivas.nuevos} + ${count('NUEVO')}`,
        existentes: sql`${cargasMasivas.existentes} + ${count('EXISTENTE')}`,
        errores: sql`${cargasMasivas.errores} + ${count('ERROR') + count('EXISTENTE')}`,
        reservadaHasta: leaseUntil(),
      })
      .where(eq(cargasMasivas.id, id));
  });
}

export const massLoadJob = defineJob({
  name: MASS_LOAD_QUEUE,
  payload: z.object({ id: z.uuid() }),
  // Long: a large load runs for minutes. Retried while another worker holds it (LoadHeld).
  queue: { policy: 'short', retryLimit: 30, retryDelay: 10, expireInSeconds: 3600 },
  concurrency: 1,
  handler: (deps, { id }) => runLoad(deps, id),
});

const jobKey = (id: string) => `carga-${id}`;

/** Queues a load's processing; without a job queue in this process, runs it here in the background. */
export async function queueLoad(deps: Deps, id: string): Promise<void> {
  if (deps.jobs) {
    await deps.jobs.send(massLoadJob, { id }, { singletonKey: jobKey(id) });
    return;
  }
  runLoad(deps, id).catch((error) => console.error('carga masiva:', (error as Error)?.message ?? error));
}

/**
 * At start-up: loads left queued or half-processed (a crash, kill -9) whose job is not waiting are
 * queued again; the job resumes them where their documents' outcomes stop.
 */
export async function resumeLoads(deps: Deps): Promise<number> {
  if (!deps.jobs) return 0;
  const result = (await deps.db.execute(sql`
    select c.id::text as id from cargas_masivas c
    where c.estado in ('EN_COLA', 'PROCESANDO')
      and not exists (
        select 1 from pgboss.job j
        where j.name = ${MASS_LOAD_QUEUE} and j.state in ('created', 'retry')
          and j.singleton_key = 'carga-' || c.id::text)`)) as unknown as { rows: Array<{ id: string }> };
  for (const { id } of result.rows) await queueLoad(deps, id);
  return result.rows.length;
}
