import {
  CHECKLIST_FAMILIES,
  caracasDate,
  caracasDayStart,
  type Dashboard,
  lowStock,
  money,
} from '@sigece/fiscal';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import { companiesWithActiveProducts } from '../catalog/lookup.service.ts';
import { companiesWithCertificate, newestActiveCompanies } from '../companies/setup-status.ts';
import { invoicedByCurrency } from '../invoices/dashboard-counts.ts';
import { renderBacklog } from '../issuance/ledger/ledger-reads.ts';
import { documentsWithFailedMail } from '../mail/delivery-stats.ts';
import { activeLotStock, lotFamiliesOfCompanies } from '../numbering/lot-stock.ts';
import { rateOfDay } from '../reference/lookup.service.ts';
import { staffedCompanies } from '../security/staffed-companies.ts';

/**
 * Home's dashboard: a read model over several contexts, read-only and scoped by the caller.
 * Each figure is one aggregate query that its context answers over its own tables; this only composes
 * them, all at once.
 */

/** How many companies the first-company checklist shows (the newest; a provider sees many). */
const CHECKLIST_MAX = 12;

/** How many active lots the dashboard lists. */
const LOTS_MAX = 100;

/** The first instant of the Caracas month of `day` (yyyy-MM-dd) and of the month after. */
function monthBounds(day: string) {
  const [y, m] = day.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { mes: day.slice(0, 7), from: caracasDayStart(`${day.slice(0, 7)}-01`), to: caracasDayStart(next) };
}

async function invoicedThisMonth(db: Db, scope: TenantScope, from: Date, to: Date) {
  const rows = await invoicedByCurrency(db, scope, from, to);
  return rows.map((r) => ({ divisa: r.divisa, total: money(r.total), cantidad: r.cantidad }));
}

async function pdfBacklog(db: Db, scope: TenantScope) {
  const { pendientes, fallidos } = await renderBacklog(db, scope);
  return { pdfPendientes: pendientes, pdfFallidos: fallidos };
}

async function activeLots(db: Db, scope: TenantScope) {
  const rows = await activeLotStock(db, scope, LOTS_MAX);
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
  return { fecha: today, valor: await rateOfDay(db, 'USD', today) };
}

async function checklist(db: Db, scope: TenantScope) {
  const companies = await newestActiveCompanies(db, scope, CHECKLIST_MAX);
  if (companies.length === 0) return [];
  const ids = companies.map((c) => c.id);
  const [certified, lots, stocked, staffed] = await Promise.all([
    companiesWithCertificate(db, ids),
    lotFamiliesOfCompanies(db, ids),
    companiesWithActiveProducts(db, ids),
    staffedCompanies(db, ids),
  ]);
  return companies.map((c) => ({
    id: c.id,
    nombre: c.nombre,
    certificado: certified.has(c.id),
    lotes: Object.fromEntries(
      CHECKLIST_FAMILIES.map((f) => [f, lots.some((l) => l.id === c.id && l.familia === f)]),
    ) as Record<(typeof CHECKLIST_FAMILIES)[number], boolean>,
    productos: stocked.has(c.id),
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
    documentsWithFailedMail(db, scope),
    activeLots(db, scope),
    todaysUsdRate(db, today),
    checklist(db, scope),
  ]);
  return { mes, facturadoMes, ...backlog, correosFallidos, lotes, tasaBcv, checklist: list };
}
