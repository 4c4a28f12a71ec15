import {
  CHECKLIST_FAMILIES,
  caracasDate,
  caracasDayStart,
  type Dashboard,
  lowStock,
  money,
} from '@sigece/fiscal';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  certificados,
  controlLots,
  controlNumbers,
  facturas,
  localidades,
  mailMessages,
  productos,
  tasasCambio,
  users,
} from '../../db/schema.ts';
import { type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { realDocuments } from '../issuance/issued.ts';

/**
 * Home's dashboard (issue 21 §12): a read model over several contexts' tables, read-only and scoped in one
 * place (tenantCondition), the way the reports read them. Each figure is one aggregate query.
 */

/** How many companies the first-company checklist shows (the newest; a provider sees many). */
const CHECKLIST_MAX = 12;

/** The first instant of the Caracas month of `day` (yyyy-MM-dd) and of the month after. */
function monthBounds(day: string) {
  const [y, m] = day.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { mes: day.slice(0, 7), from: caracasDayStart(`${day.slice(0, 7)}-01`), to: caracasDayStart(next) };
}

async function invoicedThisMonth(db: Db, scope: TenantScope, from: Date, to: Date) {
  const rows = await db
    .select({
      divisa: facturas.moneda,
      total: sql<string>`sum(${facturas.importeTotal})::text`,
      cantidad: sql<number>`count(*)::int`,
    })
    .from(facturas)
    .where(
      and(
        eq(facturas.status, 'ACTIVO'),
        eq(facturas.deleted, false),
        realDocuments(facturas),
        gte(facturas.fechaEmision, from),
        lt(facturas.fechaEmision, to),
        tenantCondition(scope, { localidad: facturas.localidadId, sucursal: facturas.sucursalId }),
      ),
    )
    .groupBy(facturas.moneda)
    .orderBy(facturas.moneda);
  return rows.map((r) => ({ divisa: r.divisa, total: money(r.total), cantidad: Number(r.cantidad) }));
}

async function pdfBacklog(db: Db, scope: TenantScope) {
  const rows = await db
    .select({ estado: controlNumbers.pdfEstado, n: sql<number>`count(*)::int` })
    .from(controlNumbers)
    .where(
      and(
        inArray(controlNumbers.pdfEstado, ['PENDIENTE', 'FALLIDA']),
        tenantCondition(scope, {
          localidad: controlNumbers.localidadId,
          sucursal: controlNumbers.sucursalId,
        }),
      ),
    )
    .groupBy(controlNumbers.pdfEstado);
  const of = (estado: string) => Number(rows.find((r) => r.estado === estado)?.n ?? 0);
  return { pdfPendientes: of('PENDIENTE'), pdfFallidos: of('FALLIDA') };
}

/** Documents whose latest e-mail failed (a later successful resend clears them). */
async function failedMails(db: Db, scope: TenantScope) {
  const latest = db
    .selectDistinctOn([mailMessages.tipoDoc, mailMessages.nroDoc, mailMessages.localidadId], {
      code: mailMessages.statusCode,
    })
    .from(mailMessages)
    .where(
      and(
        sql`${mailMessages.tipoDoc} is not null`,
        tenantCondition(scope, { localidad: mailMessages.localidadId, sucursal: mailMessages.sucursalId }),
      ),
    )
    .orderBy(
      mailMessages.tipoDoc,
      mailMessages.nroDoc,
      mailMessages.localidadId,
      desc(mailMessages.createdAt),
    )
    .as('latest');
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(latest)
    .where(sql`coalesce(${latest.code}, '') not like '2%'`);
  return Number(row?.n ?? 0);
}

async function activeLots(db: Db, scope: TenantScope) {
  const rows = await db
    .select({
      id: controlLots.id,
      localidad: localidades.nombre,
      familia: controlLots.familia,
      serie: controlLots.serie,
      cantidad: controlLots.cantidad,
      hasta: controlLots.hasta,
      actual: controlLots.actual,
    })
    .from(controlLots)
    .innerJoin(localidades, eq(localidades.id, controlLots.localidadId))
    .where(
      and(eq(controlLots.status, 'ACTIVO'), tenantCondition(scope, { localidad: controlLots.localidadId })),
    )
    .orderBy(localidades.nombre, controlLots.familia)
    .limit(100);
  return rows.map((r) => {
    const restantes = Math.max(0, Number(r.hasta) - Number(r.actual));
    const cantidad = Number(r.cantidad);
    return {
      id: r.id,
      localidad: r.localidad,
      familia: r.familia,
      serie: r.serie,
      cantidad,
      restantes,
      bajo: lowStock(restantes, cantidad),
    };
  });
}

async function todaysUsdRate(db: Db, today: string) {
  const [row] = await db
    .select({ valor: tasasCambio.valor })
    .from(tasasCambio)
    .where(and(eq(tasasCambio.iso, 'USD'), eq(tasasCambio.fecha, today)))
    .limit(1);
  return { fecha: today, valor: row?.valor ?? null };
}

async function checklist(db: Db, scope: TenantScope) {
  const companies = await db
    .select({ id: localidades.id, nombre: localidades.nombre, correo: localidades.envioEmail })
    .from(localidades)
    .where(and(eq(localidades.status, 'ACTIVO'), tenantCondition(scope, { localidad: localidades.id })))
    .orderBy(desc(localidades.createdAt))
    .limit(CHECKLIST_MAX);
  if (companies.length === 0) return [];
  const ids = companies.map((c) => c.id);
  const [certs, lots, products, people] = await Promise.all([
    db
      .select({ id: certificados.localidadId })
      .from(certificados)
      .where(inArray(certificados.localidadId, ids)),
    db
      .selectDistinct({ id: controlLots.localidadId, familia: controlLots.familia })
      .from(controlLots)
      .where(and(inArray(controlLots.localidadId, ids), inArray(controlLots.status, ['ACTIVO', 'ENCOLA']))),
    db
      .selectDistinct({ id: productos.localidadId })
      .from(productos)
      .where(and(inArray(productos.localidadId, ids), eq(productos.status, 'ACTIVO'))),
    db
      .select({ ids: users.localidades })
      .from(users)
      .where(
        and(
          eq(users.status, 'ACTIVO'),
          sql`${users.localidades} && array[${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}]::uuid[]`,
        ),
      ),
  ]);
  const has = (rows: Array<{ id: string }>, id: string) => rows.some((r) => r.id === id);
  const staffed = new Set(people.flatMap((p) => p.ids));
  return companies.map((c) => ({
    id: c.id,
    nombre: c.nombre,
    certificado: has(certs, c.id),
    lotes: Object.fromEntries(
      CHECKLIST_FAMILIES.map((f) => [f, lots.some((l) => l.id === c.id && l.familia === f)]),
    ) as Record<(typeof CHECKLIST_FAMILIES)[number], boolean>,
    productos: has(products, c.id),
    usuarios: staffed.has(c.id),
    correo: c.correo,
  }));
}

export async function dashboard(db: Db, scope: TenantScope, now = new Date()): Promise<Dashboard> {
  const today = caracasDate(now);
  const { mes, from, to } = monthBounds(today);
  const [facturadoMes, backlog, correosFallidos, lotes, tasaBcv, list] = await Promise.all([
    invoicedThisMonth(db, scope, from, to),
    pdfBacklog(db, scope),
    failedMails(db, scope),
    activeLots(db, scope),
    todaysUsdRate(db, today),
    checklist(db, scope),
  ]);
  return { mes, facturadoMes, ...backlog, correosFallidos, lotes, tasaBcv, checklist: list };
}
