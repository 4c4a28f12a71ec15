import {
  caracasDayEnd,
  caracasDayStart,
  EMAIL_LOG_EXPORT_MAX,
  type EmailLogQuery,
  emailLogFileName,
  emailStatusLabel,
  formatLogDateTime,
  LOG_MAX_DAYS,
} from '@sigece/fiscal';
import ExcelJS from 'exceljs';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { assertTenant, type TenantScope } from '../../../http/tenancy.ts';
import {
  type MailLogFilter,
  type MailLogRow,
  mailLogByMessageId,
  mailLogPage,
} from '../../mail/log-queries.ts';
import { reportRange } from '../period.ts';

/** One row of the e-mail log as the screen reads it (spec 002 §3: E-mail log entry). */
export function entryOf(row: MailLogRow) {
  return {
    id: row.id,
    messageId: row.messageId ?? '',
    statusCode: row.statusCode ?? '',
    estatus: emailStatusLabel(row.statusCode),
    msg: row.statusText ?? '',
    recibido: row.to,
    cc: row.cc,
    asunto: row.subject,
    logFechaRegistro: row.createdAt.toISOString(),
    fecha: formatLogDateTime(row.createdAt),
    tipoDoc: row.tipoDoc ?? '',
    nroDoc: row.nroDoc ?? '',
    fechaEmision: row.sentAt ? row.sentAt.toISOString() : null,
    id_localidad: row.localidadId,
    id_sucursal: row.sucursalId,
  };
}
export type EmailLogEntry = ReturnType<typeof entryOf>;

/**
 * The filter of a query: dates are optional (both or neither), checked like every report range; a
 * company or branch outside the caller's scope is refused, and the scope always applies (messages that
 * belong to no company, such as password resets, are for the master administrator only).
 */
function filterOf(scope: TenantScope, query: EmailLogQuery): MailLogFilter {
  let range: { from?: Date; to?: Date } = {};
  if (query.fechaInicio || query.fechaFin) {
    const period = reportRange(query.fechaInicio, query.fechaFin, LOG_MAX_DAYS);
    range = { from: caracasDayStart(period.start), to: caracasDayEnd(period.end) };
  }
  if (query.id_localidad)
    assertTenant(scope, { localidadId: query.id_localidad, sucursalId: query.id_sucursal ?? null });
  else if (query.id_sucursal) throw badRequest('Seleccione la razón social de la sucursal');
  return {
    ...range,
    localidadId: query.id_localidad,
    sucursalId: query.id_sucursal,
    nroDoc: query.nroDoc,
    correoTo: query.correoTo,
    scope,
  };
}

export async function searchEmailLog(db: Db, scope: TenantScope, query: EmailLogQuery) {
  const { rows, total } = await mailLogPage(db, filterOf(scope, query), {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    code: 200,
    results: rows.map(entryOf),
    page: query.page,
    limit: query.limit,
    totalPages: Math.ceil(total / query.limit),
    totalResults: total,
  };
}

/** status 2: every matching row (at most EMAIL_LOG_EXPORT_MAX) as LogsEmail_{timestamp}.xlsx. */
export async function exportEmailLog(db: Db, scope: TenantScope, query: EmailLogQuery) {
  const { rows, total } = await mailLogPage(db, filterOf(scope, query), {
    limit: EMAIL_LOG_EXPORT_MAX,
    offset: 0,
  });
  if (total > EMAIL_LOG_EXPORT_MAX)
    throw badRequest(`La exportación supera ${EMAIL_LOG_EXPORT_MAX} correos: elija un rango de fechas menor`);
  const book = new ExcelJS.Workbook();
  book.creator = 'sigece';
  const sheet = book.addWorksheet('LogsEmail');
  sheet.columns = [
    { header: 'Fecha', key: 'fecha', width: 22 },
    { header: 'Destinatarios', key: 'recibido', width: 36 },
    { header: 'Asunto', key: 'asunto', width: 40 },
    { header: 'Tipo Doc', key: 'tipoDoc', width: 12 },
    { header: 'Nro Doc', key: 'nroDoc', width: 16 },
    { header: 'Código', key: 'statusCode', width: 10 },
    { header: 'Estatus', key: 'estatus', width: 16 },
    { header: 'Respuesta del servidor', key: 'msg', width: 40 },
    { header: 'Id del mensaje', key: 'messageId', width: 44 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const e = entryOf(row);
    sheet.addRow({ ...e, recibido: e.recibido.join(', ') });
  }
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return {
    code: 200,
    message: `${rows.length} correos exportados`,
    fileName: emailLogFileName(Date.now()),
    totalResults: rows.length,
    libroExcel: buffer.toString('base64'),
  };
}

/**
 * getemailSendgrid: the spec's provider-status call. Mail goes out over SMTP (or the local outbox), so
 * the status is what the SMTP server answered, as stored; opens and clicks are not tracked (0).
 */
export async function storedEmailStatus(db: Db, scope: TenantScope, messageId: string) {
  const row = await mailLogByMessageId(db, messageId, scope);
  if (!row) throw notFound('No existe un correo con ese identificador');
  return {
    code: 200,
    result: {
      messageId,
      status: emailStatusLabel(row.statusCode),
      statusCode: row.statusCode ?? '',
      msg: row.statusText ?? '',
      to_email: row.to.join(', '),
      opens_count: 0,
      clicks_count: 0,
      fecha: formatLogDateTime(row.createdAt),
      transport: row.transport,
    },
  };
}
