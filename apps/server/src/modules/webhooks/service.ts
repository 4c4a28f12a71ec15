import { randomUUID } from 'node:crypto';
import {
  type CreateWebhook,
  WEBHOOK_GIVE_UP_MS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  WEBHOOKS_PER_COMPANY,
  type WebhookDeliveryRow,
  type WebhookDeliveryState,
  type WebhookRow,
  webhookUrlProblem,
} from '@sigece/fiscal';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { canSeeCompany, type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { companyExists, companyName } from '../companies/lookup.service.ts';
import { deliverOne, nudgeWebhookDeliveries } from './delivery.ts';
import { forgetWebhookSubscriptions } from './outbox.ts';
import { newWebhookSecret } from './signature.ts';

const M = WEBHOOK_MESSAGES;

/**
 * Plain-http URLs are taken only in development and test (NODE_ENV, read once by loadConfig into
 * `webhookAnyUrl`; a config built by hand, as the tests' is, falls back to NODE_ENV): in production a
 * receiver must be HTTPS.
 */
export function webhookHttpAllowed(config: AppConfig): boolean {
  return config.webhookAnyUrl ?? ['development', 'test'].includes(process.env.NODE_ENV ?? '');
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** An endpoint the caller may administer: 404 when there is none, 403 when it is another company's. */
export async function endpointOf(deps: Deps, scope: TenantScope, id: string): Promise<EndpointRow> {
  const [row] = await deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  if (!row) throw notFound(M.notFound);
  if (!canSeeCompany(scope, row.localidadId)) throw forbidden('No tiene acceso a esta razón social');
  return row;
}

const view = (row: EndpointRow, razonSocial: string, pendientes: number): WebhookRow => ({
  id: row.id,
  localidad: row.localidadId,
  razonSocial,
  url: row.url,
  eventos: row.eventos,
  activo: row.activo,
  motivoDesactivacion: row.motivoDesactivacion,
  fallandoDesde: iso(row.fallandoDesde),
  creado: row.createdAt.toISOString(),
  pendientes,
});

export async function listEndpoints(
  deps: Deps,
  scope: TenantScope,
  query: { localidad?: string; page: number; limit: number },
): Promise<{ rows: WebhookRow[]; total: number }> {
  const where = and(
    tenantCondition(scope, { localidad: webhookEndpoints.localidadId }),
    query.localidad ? eq(webhookEndpoints.localidadId, query.localidad) : undefined,
  );
  const [{ total }] = await deps.db.select({ total: count() }).from(webhookEndpoints).where(where);
  const rows = await deps.db
    .select({
      endpoint: webhookEndpoints,
      pendientes: sql<number>`(select count(*)::int from webhook_deliveries d
        where d.id_endpoint = ${webhookEndpoints.id} and d.estado = 'PENDIENTE')`,
    })
    .from(webhookEndpoints)
    .where(where)
    .orderBy(desc(webhookEndpoints.createdAt), webhookEndpoints.id)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const names = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.endpoint.localidadId)))
    names.set(id, (await companyName(deps.db, id)) ?? '');
  return {
    rows: rows.map((r) => view(r.endpoint, names.get(r.endpoint.localidadId) ?? '', Number(r.pendientes))),
    total: Number(total),
  };
}

export async function createEndpoint(
  deps: Deps,
  scope: TenantScope,
  input: CreateWebhook,
  audit: AuditContext,
): Promise<{ id: string; secreto: string }> {
  const problem = webhookUrlProblem(input.url, webhookHttpAllowed(deps.config));
  if (problem) throw badRequest(problem, [{ path: 'url', message: problem }]);
  if (!canSeeCompany(scope, input.localidad)) throw forbidden('No tiene acceso a esta razón social');
  if (!(await companyExists(deps.db, input.localidad))) throw notFound('La razón social no existe');
  const secreto = newWebhookSecret();
  const id = await deps.db.transaction(async (tx) => {
    // One company's endpoints are counted and added one writer at a time.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${input.localidad}`}, 0))`,
    );
    const [{ n }] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.localidadId, input.localidad));
    if (Number(n) >= WEBHOOKS_PER_COMPANY) throw badRequest(M.tooMany);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        localidadId: input.localidad,
        url: input.url,
        eventos: input.eventos,
        secreto: deps.secrets.seal(Buffer.from(secreto, 'utf8')),
        createdBy: audit.userEmail ?? 'sistema',
      })
      .returning({ id: webhookEndpoints.id });
    await recordAudit(tx, audit, {
      entity: 'webhook',
      entityId: row.id,
      action: 'create',
      after: { localidad: input.localidad, url: input.url, eventos: input.eventos },
    });
    return row.id;
  });
  forgetWebhookSubscriptions();
  return { id, secreto };
}

/** Deletes, disables, enables or rotates the secret of an endpoint, audited. */
export async function changeEndpoint(
  deps: Deps,
  scope: TenantScope,
  id: string,
  change: 'delete' | 'disable' | 'enable' | 'rotate',
  audit: AuditContext,
): Promise<{ secreto?: string }> {
  const before = await endpointOf(deps, scope, id);
  const now = new Date();
  let secreto: string | undefined;
  await deps.db.transaction(async (tx) => {
    const where = eq(webhookEndpoints.id, id);
    if (change === 'delete') await tx.delete(webhookEndpoints).where(where);
    if (change === 'disable')
      await tx
        .update(webhookEndpoints)
        .set({
          activo: false,
          motivoDesactivacion: `Desactivado por ${audit.userEmail ?? 'un administrador'}`,
          updatedAt: now,
        })
        .where(where);
    if (change === 'enable') {
      await tx
        .update(webhookEndpoints)
        .set({ activo: true, motivoDesactivacion: null, fallandoDesde: null, updatedAt: now })
        .where(where);
      // What waited while it was off is sent now, and retried for 3 more days.
      await tx
        .update(webhookDeliveries)
        .set({
          proximoIntento: now,
          vence: new Date(now.getTime() + WEBHOOK_GIVE_UP_MS),
          reservadaHasta: null,
        })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.estado, 'PENDIENTE')));
    }
    if (change === 'rotate') {
      secreto = newWebhookSecret();
      await tx
        .update(webhookEndpoints)
        .set({ secreto: deps.secrets.seal(Buffer.from(secreto, 'utf8')), updatedAt: now })
        .where(where);
    }
    await recordAudit(tx, audit, {
      entity: 'webhook',
      entityId: id,
      action: change === 'rotate' ? 'rotate-secret' : change,
      before: { url: before.url, eventos: before.eventos, activo: before.activo },
      after:
        change === 'delete'
          ? null
          : { activo: change === 'enable' || (change !== 'disable' && before.activo) },
    });
  });
  forgetWebhookSubscriptions();
  if (change === 'enable') await nudgeWebhookDeliveries(deps);
  return { secreto };
}

const deliveryView = (r: {
  d: typeof webhookDeliveries.$inferSelect;
  tipo: string;
  clave: string | null;
}): WebhookDeliveryRow => ({
  id: r.d.id,
  evento: r.d.eventoId,
  tipo: r.tipo,
  documento: r.clave,
  estado: r.d.estado as WebhookDeliveryState,
  intentos: r.d.intentos,
  proximoIntento: r.d.estado === 'PENDIENTE' ? iso(r.d.proximoIntento) : null,
  ultimoIntento: iso(r.d.ultimoIntento),
  ultimoCodigo: r.d.ultimoCodigo,
  ultimaRespuesta: r.d.ultimaRespuesta,
  creado: r.d.creado.toISOString(),
});

export async function listDeliveries(
  deps: Deps,
  scope: TenantScope,
  id: string,
  query: { estado?: WebhookDeliveryState; page: number; limit: number },
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  await endpointOf(deps, scope, id);
  const where = and(
    eq(webhookDeliveries.endpointId, id),
    query.estado ? eq(webhookDeliveries.estado, query.estado) : undefined,
  );
  const [{ total }] = await deps.db.select({ total: count() }).from(webhookDeliveries).where(where);
  const rows = await deps.db
    .select({ d: webhookDeliveries, tipo: webhookEvents.tipo, clave: webhookEvents.clave })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventoId))
    .where(where)
    .orderBy(desc(webhookDeliveries.seq))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows: rows.map(deliveryView), total: Number(total) };
}

/** 'Reenviar': the chosen deliveries of the endpoint are pending again, now, for 3 more days. */
export async function replayDeliveries(
  deps: Deps,
  scope: TenantScope,
  id: string,
  ids: string[],
  audit: AuditContext,
): Promise<number> {
  await endpointOf(deps, scope, id);
  const now = new Date();
  const n = await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(webhookDeliveries)
      .set({
        estado: 'PENDIENTE',
        proximoIntento: now,
        vence: new Date(now.getTime() + WEBHOOK_GIVE_UP_MS),
        reservadaHasta: null,
        entregadaEn: null,
      })
      .where(and(eq(webhookDeliveries.endpointId, id), inArray(webhookDeliveries.id, ids)))
      .returning({ id: webhookDeliveries.id });
    if (changed.length === 0) throw notFound(M.deliveryNotFound);
    await recordAudit(tx, audit, {
      entity: 'webhook',
      entityId: id,
      action: 'replay',
      after: { entregas: changed.map((c) => c.id) },
    });
    return changed.length;
  });
  await nudgeWebhookDeliveries(deps);
  return n;
}

/**
 * 'Enviar evento de prueba': a `webhook.prueba` event for this endpoint only, sent at once (signed like
 * any other, recorded in its log and retried like any other when it fails).
 */
export async function sendTestEvent(
  deps: Deps,
  scope: TenantScope,
  id: string,
  audit: AuditContext,
): Promise<WebhookDeliveryRow> {
  const endpoint = await endpointOf(deps, scope, id);
  if (!endpoint.activo) throw badRequest('El webhook está desactivado: actívelo para enviar una prueba');
  const now = new Date();
  const eventId = randomUUID();
  const deliveryId = await deps.db.transaction(async (tx) => {
    const [event] = await tx
      .insert(webhookEvents)
      .values({
        id: eventId,
        localidadId: endpoint.localidadId,
        tipo: WEBHOOK_TEST_EVENT,
        datos: { mensaje: 'Evento de prueba de sigece', solicitadoPor: audit.userEmail },
        creado: now,
      })
      .returning({ seq: webhookEvents.seq });
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        eventoId: eventId,
        endpointId: id,
        seq: event.seq,
        proximoIntento: now,
        vence: new Date(now.getTime() + WEBHOOK_GIVE_UP_MS),
        creado: now,
      })
      .returning({ id: webhookDeliveries.id });
    await recordAudit(tx, audit, {
      entity: 'webhook',
      entityId: id,
      action: 'test',
      after: { evento: eventId },
    });
    return delivery.id;
  });
  await deliverOne(deps, deliveryId, now);
  const [row] = await deps.db
    .select({ d: webhookDeliveries, tipo: webhookEvents.tipo, clave: webhookEvents.clave })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventoId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return deliveryView(row);
}
