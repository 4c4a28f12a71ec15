import { caracasDayEnd, caracasDayStart, dec, type Period, seniatAmountsOf } from '@sigece/fiscal';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { tenantCondition } from '../../../http/tenancy.ts';
import { ledgerDocuments, ledgerPartyRif } from '../../issuance/ledger/ledger-documents.ts';

/**
 * Which companies a report covers, fixed when it is requested: the caller's tenant scope (a job runs
 * later, without the caller) and, when the report names companies, those.
 */
export interface ReportScope {
  /** Master administrator: every company. */
  all: boolean;
  localidades: string[];
  /** Branch-restricted users: their branches plus the companies' head-office documents. */
  sucursales: string[];
  /** The companies the report asked for (by RIF), or null for every company in scope. */
  companies: string[] | null;
}

export interface IssuedDocument {
  empresaRif: string;
  empresa: string;
  sucursal: string | null;
  tipoDoc: string;
  tipoNota: string | null;
  serie: string;
  numero: string;
  nroControl: string;
  fechaEmision: Date;
  clienteRif: string;
  cliente: string;
  moneda: string;
  baseImponible: string;
  exento: string;
  iva: string;
  total: string;
  /** What a withholding voucher withheld (0.00 for the other families). */
  retenido: string;
  status: string;
}

export interface AssignedRange {
  empresaRif: string;
  empresa: string;
  familia: string;
  serie: string;
  desde: string;
  hasta: string;
  cantidad: number;
}

/** The tenant and company conditions over the ledger `c`. */
function scopeWhere(scope: ReportScope): SQL {
  const parts: SQL[] = [];
  const tenant = tenantCondition(scope, { localidad: sql`c.id_localidad`, sucursal: sql`c.id_sucursal` });
  if (tenant) parts.push(tenant);
  if (scope.companies)
    parts.push(scope.companies.length ? inArray(sql`c.id_localidad`, [...scope.companies]) : sql`false`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * The ledger of control numbers (`control_numbers`, written by the issuance kernel) joined with the
 * document that holds each number, restricted to documents issued in the period (their own issue date,
 * Caracas days). Every numbered family: invoices, credit and debit notes, orders and dispatch guides, IVA
 * and ISLR withholding vouchers (Providencia SNAT/2024/000102 as integrators read it,
 * sources.md S11). A document hidden from the lists ('Eliminar') stays: its number never disappears.
 * Sandbox test documents, when a family marks them, are the lead's to exclude here.
 */
const DOC = {
  fecha: sql`d.fecha_emision`,
  status: sql`coalesce(d.status, 'ACTIVO')`,
};

const ledgerInPeriod = (scope: ReportScope, period: Period) => sql`
  from control_numbers c
  join localidades l on l.id = c.id_localidad
  left join sucursales s on s.id = c.id_sucursal
  left join ${ledgerDocuments()} d on d.tipo_doc = c.tipo_doc and d.id = c.id_documento
  where ${scopeWhere(scope)}
    and ${DOC.fecha} >= ${caracasDayStart(period.start).toISOString()}::timestamptz
    and ${DOC.fecha} < ${caracasDayEnd(period.end).toISOString()}::timestamptz`;

export async function countIssued(db: DbOrTx, scope: ReportScope, period: Period): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n ${ledgerInPeriod(scope, period)}`,
  )) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Every numbered document of the period, by company and control number. A withholding voucher's client is
 * the withheld supplier; its base is the withheld documents' base, its IVA the tax caused, its total the
 * documents' total, and `retenido` what was withheld. An annulled document shows zero amounts.
 */
export async function issuedDocuments(
  db: DbOrTx,
  scope: ReportScope,
  period: Period,
): Promise<IssuedDocument[]> {
  const result = (await db.execute(sql`
    select l.tipo_documento || '-' || l.numero_documento as "empresaRif", l.nombre as empresa,
           s.nombre as sucursal, c.tipo_doc as "tipoDoc",
           d.tipo as "tipoNota", coalesce(d.serie, '') as serie, coalesce(d.numero, '') as numero,
           c.nro_control as "nroControl",
           ${DOC.fecha} as "fechaEmision",
           d.cliente_tipo as "clienteTipo", d.cliente_numero as "clienteNumero",
           coalesce(d.cliente_nombre, '') as cliente, coalesce(d.moneda, '') as moneda,
           coalesce(d.base, 0)::text as base, coalesce(d.exento, 0)::text as exento,
           coalesce(d.iva, 0)::text as iva, coalesce(d.total, 0)::text as total,
           coalesce(d.retenido, 0)::text as retenido,
           ${DOC.status} as status
    ${ledgerInPeriod(scope, period)}
    order by l.nombre, l.id, c.familia, c.serie, c.numero`)) as unknown as {
    rows: Array<
      Omit<IssuedDocument, 'clienteRif' | 'baseImponible' | 'fechaEmision'> & {
        clienteTipo: string | null;
        clienteNumero: string | null;
        base: string;
        fechaEmision: Date | string;
      }
    >;
  };
  return result.rows.map(({ clienteTipo, clienteNumero, base, ...r }) => ({
    ...r,
    fechaEmision: new Date(r.fechaEmision),
    clienteRif: ledgerPartyRif(clienteTipo, clienteNumero),
    ...seniatAmountsOf(r.status, {
      // Taxable base: the subtotal less what is exempt or exonerated (a voucher's: the withheld documents').
      baseImponible: dec(base).toFixed(2),
      exento: dec(r.exento).toFixed(2),
      iva: dec(r.iva).toFixed(2),
      total: dec(r.total).toFixed(2),
      retenido: dec(r.retenido).toFixed(2),
    }),
  }));
}

/**
 * The control numbers assigned in the period as consecutive runs ("islands") per company, numbering
 * family and series: 00-00000001 to 00-00000040, 40 numbers. A gap (a number taken by a document of
 * another period) starts a new run.
 */
export async function assignedRanges(
  db: DbOrTx,
  scope: ReportScope,
  period: Period,
): Promise<AssignedRange[]> {
  const result = (await db.execute(sql`
    with numbered as (
      select c.id_localidad, c.familia, c.serie, c.numero, c.nro_control,
             c.numero - row_number() over (partition by c.id_localidad, c.familia, c.serie order by c.numero) as isla
      ${ledgerInPeriod(scope, period)}
    )
    select l.tipo_documento || '-' || l.numero_documento as "empresaRif", l.nombre as empresa,
           x.familia, x.serie,
           (array_agg(x.nro_control order by x.numero))[1] as desde,
           (array_agg(x.nro_control order by x.numero desc))[1] as hasta,
           count(*)::int as cantidad
    from numbered x join localidades l on l.id = x.id_localidad
    group by l.id, l.tipo_documento, l.numero_documento, l.nombre, x.familia, x.serie, x.isla
    order by l.nombre, l.id, x.familia, x.serie, min(x.numero)`)) as unknown as { rows: AssignedRange[] };
  return result.rows.map((r) => ({ ...r, cantidad: Number(r.cantidad) }));
}

/** Companies by RIF ("J-123456789"): the ids found and the RIFs that name no company. */
export async function companiesByRif(
  db: DbOrTx,
  rifs: readonly string[],
): Promise<{ ids: Map<string, string>; missing: string[] }> {
  const normal = [...new Set(rifs.map((r) => (r.includes('-') ? r : `${r[0]}-${r.slice(1)}`)))];
  const result = (await db.execute(sql`
    select id::text as id, tipo_documento || '-' || numero_documento as rif from localidades
    where tipo_documento || '-' || numero_documento in (${sql.join(
      normal.map((r) => sql`${r}`),
      sql`, `,
    )})`)) as unknown as { rows: Array<{ id: string; rif: string }> };
  const ids = new Map(result.rows.map((r) => [r.rif, r.id]));
  return { ids, missing: normal.filter((r) => !ids.has(r)) };
}
