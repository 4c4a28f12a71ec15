import {
  type AssignmentRegisterExportQuery,
  type AssignmentRegisterQuery,
  type AssignmentRow,
  assignmentRange,
  CONTROL_FAMILY_LABELS,
  type ControlFamily,
  caracasDateTimeIso,
  caracasDayEnd,
  caracasDayStart,
  formatCaracasDateTime,
} from '@sigece/fiscal';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { likePattern } from '../../http/paging.ts';
import { assertTenant, type TenantScope, tenantCondition } from '../../http/tenancy.ts';

/**
 * The register of assignments of control numbers (Providencia SNAT/2024/000102 art. 32 as
 * integrators read it — the article's text was not found, sources.md S11): every lot of control numbers
 * assigned to an issuer (control_lots: the company's GLOBAL or INDIVIDUAL lot) and every part of an individual
 * lot assigned to a branch or the head office (control_sublots), with company, branch, family, series, range,
 * date and time of the assignment and who made it. Lots are never deleted once they handed out a number
 * (migration 0026), so the register is complete. Sandbox test lots, if a later change adds them, are the
 * lead's to exclude here.
 *
 * Who: the user id kept since migration 0026, else the e-mail kept with the lot (log_username), else — for
 * older lots written as 'sistema' — the actor of the audit entry that created it (controlLote,
 * controlSucursal), else 'sistema'.
 */

/** Rows one export may hold: more asks for a narrower filter. */
export const REGISTER_EXPORT_MAX = 50_000;

type Filters = Omit<AssignmentRegisterQuery, 'page' | 'limit'>;

/** Both kinds of assignment as one relation `a`, with the actor resolved. */
const ASSIGNMENTS = sql`(
  select 'LOTE' as tipo_asignacion, cl.id, cl.tipo as tipo_lote, cl.id_localidad, null::uuid as id_sucursal,
         cl.familia, cl.serie, cl.desde, cl.hasta, cl.actual, cl.status, cl.log_fecha_registro as asignado_en,
         cl.log_username, cl.asignado_por_id, cl.seq, 'controlLote' as audit_entity
    from control_lots cl
  union all
  select 'SUBLOTE', cs.id, pl.tipo, cs.id_localidad, cs.id_sucursal,
         cs.familia, cs.serie, cs.desde, cs.hasta, cs.actual, cs.status, cs.log_fecha_registro,
         cs.log_username, cs.asignado_por_id, cs.seq, 'controlSucursal'
    from control_sublots cs join control_lots pl on pl.id = cs.id_control_localidad
) a`;

/** Who assigned it (see above). */
const ACTOR = sql`coalesce(
  (select u.email from users u where u.id = a.asignado_por_id),
  nullif(a.log_username, 'sistema'),
  (select al.user_email from audit_log al
    where al.entity_id = a.id::text and al.entity = a.audit_entity and al.action = 'create'
      and al.user_email is not null
    order by al.at limit 1),
  a.log_username)`;

function whereOf(scope: TenantScope, f: Filters): SQL {
  const parts: SQL[] = [];
  const tenant = tenantCondition(scope, { localidad: sql`a.id_localidad`, sucursal: sql`a.id_sucursal` });
  if (tenant) parts.push(tenant);
  if (f.id_localidad) parts.push(sql`a.id_localidad = ${f.id_localidad}::uuid`);
  if (f.id_sucursal) parts.push(sql`a.id_sucursal = ${f.id_sucursal}::uuid`);
  if (f.familia) parts.push(sql`a.familia = ${f.familia}`);
  if (f.serie) parts.push(sql`upper(a.serie) = ${f.serie.toUpperCase().padStart(2, '0')}`);
  if (f.fechaInicio)
    parts.push(sql`a.asignado_en >= ${caracasDayStart(f.fechaInicio).toISOString()}::timestamptz`);
  if (f.fechaFin) parts.push(sql`a.asignado_en < ${caracasDayEnd(f.fechaFin).toISOString()}::timestamptz`);
  if (f.search) {
    const term = likePattern(f.search);
    parts.push(sql`(l.nombre ilike ${term} or (l.tipo_documento || '-' || l.numero_documento) ilike ${term}
      or s.nombre ilike ${term} or a.log_username ilike ${term})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const FROM = sql`from ${ASSIGNMENTS}
  join localidades l on l.id = a.id_localidad
  left join sucursales s on s.id = a.id_sucursal`;

interface RawRow {
  tipo_asignacion: 'LOTE' | 'SUBLOTE';
  id: string;
  tipo_lote: string;
  id_localidad: string;
  id_sucursal: string | null;
  empresa_rif: string;
  empresa: string;
  sucursal: string | null;
  familia: ControlFamily;
  serie: string;
  desde: string | number;
  hasta: string | number;
  actual: string | number;
  status: string;
  asignado_en: Date | string;
  asignado_por: string;
}

function rowOf(r: RawRow): AssignmentRow {
  const desde = Number(r.desde);
  const hasta = Number(r.hasta);
  const at = new Date(r.asignado_en);
  return {
    id: r.id,
    tipoAsignacion: r.tipo_asignacion,
    tipoLote: r.tipo_lote,
    id_localidad: r.id_localidad,
    empresaRif: r.empresa_rif,
    empresa: r.empresa,
    id_sucursal: r.id_sucursal,
    sucursal: r.sucursal,
    familia: r.familia,
    familiaNombre: CONTROL_FAMILY_LABELS[r.familia] ?? r.familia,
    serie: r.serie,
    ...assignmentRange(r.serie, desde, hasta),
    usados: Math.max(0, Number(r.actual) - desde),
    estatus: r.status,
    fechaAsignacion: caracasDateTimeIso(at),
    fechaAsignacionTexto: formatCaracasDateTime(at),
    asignadoPor: r.asignado_por,
  };
}

/** A company named in the filter must be the caller's (403 otherwise, as every report answers). */
function assertFilterInScope(scope: TenantScope, f: Filters): void {
  if (f.id_localidad) assertTenant(scope, { localidadId: f.id_localidad, sucursalId: f.id_sucursal ?? null });
}

async function select(db: DbOrTx, scope: TenantScope, f: Filters, page?: { limit: number; offset: number }) {
  const result = (await db.execute(sql`
    select a.tipo_asignacion, a.id::text as id, a.tipo_lote, a.id_localidad::text as id_localidad,
           a.id_sucursal::text as id_sucursal, l.tipo_documento || '-' || l.numero_documento as empresa_rif,
           l.nombre as empresa, s.nombre as sucursal, a.familia, a.serie, a.desde, a.hasta, a.actual, a.status,
           a.asignado_en, ${ACTOR} as asignado_por
    ${FROM}
    where ${whereOf(scope, f)}
    order by a.asignado_en desc, a.seq desc, a.tipo_asignacion
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`)) as unknown as { rows: RawRow[] };
  return result.rows.map(rowOf);
}

async function count(db: DbOrTx, scope: TenantScope, f: Filters): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n ${FROM} where ${whereOf(scope, f)}`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

/** One page of the register, newest assignment first. */
export async function searchAssignmentRegister(db: DbOrTx, scope: TenantScope, q: AssignmentRegisterQuery) {
  const { page, limit, ...filters } = q;
  assertFilterInScope(scope, filters);
  const [results, totalResults] = await Promise.all([
    select(db, scope, filters, { limit, offset: (page - 1) * limit }),
    count(db, scope, filters),
  ]);
  return { results, page, limit, totalPages: Math.ceil(totalResults / limit), totalResults };
}

/** Every row of the filter, for the XLSX or CSV download. */
export async function assignmentRegisterRows(
  db: DbOrTx,
  scope: TenantScope,
  q: AssignmentRegisterExportQuery,
): Promise<AssignmentRow[]> {
  const { formato: _format, ...filters } = q;
  assertFilterInScope(scope, filters);
  const n = await count(db, scope, filters);
  if (n > REGISTER_EXPORT_MAX)
    throw badRequest(
      `El registro filtrado tiene ${n} asignaciones (máximo ${REGISTER_EXPORT_MAX} por archivo): filtre por razón social o fechas`,
    );
  return select(db, scope, filters);
}
