import {
  caracasDayEnd,
  caracasDayStart,
  formatDateCaracas,
  formatLogDateTime,
  LOG_MAX_DAYS,
  LOG_MESSAGES,
  LOG_REPORT_MAX_ROWS,
} from '@sigece/fiscal';
import type { Db } from '../../../db/client.ts';
import { badRequest, forbidden } from '../../../http/errors.ts';
import type { TenantScope } from '../../../http/tenancy.ts';
import { type AuditRow, auditEntries } from '../../audit/queries.ts';
import { visibleUserIds } from '../../security/users.service.ts';
import { reportRange } from '../period.ts';
import { renderTablePdf } from './table-pdf.ts';
import { describeAction, type RecordNames, recordNames } from './words.ts';

export interface LogReportInput {
  fechaInicio?: string;
  fechaFin?: string;
  idUsuario?: string;
}

/** What changed: the fields whose values differ before and after, "campo: antes → después". */
export function changesOf(before: unknown, after: unknown): string {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  if (typeof b !== 'object' || typeof a !== 'object') return '';
  const show = (v: unknown) => {
    if (v === undefined || v === null) return '-';
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const lines = keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .slice(0, 12)
    .map((k) =>
      k in b && k in a ? `${k}: ${show(b[k])} -> ${show(a[k])}` : `${k}: ${show(k in a ? a[k] : b[k])}`,
    );
  return lines.join('\n');
}

/**
 * The users whose entries the caller may read: a master admin anyone; others the users they can see in
 * the user list (sharing one of their companies, never master admins) and themselves. Audit entries
 * carry no company, so tenancy is by who wrote them.
 */
async function readableUsers(
  db: Db,
  scope: TenantScope,
  self: string,
  requested?: string,
): Promise<string[] | null> {
  if (scope.all) return requested ? [requested] : null;
  const ids = await visibleUserIds(db, scope, self, requested);
  if (requested && ids.length === 0) throw forbidden('No tiene acceso a los eventos de este usuario');
  return ids;
}

/** One line of the report in plain words: who did what to which record, and what changed. */
const row =
  (names: RecordNames) =>
  (e: AuditRow): string[] => [
    formatLogDateTime(e.at),
    e.userEmail ?? 'sistema',
    describeAction(e),
    names.recordOf(e),
    names.withoutIds(changesOf(e.before, e.after)),
  ];

/**
 * GET /logs/getLogsByRange: the audit trail of a user (or of every user the caller may see) in a date
 * range as a PDF titled 'Logs de Eventos'; null when there is nothing to show. At most
 * LOG_REPORT_MAX_ROWS entries: a longer trail asks for a shorter range.
 */
export async function logsReport(
  db: Db,
  scope: TenantScope,
  self: { id: string; email: string },
  input: LogReportInput,
): Promise<{ pdf: Buffer | null; total: number }> {
  const period = reportRange(input.fechaInicio, input.fechaFin, LOG_MAX_DAYS);
  const userIds = await readableUsers(db, scope, self.id, input.idUsuario);
  const entries = await auditEntries(db, {
    from: caracasDayStart(period.start),
    to: caracasDayEnd(period.end),
    userIds,
    limit: LOG_REPORT_MAX_ROWS + 1,
  });
  if (entries.length > LOG_REPORT_MAX_ROWS)
    throw badRequest(`El reporte supera ${LOG_REPORT_MAX_ROWS} eventos: elija un rango de fechas menor`);
  if (entries.length === 0) return { pdf: null, total: 0 };
  const who = input.idUsuario ? (entries[0].userEmail ?? input.idUsuario) : 'Todos los usuarios visibles';
  const pdf = await renderTablePdf({
    title: LOG_MESSAGES.title,
    subtitle: [
      `Desde ${formatDateCaracas(`${period.start}T12:00:00-04:00`)} hasta ${formatDateCaracas(`${period.end}T12:00:00-04:00`)}`,
      `Usuario: ${who}`,
      `Generado por ${self.email} el ${formatLogDateTime(new Date())}`,
    ],
    columns: [
      { header: 'Fecha', width: 0.12 },
      { header: 'Usuario', width: 0.16 },
      { header: 'Acción', width: 0.22 },
      { header: 'Registro', width: 0.18 },
      { header: 'Cambios', width: 0.32 },
    ],
    rows: entries.map(row(await recordNames(db, entries))),
  });
  return { pdf, total: entries.length };
}
