import {
  WEBHOOK_ANSWER_KEPT,
  WEBHOOK_GIVE_UP_MS,
  WEBHOOK_TIMEOUT_MS,
  webhookRetryDelayMs,
  z,
} from '@sigece/fiscal';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { findCompany } from '../companies/lookup.service.ts';
import { defineJob } from '../jobs/define.ts';
import { companyUserEmailsWith } from '../security/users.service.ts';
import { forgetWebhookSubscriptions } from './outbox.ts';
import { messageIdOf, webhookHeaders } from './signature.ts';

/**
 * Sending webhook deliveries. A delivery is due when PENDIENTE, its next attempt has
 * come, no worker holds it and no earlier delivery of the same document to the same endpoint is still
 * pending: so a document's events arrive in order (a later one waits for the earlier one, also while the
 * earlier one waits for its retry), while other documents' events go on.
 *
 * Each round claims a batch (`reservada_hasta`, skip locked: several processes never send one delivery
 * twice at once), sends each with a 10 s timeout outside any transaction, and records the answer: a 2xx
 * delivers it; anything else (another status, a timeout, a refused connection) schedules the next attempt
 * with exponential back-off (`webhookRetryDelayMs`) until WEBHOOK_GIVE_UP_MS after it was queued, then it
 * is FALLIDA. An endpoint failing without a success for WEBHOOK_GIVE_UP_MS is disabled and its company's
 * administrators are e-mailed.
 *
 * Retries live in the table, not in pg-boss's own retry: the schedule spans days, follows the
 * application's clock (tests move it), and survives restarts; the job only says "send what is due".
 */

/** Deliveries claimed per round; how long a claim holds (longer than one attempt). */
const BATCH = 50;
const CLAIM_MS = 60_000;
/** Attempts in flight at once in one process. */
const PARALLEL = 8;

interface Claimed {
  id: string;
  intentos: number;
  vence: Date;
  endpointId: string;
  url: string;
  secreto: Buffer;
  fallandoDesde: Date | null;
  localidadId: string;
  eventoId: string;
  tipo: string;
  datos: Record<string, unknown>;
  creado: Date;
  nombre: string;
  rif: string;
}

const asDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
const asBuffer = (v: unknown) => (Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array));

async function claim(deps: Deps, now: Date, only?: string): Promise<Claimed[]> {
  const until = new Date(now.getTime() + CLAIM_MS);
  const result = (await deps.db.execute(sql`
    with picked as (
      select d.id from webhook_deliveries d
        join webhook_endpoints e on e.id = d.id_endpoint and e.activo
       where d.estado = 'PENDIENTE'
         and ${only === undefined ? sql`d.proximo_intento <= ${now}::timestamptz` : sql`d.id = ${only}::uuid`}
         and (d.reservada_hasta is null or d.reservada_hasta < ${now}::timestamptz)
         and not exists (
           select 1 from webhook_deliveries p
            where p.id_endpoint = d.id_endpoint and p.clave = d.clave
              and p.estado = 'PENDIENTE' and p.seq < d.seq)
       order by d.seq
       limit ${BATCH}
       for update of d skip locked),
    claimed as (
      update webhook_deliveries d set reservada_hasta = ${until}::timestamptz
        from picked where d.id = picked.id
      returning d.id, d.intentos, d.vence, d.id_endpoint, d.id_evento, d.seq)
    select c.id, c.intentos, c.vence, c.id_endpoint, e.url, e.secreto, e.fallando_desde, e.id_localidad,
           ev.id as id_evento, ev.tipo, ev.datos, ev.creado
      from claimed c
      join webhook_endpoints e on e.id = c.id_endpoint
      join webhook_events ev on ev.id = c.id_evento
     order by c.seq`)) as unknown as { rows: Array<Record<string, unknown>> };
  const companies = new Map<string, { nombre: string; rif: string }>();
  for (const id of new Set(result.rows.map((r) => r.id_localidad as string))) {
    const company = await findCompany(deps.db, id);
    companies.set(id, {
      nombre: company?.nombre ?? '',
      rif: company ? `${company.tipoDocumento}-${company.numeroDocumento}` : '',
    });
  }
  return result.rows.map((r) => ({
    id: r.id as string,
    intentos: Number(r.intentos),
    vence: asDate(r.vence)!,
    endpointId: r.id_endpoint as string,
    url: r.url as string,
    secreto: asBuffer(r.secreto),
    fallandoDesde: asDate(r.fallando_desde),
    localidadId: r.id_localidad as string,
    eventoId: r.id_evento as string,
    tipo: r.tipo as string,
    datos: (typeof r.datos === 'string' ? JSON.parse(r.datos) : r.datos) as Record<string, unknown>,
    creado: asDate(r.creado)!,
    ...companies.get(r.id_localidad as string)!,
  }));
}

/** The event as the receiver reads it: the same bytes on every attempt. */
export function eventBody(
  d: Pick<Claimed, 'eventoId' | 'tipo' | 'creado' | 'localidadId' | 'nombre' | 'rif' | 'datos'>,
) {
  return JSON.stringify({
    id: messageIdOf(d.eventoId),
    type: d.tipo,
    time: d.creado.toISOString(),
    company: { id: d.localidadId, rif: d.rif, nombre: d.nombre },
    data: d.datos,
  });
}

interface Outcome {
  ok: boolean;
  code: number | null;
  answer: string;
}

async function post(deps: Deps, d: Claimed, now: Date): Promise<Outcome> {
  const body = eventBody(d);
  const secret = deps.secrets.open(d.secreto).toString('utf8');
  try {
    const response = await fetch(d.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'sigece-webhooks/1',
        ...webhookHeaders(secret, messageIdOf(d.eventoId), now, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    const text = await response.text().catch(() => '');
    return {
      ok: response.status >= 200 && response.status < 300,
      code: response.status,
      answer: text.slice(0, WEBHOOK_ANSWER_KEPT),
    };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    const why =
      e.name === 'TimeoutError'
        ? `Sin respuesta en ${WEBHOOK_TIMEOUT_MS / 1000} s`
        : `Sin conexión: ${e.cause?.code ?? e.cause?.message ?? e.message}`;
    return { ok: false, code: null, answer: why.slice(0, WEBHOOK_ANSWER_KEPT) };
  }
}

async function record(deps: Deps, d: Claimed, outcome: Outcome, now: Date): Promise<void> {
  const { db } = deps;
  const attempts = d.intentos + 1;
  if (outcome.ok) {
    await db.execute(sql`
      with done as (
        update webhook_deliveries set estado = 'ENTREGADA', intentos = ${attempts},
               ultimo_intento = ${now}::timestamptz, ultimo_codigo = ${outcome.code},
               ultima_respuesta = ${outcome.answer}, entregada_en = ${now}::timestamptz, reservada_hasta = null
         where id = ${d.id}::uuid returning id)
      update webhook_endpoints set fallando_desde = null
       where id = ${d.endpointId}::uuid and fallando_desde is not null`);
    return;
  }
  const givenUp = now.getTime() >= d.vence.getTime();
  const next = new Date(now.getTime() + webhookRetryDelayMs(attempts));
  const result = (await db.execute(sql`
    with failed as (
      update webhook_deliveries set estado = ${givenUp ? 'FALLIDA' : 'PENDIENTE'}, intentos = ${attempts},
             proximo_intento = ${next}::timestamptz, ultimo_intento = ${now}::timestamptz,
             ultimo_codigo = ${outcome.code}, ultima_respuesta = ${outcome.answer}, reservada_hasta = null
       where id = ${d.id}::uuid returning id)
    update webhook_endpoints set fallando_desde = coalesce(fallando_desde, ${now}::timestamptz)
     where id = ${d.endpointId}::uuid
     returning fallando_desde`)) as unknown as { rows: Array<{ fallando_desde: unknown }> };
  const since = asDate(result.rows[0]?.fallando_desde);
  if (since && now.getTime() - since.getTime() >= WEBHOOK_GIVE_UP_MS) await giveUp(deps, d, since);
}

/** 3 days of failures: the endpoint is disabled (once, whichever process sees it) and its admins told. */
async function giveUp(deps: Deps, d: Claimed, since: Date): Promise<void> {
  const motivo = `Desactivado automáticamente: falló durante 3 días (desde ${since.toISOString()})`;
  const result = (await deps.db.execute(sql`
    update webhook_endpoints set activo = false, motivo_desactivacion = ${motivo},
           log_fecha_modificacion = ${new Date()}::timestamptz
     where id = ${d.endpointId}::uuid and activo returning id`)) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) return;
  forgetWebhookSubscriptions();
  const to = await companyAdministrators(deps, d.localidadId);
  if (to.length === 0) return;
  await deps.mailer.send(deps.db, {
    to,
    subject: `Webhook desactivado: ${d.url}`,
    text:
      `El webhook ${d.url} de ${d.nombre} (${d.rif}) no respondió correctamente durante 3 días ` +
      `(desde ${since.toISOString()}) y fue desactivado. Las entregas pendientes se conservan: ` +
      'corrija el receptor y vuelva a activarlo en Integración › Webhooks.',
    localidadId: d.localidadId,
    tipoDoc: 'WEBHOOK',
    nroDoc: d.endpointId.slice(0, 20),
  });
}

/**
 * Who administers a company: its active users whose role may modify it ('Razón Social' › Modificar, the
 * permission the webhook routes ask); when none, the company's own e-mail.
 */
export async function companyAdministrators(deps: Deps, localidadId: string): Promise<string[]> {
  const admins = await companyUserEmailsWith(deps.db, localidadId, '/mantenimiento/Localidad', 'update');
  if (admins.length > 0) return admins;
  const correo = (await findCompany(deps.db, localidadId))?.correo?.trim();
  return correo ? [correo] : [];
}

async function runAll(deps: Deps, claimed: Claimed[], now: Date) {
  let next = 0;
  const worker = async () => {
    while (next < claimed.length) {
      const d = claimed[next++];
      await record(deps, d, await post(deps, d, now), now);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, claimed.length) }, worker));
}

/**
 * Sends what is due at `now` (the application's clock by default; tests pass a later one instead of
 * waiting), round after round while rounds come back full. Returns how many attempts were made.
 */
export async function deliverDue(deps: Deps, options: { now?: Date; rounds?: number } = {}): Promise<number> {
  let attempts = 0;
  for (let round = 0; round < (options.rounds ?? 20); round++) {
    const now = options.now ?? new Date();
    const claimed = await claim(deps, now);
    await runAll(deps, claimed, now);
    attempts += claimed.length;
    if (claimed.length < BATCH) break;
  }
  return attempts;
}

/** One delivery now, whatever its schedule (the test event): false when it is not pending or is held. */
export async function deliverOne(deps: Deps, id: string, now = new Date()): Promise<boolean> {
  const claimed = await claim(deps, now, id);
  await runAll(deps, claimed, now);
  return claimed.length > 0;
}

const JOB_KEY = 'webhook-entregas';

/** The job: "send what is due". At most one waits in the queue; the table holds the schedule. */
export const webhookDeliveryJob = defineJob({
  name: JOB_KEY,
  payload: z.object({}),
  queue: { policy: 'short', retryLimit: 0, expireInSeconds: 600 },
  concurrency: 1,
  async handler(deps) {
    await deliverDue(deps);
  },
});

/** Asks the job queue to send what is due (no-op in a process without a queue). */
export async function nudgeWebhookDeliveries(deps: Deps): Promise<void> {
  await deps.jobs?.send(webhookDeliveryJob, {}, { singletonKey: JOB_KEY });
}

/** How often a working process looks for due deliveries (one indexed query). */
export const SWEEP_MS = 2_000;

/**
 * In a process that works jobs: every SWEEP_MS, when some delivery is due (a new event, a retry whose time
 * came), queues the job. Events are recorded inside other modules' transactions, so this is how they
 * leave the outbox, also after a crash.
 */
export function startWebhookSweeper(deps: Deps): () => void {
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const now = new Date();
      const due = (await deps.db.execute(sql`
        select 1 from webhook_deliveries d
          join webhook_endpoints e on e.id = d.id_endpoint and e.activo
         where d.estado = 'PENDIENTE' and d.proximo_intento <= ${now}::timestamptz
           and (d.reservada_hasta is null or d.reservada_hasta < ${now}::timestamptz)
           and not exists (
             select 1 from webhook_deliveries p
              where p.id_endpoint = d.id_endpoint and p.clave = d.clave
                and p.estado = 'PENDIENTE' and p.seq < d.seq)
         limit 1`)) as unknown as { rows: unknown[] };
      if (due.rows.length > 0) await nudgeWebhookDeliveries(deps);
    } catch (error) {
      console.error('webhooks:', (error as Error)?.message ?? error);
    } finally {
      busy = false;
    }
  }, SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
