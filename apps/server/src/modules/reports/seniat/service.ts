import {
  caracasDate,
  formatDateCaracas,
  hasPermission,
  type Period,
  REPORT_MESSAGES,
  SENIAT_FORMATS,
  SENIAT_MODULE,
  SENIAT_REPORT_KINDS,
  SENIAT_REPORTS,
  type SeniatFormat,
  type SeniatReportKind,
  seniatFileName,
  seniatPeriod,
  z,
} from '@sigece/fiscal';
import type { Deps } from '../../../deps.ts';
import { badRequest, forbidden } from '../../../http/errors.ts';
import type { TenantScope } from '../../../http/tenancy.ts';
import { defineJob } from '../../jobs/define.ts';
import type { Principal } from '../../security/principal.ts';
import { recordWebhookEvents } from '../../webhooks/outbox.ts';
import { acceptedPeriod } from '../period.ts';
import { seniatFile } from './content.ts';
import { assignedRanges, companiesByRif, countIssued, issuedDocuments, type ReportScope } from './queries.ts';

/** Documents one report holds at most: a bigger one asks for a shorter period or fewer companies. */
export const SENIAT_MAX_DOCUMENTS = 100_000;

/** A report as requested and checked: what the job (or the download) builds. */
export interface SeniatRequest {
  kind: SeniatReportKind;
  general: boolean;
  period: Period;
  format: SeniatFormat;
  scope: ReportScope;
}

/** The button's action key (spec 002 §6) gates its report. */
export function assertKindAllowed(principal: Principal, kind: SeniatReportKind): void {
  if (!hasPermission(principal, SENIAT_MODULE, SENIAT_REPORTS[kind].key))
    throw forbidden(`No tiene permiso para generar el ${SENIAT_REPORTS[kind].label}`);
}

/** The companies named by RIF, each visible to the caller; an unknown one is a 400, a foreign one a 403. */
export async function scopeFor(
  deps: Deps,
  tenant: TenantScope,
  rifs: readonly string[] | null,
): Promise<ReportScope> {
  const base = { all: tenant.all, localidades: [...tenant.localidades], sucursales: [...tenant.sucursales] };
  if (!rifs) return { ...base, companies: null };
  const { ids, missing } = await companiesByRif(deps.db, rifs);
  if (missing.length) throw badRequest(`La razón social ${missing.join(', ')} no existe`);
  const companies = [...ids.values()];
  if (!tenant.all && companies.some((id) => !tenant.localidades.includes(id)))
    throw forbidden('No tiene acceso a esta razón social o sucursal');
  return { ...base, companies };
}

export function periodFor(kind: SeniatReportKind, input: Parameters<typeof seniatPeriod>[1]): Period {
  return acceptedPeriod(seniatPeriod(kind, input, caracasDate()));
}

/** Refuses, before anything is queued, a report too big to build in one file. */
export async function assertReportSize(deps: Deps, request: SeniatRequest): Promise<void> {
  const n = await countIssued(deps.db, request.scope, request.period);
  if (n > SENIAT_MAX_DOCUMENTS)
    throw badRequest(
      `El reporte tendría ${n} documentos (máximo ${SENIAT_MAX_DOCUMENTS}): elija un período menor o menos razones sociales`,
    );
}

export async function buildSeniatReport(
  deps: Deps,
  request: SeniatRequest,
): Promise<{ fileName: string; file: Buffer; documents: number }> {
  const [documents, ranges] = await Promise.all([
    issuedDocuments(deps.db, request.scope, request.period),
    assignedRanges(deps.db, request.scope, request.period),
  ]);
  const file = await seniatFile(deps.config, { ...request, documents, ranges }, request.format);
  const fileName = seniatFileName(
    request.general ? 1 : request.kind,
    request.period,
    Date.now(),
    request.format,
  );
  return { fileName, file, documents: documents.length };
}

const CONTENT_TYPES: Record<SeniatFormat, string> = {
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  PDF: 'application/pdf',
};

/** The job: builds the report and e-mails it as an attachment to the address the form gave. */
export async function sendSeniatReport(deps: Deps, job: SeniatRequest & { email: string }): Promise<void> {
  const { fileName, file, documents } = await buildSeniatReport(deps, job);
  const label = SENIAT_REPORTS[job.kind].label;
  const span = `${formatDateCaracas(`${job.period.start}T12:00:00-04:00`)} al ${formatDateCaracas(
    `${job.period.end}T12:00:00-04:00`,
  )}`;
  const single = job.scope.companies?.length === 1 ? job.scope.companies[0] : undefined;
  await deps.mailer.send(deps.db, {
    to: [job.email],
    subject: `${label}: ${span}`,
    text: `Adjunto encontrará el ${label} del ${span} (${documents} documentos): ${fileName}.\n\n${deps.config.printer.nombre}`,
    attachments: [{ filename: fileName, content: file, contentType: CONTENT_TYPES[job.format] }],
    tipoDoc: 'REPORTE',
    nroDoc: fileName.slice(0, 20),
    localidadId: single,
  });
  // 'reporte.listo' for a one-company report, when that company's endpoints want it, with
  // the period (a receiver needs not parse it out of the file name). Recorded once the e-mail is accepted,
  // not in a transaction around the SMTP exchange: that held a connection (PGlite's only one) for the whole
  // exchange, and a refusal rolled back the e-mail log's record of it. A crash in between leaves the job
  // unfinished: pg-boss runs it again, and the event is recorded then.
  if (single)
    await recordWebhookEvents(deps.db, [
      {
        localidadId: single,
        tipo: 'reporte.listo',
        data: {
          reporte: job.kind,
          fechaInicio: job.period.start,
          fechaFin: job.period.end,
          archivo: fileName,
          documentos: documents,
          para: job.email,
        },
      },
    ]);
}

const periodSchema = z.object({ start: z.iso.date(), end: z.iso.date() });
export const seniatReportJob = defineJob({
  name: 'reportes-seniat',
  payload: z.object({
    kind: z.union(SENIAT_REPORT_KINDS.map((k) => z.literal(k))) as unknown as z.ZodType<SeniatReportKind>,
    general: z.boolean(),
    period: periodSchema,
    format: z.enum(SENIAT_FORMATS),
    email: z.string(),
    scope: z.object({
      all: z.boolean(),
      localidades: z.array(z.string()),
      sucursales: z.array(z.string()),
      companies: z.array(z.string()).nullable(),
    }),
  }),
  handler: sendSeniatReport,
  // A report may take a while on a big period; one retry covers a passing SMTP refusal.
  queue: { retryLimit: 2, retryDelay: 30, expireInSeconds: 900 },
  concurrency: 1,
});

/** Reports built in this process when it runs no job queue (SIGECE_JOBS=0), so a test can wait for them. */
const inline = new Set<Promise<void>>();

/** Queues the report (or builds it in the background without a queue); answers the job id. */
export async function queueSeniatReport(
  deps: Deps,
  request: SeniatRequest & { email: string },
): Promise<{ id: string | null; state: string }> {
  await assertReportSize(deps, request);
  if (deps.jobs) {
    const id = await deps.jobs.send(seniatReportJob, request);
    return { id, state: 'created' };
  }
  const running = sendSeniatReport(deps, request).catch((error: Error) =>
    console.error('reporte SENIAT:', error.message),
  );
  inline.add(running);
  void running.finally(() => inline.delete(running));
  return { id: null, state: 'active' };
}

export { REPORT_MESSAGES };
