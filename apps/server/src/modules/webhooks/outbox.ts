import { randomUUID } from 'node:crypto';
import { WEBHOOK_GIVE_UP_MS, type WebhookEvent } from '@sigece/fiscal';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';

/**
 * The outbox of webhook events. Each place that causes an event (numbering, the PDF
 * signature, annulment, an e-mail sent or refused, a mass load's end, a queued report's end) calls
 * `recordWebhookEvents` inside the transaction of its own change, so an event exists exactly when its
 * change committed: a crash loses neither, and the deliveries are sent later by the job (delivery.ts).
 *
 * Cheap when nobody listens: which events each company's active endpoints want is read once per
 * SUBSCRIPTIONS_MS per process (one small query) and kept; with no endpoint wanting the event nothing is
 * written and, where the change needed no transaction of its own, none is opened (`withWebhookEvent`).
 * A change to a company's endpoints in this process clears the cache at once; another process sees it
 * within SUBSCRIPTIONS_MS (events caused there meanwhile are not recorded for a brand-new endpoint).
 */
export const SUBSCRIPTIONS_MS = 2_000;

/**
 * Resolved answers only, per company, for SUBSCRIPTIONS_MS (a monotonic clock: tests move Date). Unlike
 * ShortCache, a miss is never shared with a load in flight: callers ask from inside their own transaction,
 * and on PGlite (one connection) waiting for another caller's read, queued behind this very transaction,
 * would never end. So each miss reads with its own handle.
 */
let known = new Map<string, { wants: ReadonlySet<string>; until: number }>();
let generation = 0;
let quietUntil = 0;

/** An endpoint was added, removed, enabled or disabled, or changed its events. */
export function forgetWebhookSubscriptions(): void {
  generation++;
  known = new Map();
  // A write may still be uncommitted: what is read meanwhile is not kept.
  quietUntil = performance.now() + SUBSCRIPTIONS_MS;
}

/** The events the company's active endpoints want. */
export async function subscribedEvents(db: DbOrTx, localidadId: string): Promise<ReadonlySet<string>> {
  const now = performance.now();
  const hit = known.get(localidadId);
  if (hit && hit.until > now) return hit.wants;
  const started = generation;
  const result = (await db.execute(sql`
    select distinct unnest(eventos) as tipo from webhook_endpoints
     where id_localidad = ${localidadId}::uuid and activo`)) as unknown as { rows: Array<{ tipo: string }> };
  const wants = new Set(result.rows.map((r) => r.tipo));
  if (started === generation && now >= quietUntil) {
    if (known.size >= 4_096) known.clear();
    known.set(localidadId, { wants, until: now + SUBSCRIPTIONS_MS });
  }
  return wants;
}

export async function isSubscribed(db: DbOrTx, localidadId: string, tipo: string): Promise<boolean> {
  return (await subscribedEvents(db, localidadId)).has(tipo);
}

/** One event: the company, its type, the document it is about (ordering key) and its data. */
export interface WebhookEventInput {
  localidadId: string;
  tipo: WebhookEvent;
  /** Events with the same key reach each endpoint in the order they were recorded ('fact:<id>'). */
  clave?: string | null;
  data: Record<string, unknown>;
}

/**
 * Records events in the caller's transaction: the event row and one delivery per active endpoint of its
 * company that wants it, in one statement. Events nobody wants are dropped before any SQL.
 */
export async function recordWebhookEvents(tx: DbOrTx, events: WebhookEventInput[]): Promise<void> {
  if (events.length === 0) return;
  const wanted: WebhookEventInput[] = [];
  const byCompany = new Map<string, ReadonlySet<string>>();
  for (const event of events) {
    let wants = byCompany.get(event.localidadId);
    if (!wants) {
      wants = await subscribedEvents(tx, event.localidadId);
      byCompany.set(event.localidadId, wants);
    }
    if (wants.has(event.tipo)) wanted.push(event);
  }
  if (wanted.length === 0) return;
  const now = new Date();
  const rows = wanted.map((e) => ({
    id: randomUUID(),
    localidad: e.localidadId,
    tipo: e.tipo,
    clave: e.clave ?? null,
    datos: e.data,
  }));
  await tx.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as x(id uuid, localidad uuid, tipo text, clave text, datos jsonb)),
    ev as (
      insert into webhook_events (id, id_localidad, tipo, clave, datos, creado)
      select id, localidad, tipo, clave, datos, ${now}::timestamptz from v
      returning id, seq, id_localidad, tipo, clave)
    insert into webhook_deliveries (id_evento, id_endpoint, seq, clave, proximo_intento, vence, creado)
    select ev.id, e.id, ev.seq, ev.clave, ${now}::timestamptz,
           ${new Date(now.getTime() + WEBHOOK_GIVE_UP_MS)}::timestamptz, ${now}::timestamptz
      from ev join webhook_endpoints e
        on e.id_localidad = ev.id_localidad and e.activo and ev.tipo = any(e.eventos)`);
}

/**
 * A change that needs no transaction of its own (one statement, or a write that may not share one) and may
 * cause an event: run exactly as before when the company's endpoints do not want the event; otherwise in a
 * transaction with the event, which `describe` builds from the change's result (null: nothing happened,
 * e.g. a PDF already stored).
 */
export async function withWebhookEvent<T>(
  db: Db,
  subject: { localidadId: string | null | undefined; tipo: WebhookEvent },
  change: (tx: DbOrTx) => Promise<T>,
  describe: (result: T) => Pick<WebhookEventInput, 'clave' | 'data'> | null,
): Promise<T> {
  const { localidadId, tipo } = subject;
  if (!localidadId || !(await isSubscribed(db, localidadId, tipo))) return change(db);
  return db.transaction(async (tx) => {
    const result = await change(tx);
    const event = describe(result);
    if (event) await recordWebhookEvents(tx, [{ localidadId, tipo, ...event }]);
    return result;
  });
}

/** The summary of a document an event carries, from whatever of these fields its row has. */
export function documentSummary(tipoDoc: string, row: object): Record<string, unknown> {
  const r = row as Record<string, unknown>;
  const summary: Record<string, unknown> = { tipoDoc, id: r.id };
  for (const field of ['sucursalId', 'serie', 'numero', 'nroControl', 'numeroComprobante'])
    if (r[field] !== undefined && r[field] !== null && r[field] !== '') summary[field] = r[field];
  return summary;
}

/** 'documento.numerado': a document just got its control number (the issuance kernel's hand-off). */
export const numberedEvent = (
  tipoDoc: string,
  d: {
    id: string;
    localidadId: string;
    sucursalId: string | null;
    serie: string;
    numero: string;
    nroControl: string;
  },
): WebhookEventInput => ({
  localidadId: d.localidadId,
  tipo: 'documento.numerado',
  clave: `${tipoDoc}:${d.id}`,
  data: documentSummary(tipoDoc, d),
});

/** What an event about one document carries, keyed so that the document's events arrive in order. */
export const aboutDocument = (
  tipoDoc: string,
  row: object,
  extra: Record<string, unknown> = {},
): Pick<WebhookEventInput, 'clave' | 'data'> => ({
  clave: `${tipoDoc}:${(row as { id: string }).id}`,
  data: { ...documentSummary(tipoDoc, row), ...extra },
});

/** 'documento.anulado', from the annulled row as the family read it (nothing when it names no company). */
export function annulledEvents(tipoDoc: string, row: object, motivo: string | null): WebhookEventInput[] {
  const localidadId = (row as { localidadId?: string }).localidadId;
  if (!localidadId) return [];
  return [
    { localidadId, tipo: 'documento.anulado', ...aboutDocument(tipoDoc, row, { motivoAnulacion: motivo }) },
  ];
}
