// IVA withholding vouchers a company received from buyers outside sigece: recorded,
// listed, annulled and deleted; read by the sales book (receivedOnInvoices).
import {
  agentRif,
  dec,
  RECEIVED_WITHHOLDING_MESSAGES as M,
  money,
  type ReceivedWithholdingInput,
  type ReceivedWithholdingRecord,
  receivedAmountProblem,
} from '@sigece/fiscal';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { retencionesRecibidas } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { assertTenant, type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { issuerNames } from '../companies/service.ts';
import { invoiceByControl, invoicesByIds } from '../invoices/withholding-lookup.ts';

type Row = typeof retencionesRecibidas.$inferSelect;
const t = retencionesRecibidas;
const active = and(eq(t.status, 'ACTIVO'), eq(t.deleted, false));

async function recordsOf(db: DbOrTx, rows: Row[]): Promise<ReceivedWithholdingRecord[]> {
  const [issuerOf, invoices] = await Promise.all([
    issuerNames(
      db,
      rows.map((r) => ({ localidadId: r.localidadId, sucursalId: null })),
    ),
    invoicesByIds(
      db,
      rows.map((r) => r.facturaId),
    ),
  ]);
  return rows.map((r) => {
    const invoice = invoices.get(r.facturaId);
    return {
      id: r.id,
      id_localidad: r.localidadId,
      cliente: issuerOf({ localidadId: r.localidadId, sucursalId: null }).company.nombre,
      rifAgente: r.rifAgente,
      nombreAgente: r.nombreAgente,
      nroComprobante: r.nroComprobante,
      fechaComprobante: r.fechaComprobante,
      id_factura: r.facturaId,
      nroFactura: invoice?.label ?? '',
      nroControlFactura: invoice?.nroControl ?? '',
      ivaFactura: invoice?.ivaBs ?? '0.00',
      montoRetenido: r.montoRetenido,
      logEstatusRegistro: r.status,
    };
  });
}

/** The list: the user's companies' vouchers (not deleted), newest first, searched by agent or number. */
export async function listReceived(
  db: Db,
  scope: TenantScope,
  query: { page: number; limit: number; search?: string; id_localidad?: string },
) {
  if (query.id_localidad) assertTenant(scope, { localidadId: query.id_localidad });
  const search = query.search ? likePattern(query.search) : undefined;
  const where = and(
    eq(t.deleted, false),
    tenantCondition(scope, { localidad: t.localidadId }),
    query.id_localidad ? eq(t.localidadId, query.id_localidad) : undefined,
    search
      ? or(ilike(t.rifAgente, search), ilike(t.nombreAgente, search), ilike(t.nroComprobante, search))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(desc(t.fechaComprobante), desc(t.createdAt))
      .limit(query.limit)
      .offset(offsetOf({ ...query, search: undefined })),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return pageOf({ ...query, search: undefined }, await recordsOf(db, rows), Number(total?.n ?? 0));
}

/**
 * Records a received voucher: the invoice is this company's and active, the amount at most the invoice's
 * IVA less what other vouchers already withheld from it, and the agent's voucher number not recorded yet.
 */
export async function createReceived(
  db: Db,
  scope: TenantScope,
  body: ReceivedWithholdingInput,
  audit: AuditContext,
): Promise<ReceivedWithholdingRecord> {
  assertTenant(scope, { localidadId: body.id_localidad });
  const rif = agentRif(body.rifAgente) ?? body.rifAgente;
  const saved = await db.transaction(async (tx) => {
    const invoice = await invoiceByControl(tx, body.id_localidad, body.nroControlFactura);
    if (!invoice) throw badRequest(M.invoiceNotFound(body.nroControlFactura));
    assertTenant(scope, invoice);
    if (invoice.status !== 'ACTIVO') throw badRequest(M.invoiceAnnulled(invoice.nroControl));
    // One recording per invoice at a time: the sum checked is the sum stored.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`retencion-recibida:${invoice.id}`}))`);
    const [dup] = await tx
      .select({ id: t.id })
      .from(t)
      .where(
        and(
          active,
          eq(t.localidadId, body.id_localidad),
          eq(t.rifAgente, rif),
          eq(t.nroComprobante, body.nroComprobante),
        ),
      )
      .limit(1);
    if (dup) throw badRequest(M.duplicate(body.nroComprobante, rif));
    const [withheld] = await tx
      .select({ sum: sql<string>`coalesce(sum(${t.montoRetenido}), 0)::text` })
      .from(t)
      .where(and(active, eq(t.facturaId, invoice.id)));
    const problem = receivedAmountProblem(body.montoRetenido, invoice.ivaBs, withheld?.sum ?? '0');
    if (problem) throw badRequest(problem);
    const [row] = await tx
      .insert(t)
      .values({
        localidadId: body.id_localidad,
        rifAgente: rif,
        nombreAgente: body.nombreAgente,
        nroComprobante: body.nroComprobante,
        fechaComprobante: body.fechaComprobante,
        facturaId: invoice.id,
        montoRetenido: money(body.montoRetenido),
        createdBy: audit.userEmail ?? 'sistema',
      })
      .returning();
    await recordAudit(tx, audit, {
      entity: 'retencion_recibida',
      entityId: row!.id,
      action: 'create',
      after: {
        rifAgente: rif,
        nroComprobante: body.nroComprobante,
        factura: invoice.nroControl,
        montoRetenido: row!.montoRetenido,
      },
    });
    return row!;
  });
  return (await recordsOf(db, [saved]))[0]!;
}

async function ownRow(db: DbOrTx, scope: TenantScope, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.deleted, false)));
  if (!row) throw notFound(M.notFound);
  assertTenant(scope, row);
  return row;
}

/** Annuls a voucher: it stays listed as ANULADO and leaves the sales book. */
export async function annulReceived(db: Db, scope: TenantScope, id: string, audit: AuditContext) {
  const row = await ownRow(db, scope, id);
  if (row.status !== 'ACTIVO') throw badRequest(M.alreadyAnnulled);
  await db.transaction(async (tx) => {
    await tx.update(t).set({ status: 'ANULADO', updatedAt: new Date() }).where(eq(t.id, id));
    await recordAudit(tx, audit, {
      entity: 'retencion_recibida',
      entityId: id,
      action: 'annul',
      before: { status: row.status },
      after: { status: 'ANULADO' },
    });
  });
}

/** Deletes a voucher recorded by mistake: hidden from the list and the book (the row and its audit stay). */
export async function deleteReceived(db: Db, scope: TenantScope, id: string, audit: AuditContext) {
  const row = await ownRow(db, scope, id);
  await db.transaction(async (tx) => {
    await tx.update(t).set({ deleted: true, updatedAt: new Date() }).where(eq(t.id, id));
    await recordAudit(tx, audit, {
      entity: 'retencion_recibida',
      entityId: id,
      action: 'delete',
      before: { nroComprobante: row.nroComprobante, montoRetenido: row.montoRetenido },
    });
  });
}

/**
 * For the sales book: the active vouchers received on each of `invoiceIds`, by invoice, each with its
 * amount and number (the book adds them to the IVA withheld by vouchers issued inside sigece).
 */
export async function receivedOnInvoices(
  db: DbOrTx,
  invoiceIds: readonly string[],
): Promise<Map<string, Array<{ monto: string; comprobante: string }>>> {
  const out = new Map<string, Array<{ monto: string; comprobante: string }>>();
  if (invoiceIds.length === 0) return out;
  const rows = await db
    .select({ facturaId: t.facturaId, monto: t.montoRetenido, comprobante: t.nroComprobante })
    .from(t)
    .where(and(active, inArray(t.facturaId, [...invoiceIds])));
  for (const r of rows) out.set(r.facturaId, [...(out.get(r.facturaId) ?? []), r]);
  return out;
}

export const receivedTotal = (items: ReadonlyArray<{ monto: string }>) =>
  money(items.reduce((a, i) => a.plus(i.monto), dec(0)));
