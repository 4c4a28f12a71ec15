import {
  formatRif,
  PURCHASE_MESSAGES,
  type PurchaseInput,
  type PurchaseRecord,
  purchaseTotals,
} from '@sigece/fiscal';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { facturasCompra } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { assertTenant, type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { upsertDocumentClients } from '../catalog/clients.service.ts';
import { companyIdentity, issuerNames, issuerRows } from '../companies/service.ts';
import { documentErrorMessage, sqlStateOf } from '../issuance/intake/errors.ts';
import { voucherCountsOfPurchases } from '../withholdings/service.ts';

/**
 * Purchase invoices (spec 001 §2.5, §3.10, §4.6, §7.4): recorded, edited, inactivated and activated.
 * Records only: no control number is taken from any lot and nothing is signed.
 */

type Row = typeof facturasCompra.$inferSelect;

function toRecord(r: { row: Row; cliente: string; codigoSucursal: string | null }): PurchaseRecord {
  const p = r.row.proveedor;
  return {
    id: r.row.id,
    id_localidad: r.row.localidadId,
    id_sucursal: r.row.sucursalId,
    cliente: r.cliente,
    codigoSucursal: r.codigoSucursal,
    proveedor: {
      id: r.row.proveedorId,
      tipoDocumento: p.tipoDocumento,
      numeroDocumento: p.numeroDocumento,
      rif: formatRif(p.tipoDocumento, p.numeroDocumento),
      identificacion: p.identificacion,
      direccion: p.direccion,
      correo: p.correo,
    },
    nroControl: r.row.nroControl,
    nroFactura: r.row.nroFactura,
    fechaFactura: r.row.fechaFactura,
    tipoCompra: r.row.tipoCompra,
    lstDetalles: r.row.lineas,
    lstPagos: r.row.pagos,
    subTotal: r.row.subTotal,
    totalExento: r.row.totalExento,
    montoDescuento: r.row.montoDescuento,
    lstGravamenes: r.row.gravamenes,
    totalIva: r.row.totalIva,
    importeTotal: r.row.importeTotal,
    logEstatusRegistro: r.row.status,
  };
}

/** Records with their company's name and branch code, read through the companies module (no join). */
async function withNames(db: DbOrTx, rows: Row[]): Promise<PurchaseRecord[]> {
  const issuerOf = await issuerNames(db, rows);
  return rows.map((row) => {
    const { company, branch } = issuerOf(row);
    return toRecord({ row, cliente: company.nombre, codigoSucursal: branch?.codigoSucursal ?? null });
  });
}

async function recordById(db: DbOrTx, id: number): Promise<PurchaseRecord | null> {
  const rows = await db.select().from(facturasCompra).where(eq(facturasCompra.id, id));
  return (await withNames(db, rows))[0] ?? null;
}

/**
 * GET listar: the user's companies' purchases, oldest id first, searched by number, control or supplier;
 * each with its count of active withholding vouchers (read through the withholdings' service).
 */
export async function listPurchases(
  db: Db,
  scope: TenantScope,
  query: { page: number; limit: number; search?: string; id_localidad?: string },
) {
  const conditions: Array<SQL | undefined> = [
    tenantCondition(scope, { localidad: facturasCompra.localidadId, sucursal: facturasCompra.sucursalId }),
  ];
  if (query.id_localidad) conditions.push(eq(facturasCompra.localidadId, query.id_localidad));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(facturasCompra.nroFactura, like),
        ilike(facturasCompra.nroControl, like),
        ilike(sql`${facturasCompra.proveedor}->>'identificacion'`, like),
        ilike(sql`${facturasCompra.proveedor}->>'numeroDocumento'`, like),
      ),
    );
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(facturasCompra).where(where);
  const rows = await db
    .select()
    .from(facturasCompra)
    .where(where)
    .orderBy(asc(facturasCompra.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const totalResults = Number(total?.n ?? 0);
  const vouchers = await voucherCountsOfPurchases(
    db,
    rows.map((r) => ({ id: r.id, localidadId: r.localidadId })),
  );
  return {
    code: 200,
    results: (await withNames(db, rows)).map((r) => ({ ...r, retenciones: vouchers.get(r.id) ?? 0 })),
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(totalResults / query.limit),
    totalResults,
  };
}

/** The company and branch a purchase is recorded for, checked against the user's scope. */
async function placeOf(db: DbOrTx, scope: TenantScope, body: PurchaseInput) {
  if (!(await companyIdentity(db, body.id_localidad))) throw badRequest('La razón social no existe');
  if (body.id_sucursal) {
    const { branch } = await issuerRows(db, body.id_localidad, body.id_sucursal);
    if (branch?.localidadId !== body.id_localidad)
      throw badRequest('La sucursal no pertenece a la razón social seleccionada');
  }
  assertTenant(scope, { localidadId: body.id_localidad, sucursalId: body.id_sucursal ?? null });
}

/** The stored columns of a form: the supplier found or created among the company's third parties. */
async function valuesOf(tx: DbOrTx, body: PurchaseInput, user: string) {
  const s = body.proveedor;
  const ids = await upsertDocumentClients(
    tx,
    [
      {
        localidadId: body.id_localidad,
        tipoDocumento: s.tipoDocumento,
        numeroDocumento: s.numeroDocumento,
        identificacion: s.identificacion,
        direccion: s.direccion ?? null,
        correo: s.correo ?? null,
        tipoProveedor: 'PNR',
      },
    ],
    user,
  );
  const proveedorId = ids.get(`${body.id_localidad}|${s.tipoDocumento}|${s.numeroDocumento}`)!;
  const totals = purchaseTotals(body.lstDetalles);
  return {
    localidadId: body.id_localidad,
    sucursalId: body.id_sucursal ?? null,
    proveedorId,
    proveedor: {
      tipoDocumento: s.tipoDocumento,
      numeroDocumento: s.numeroDocumento,
      identificacion: s.identificacion,
      direccion: s.direccion ?? null,
      correo: s.correo?.toLowerCase() ?? null,
    },
    nroControl: body.nroControl,
    nroFactura: body.nroFactura,
    fechaFactura: body.fechaFactura,
    tipoCompra: body.tipoCompra,
    lineas: body.lstDetalles.map((l, i) => ({
      concepto: l.concepto,
      cantidad: l.cantidad,
      unidadMedida: l.unidadMedida,
      precio: l.precio,
      ...(l.descuento ? { descuento: l.descuento } : {}),
      exento: l.exento,
      ...(l.tratamientoIva ? { tratamientoIva: l.tratamientoIva } : {}),
      alicuota: totals.lines[i]!.alicuota,
      importe: totals.lines[i]!.importe,
      montoDescuento: totals.lines[i]!.montoDescuento,
      montoGravamen: totals.lines[i]!.montoGravamen,
    })),
    pagos: body.lstPagos.map((p) => ({
      modoPago: p.modoPago,
      monto: p.monto,
      divisa: p.divisa,
      ...(p.nro ? { nro: p.nro } : {}),
      ...(p.fecha ? { fecha: p.fecha } : {}),
    })),
    gravamenes: totals.lstGravamenes,
    subTotal: totals.subTotal,
    totalExento: totals.totalExento,
    montoDescuento: totals.montoDescuento,
    totalIva: totals.totalIva,
    importeTotal: totals.importeTotal,
  };
}

/** A database refusal of the form's own data is bad input (never a 500); a duplicate says "ya existe". */
function asClientError(nroFactura: string) {
  return (error: unknown): never => {
    if (error instanceof AppError) throw error;
    const message = documentErrorMessage(error, () => PURCHASE_MESSAGES.duplicate(nroFactura));
    const code = sqlStateOf(error);
    if (message && code && /^2[23]/.test(code)) throw badRequest(message);
    throw error;
  };
}

export async function createPurchase(db: Db, scope: TenantScope, body: PurchaseInput, audit: AuditContext) {
  await placeOf(db, scope, body);
  const id = await db
    .transaction(async (tx) => {
      const values = await valuesOf(tx, body, audit.userEmail ?? 'sistema');
      const [saved] = await tx
        .insert(facturasCompra)
        .values({ ...values, createdBy: audit.userEmail ?? 'sistema' })
        .returning({ id: facturasCompra.id });
      await recordAudit(tx, audit, {
        entity: 'factura_compra',
        entityId: String(saved!.id),
        action: 'create',
        after: {
          nroFactura: values.nroFactura,
          nroControl: values.nroControl,
          importeTotal: values.importeTotal,
        },
      });
      return saved!.id;
    })
    .catch(asClientError(body.nroFactura));
  return (await recordById(db, id))!;
}

/** The purchase, or 404; a foreign company's purchase is a 403 (tenancy). */
async function visiblePurchase(db: DbOrTx, scope: TenantScope, id: number): Promise<PurchaseRecord> {
  const found = await recordById(db, id);
  if (!found) throw notFound(PURCHASE_MESSAGES.notFound);
  assertTenant(scope, { localidadId: found.id_localidad, sucursalId: found.id_sucursal });
  return found;
}

export async function editPurchase(
  db: Db,
  scope: TenantScope,
  id: number,
  body: PurchaseInput,
  audit: AuditContext,
) {
  const before = await visiblePurchase(db, scope, id);
  // §2.5: "Edit is hidden when INACTIVO" — and refused here too.
  if (before.logEstatusRegistro !== 'ACTIVO') throw badRequest(PURCHASE_MESSAGES.inactiveEdit);
  await placeOf(db, scope, body);
  await db
    .transaction(async (tx) => {
      const values = await valuesOf(tx, body, audit.userEmail ?? 'sistema');
      await tx
        .update(facturasCompra)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(facturasCompra.id, id));
      await recordAudit(tx, audit, {
        entity: 'factura_compra',
        entityId: String(id),
        action: 'update',
        before: {
          nroFactura: before.nroFactura,
          nroControl: before.nroControl,
          importeTotal: before.importeTotal,
        },
        after: {
          nroFactura: values.nroFactura,
          nroControl: values.nroControl,
          importeTotal: values.importeTotal,
        },
      });
    })
    .catch(asClientError(body.nroFactura));
  return (await recordById(db, id))!;
}

/** §4.6: ACTIVO → INACTIVO (eliminar) and INACTIVO → ACTIVO (activar); returns the updated record. */
export async function setPurchaseStatus(
  db: Db,
  scope: TenantScope,
  id: number,
  status: 'ACTIVO' | 'INACTIVO',
  audit: AuditContext,
) {
  const before = await visiblePurchase(db, scope, id);
  if (before.logEstatusRegistro === status) throw badRequest(`La factura de compra ya está ${status}`);
  await db.transaction(async (tx) => {
    await tx.update(facturasCompra).set({ status, updatedAt: new Date() }).where(eq(facturasCompra.id, id));
    await recordAudit(tx, audit, {
      entity: 'factura_compra',
      entityId: String(id),
      action: status === 'ACTIVO' ? 'activate' : 'inactivate',
      before: { logEstatusRegistro: before.logEstatusRegistro },
      after: { logEstatusRegistro: status },
    });
  });
  return (await recordById(db, id))!;
}
