import { createHash } from 'node:crypto';
import {
  ASSIGNED_NUMBERS_MESSAGES,
  assignedNumbersFileName,
  caracasDate,
  dailyDuty,
  formatDateCaracas,
  lastPeriods,
  type MonthlyReportStateRow,
  type MonthlyReportStates,
  missedDeadline,
  monthClosed,
  monthlyReportState,
  REVOCATION_OVERDUE_MONTHS,
  reportDeadline,
  z,
} from '@sigece/fiscal';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { seniatMonthlyReports } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { badRequest } from '../../../http/errors.ts';
import { type AuditContext, recordAudit } from '../../audit/service.ts';
import { defineJob } from '../../jobs/define.ts';
import { providerAdministrators } from './queries.ts';
import { assignedNumbersFile, assignedNumbersReport } from './report.ts';

type Record_ = typeof seniatMonthlyReports.$inferSelect;
const ALL = { all: true, localidades: [], sucursales: [] } as const;
const AUDIT_ENTITY = 'reporte_seniat_mensual';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function stateRow(periodo: string, today: string, r: Record_ | undefined): MonthlyReportStateRow {
  const sentDay = r?.enviadoEn ? caracasDate(r.enviadoEn) : null;
  return {
    periodo,
    estado: monthlyReportState(periodo, today, r ?? null),
    vence: reportDeadline(periodo),
    fueraDePlazo: monthClosed(periodo, today) && missedDeadline(periodo, today, sentDay),
    generadoEn: iso(r?.generadoEn ?? null),
    generadoPor: r?.generadoPor ?? null,
    sha256: r?.sha256 ?? null,
    cantidad: r?.cantidad ?? null,
    enviadoEn: iso(r?.enviadoEn ?? null),
    enviadoPor: r?.enviadoPor ?? null,
    nroRecibo: r?.nroRecibo ?? null,
  };
}

/**
 * The states of the last 12 months (newest first) on `today` (Caracas), from the month of the imprenta's
 * authorisation on, and how many months of the calendar year missed their deadline: two are grounds for
 * revocation (Art. 34.3 as read).
 */
export async function monthlyStates(
  db: DbOrTx,
  authorisedOn: string,
  today: string = caracasDate(),
): Promise<MonthlyReportStates> {
  const year = today.slice(0, 4);
  // The duty starts with the month the imprenta was authorised (its providencia's date): no month before.
  const first = /^\d{4}-\d{2}/.test(authorisedOn) ? authorisedOn.slice(0, 7) : '0000-00';
  const shown = lastPeriods(today).filter((p) => p >= first);
  const ofYear = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`).filter(
    (p) => p >= first,
  );
  const wanted = [...new Set([...shown, ...ofYear])];
  const rows = await db
    .select()
    .from(seniatMonthlyReports)
    .where(inArray(seniatMonthlyReports.periodo, wanted));
  const byPeriod = new Map(rows.map((r) => [r.periodo, r]));
  const vencidosAnio = ofYear
    .filter((p) => monthClosed(p, today))
    .filter((p) => stateRow(p, today, byPeriod.get(p)).fueraDePlazo).length;
  return {
    hoy: today,
    anio: year,
    vencidosAnio,
    limiteRevocatoria: REVOCATION_OVERDUE_MONTHS,
    meses: shown.map((p) => stateRow(p, today, byPeriod.get(p))),
  };
}

async function recordOf(db: DbOrTx, periodo: string): Promise<Record_ | undefined> {
  const [row] = await db.select().from(seniatMonthlyReports).where(eq(seniatMonthlyReports.periodo, periodo));
  return row;
}

/** Serialises the writes of one month's report across processes, until the transaction ends. */
const lockMonth = (tx: DbOrTx, periodo: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`seniat-mensual:${periodo}`}, 0))`);

/**
 * Builds the closed month's report of every company and keeps its machine-readable file (CSV) with its
 * SHA-256. A report already built is built again (an annulment since changes a status) until it is sent.
 */
export async function generateMonthlyReport(
  deps: Deps,
  tx: DbOrTx,
  periodo: string,
  by: { email: string; audit: AuditContext },
): Promise<{ periodo: string; sha256: string; cantidad: number; empresas: number; generadoEn: string }> {
  const today = caracasDate();
  if (!monthClosed(periodo, today)) throw badRequest(ASSIGNED_NUMBERS_MESSAGES.notClosed(periodo));
  await lockMonth(tx, periodo);
  const before = await recordOf(tx, periodo);
  if (before?.enviadoEn) throw badRequest(ASSIGNED_NUMBERS_MESSAGES.alreadySent(periodo));
  const report = await assignedNumbersReport(tx, deps.config, periodo, ALL);
  const file = await assignedNumbersFile(report, 'CSV');
  const sha256 = createHash('sha256').update(file).digest('hex');
  const now = new Date();
  const values = {
    generadoEn: now,
    generadoPor: by.email,
    sha256,
    cantidad: report.totales.numeros,
    empresas: report.totales.empresas,
    archivo: file,
  };
  await tx
    .insert(seniatMonthlyReports)
    .values({ periodo, ...values })
    .onConflictDoUpdate({ target: seniatMonthlyReports.periodo, set: values });
  const summary = { periodo, sha256, cantidad: values.cantidad, empresas: values.empresas };
  await recordAudit(tx, by.audit, {
    entity: AUDIT_ENTITY,
    entityId: periodo,
    action: 'generar',
    before: before
      ? { sha256: before.sha256, cantidad: before.cantidad, generadoEn: before.generadoEn }
      : null,
    after: summary,
  });
  return { ...summary, generadoEn: now.toISOString() };
}

/** The provider says the month's report went to SENIAT: who, when, and the receipt number if any. */
export async function markMonthlyReportSent(
  tx: DbOrTx,
  input: { periodo: string; nroRecibo?: string },
  by: { id: string | null; email: string; audit: AuditContext },
): Promise<MonthlyReportStateRow> {
  const { periodo } = input;
  await lockMonth(tx, periodo);
  const before = await recordOf(tx, periodo);
  if (before?.enviadoEn) throw badRequest(ASSIGNED_NUMBERS_MESSAGES.alreadySent(periodo));
  if (!before?.generadoEn) throw badRequest(ASSIGNED_NUMBERS_MESSAGES.notGenerated(periodo));
  const [after] = await tx
    .update(seniatMonthlyReports)
    .set({
      enviadoEn: new Date(),
      enviadoPor: by.email,
      enviadoPorId: by.id,
      nroRecibo: input.nroRecibo ?? null,
    })
    .where(eq(seniatMonthlyReports.periodo, periodo))
    .returning();
  await recordAudit(tx, by.audit, {
    entity: AUDIT_ENTITY,
    entityId: periodo,
    action: 'enviado',
    before: { enviadoEn: null },
    after: {
      enviadoEn: after.enviadoEn,
      enviadoPor: by.email,
      nroRecibo: after.nroRecibo,
      sha256: after.sha256,
    },
  });
  return stateRow(periodo, caracasDate(), after);
}

// --- The daily job ---------------------------------------------------------------------------------------

const JOB_AUDIT: AuditContext = {
  userId: null,
  userEmail: null,
  method: 'JOB',
  route: 'reportes-seniat-mensual',
  ip: null,
};

/**
 * What the daily job does on `today` (Caracas) for the month just closed: builds its report when none is
 * built yet (day 1, or the first run after it) and e-mails it to the provider's administrators; from day 7,
 * while it is not sent, warns them once a day (after day 10 that it is overdue). Idempotent: the dates it
 * keeps in the month's row make a second run on the same day send nothing. Answers what it did.
 */
export async function runMonthlyReportDuty(
  deps: Deps,
  today: string = caracasDate(),
): Promise<{ periodo: string; generated: boolean; warned: boolean }> {
  const { periodo, warn } = dailyDuty(today);
  return deps.db.transaction(async (tx) => {
    await lockMonth(tx, periodo);
    let record = await recordOf(tx, periodo);
    const to = await providerAdministrators(tx);
    let generated = false;
    let warned = false;
    if (record?.enviadoEn) return { periodo, generated, warned };
    if (!record?.generadoEn) {
      await generateMonthlyReport(deps, tx, periodo, { email: 'sistema', audit: JOB_AUDIT });
      record = await recordOf(tx, periodo);
      generated = true;
    }
    if (record && !record.avisoGeneradoEn && to.length > 0) {
      const name = assignedNumbersFileName(periodo, 'CSV');
      await deps.mailer.send(tx, {
        to,
        subject: `Reporte mensual de números de control asignados ${periodo}: generado`,
        text: [
          `El reporte de los números de control asignados en ${periodo} (${record.cantidad ?? 0} números, ${record.empresas ?? 0} razones sociales) está generado.`,
          `SHA-256 del archivo: ${record.sha256}`,
          `Debe enviarse al SENIAT a más tardar el ${formatDateCaracas(reportDeadline(periodo))} (Providencia SNAT/2024/000102, Art. 29.7) y marcarse como enviado en sigece.`,
          '',
          deps.config.printer.nombre,
        ].join('\n'),
        attachments: record.archivo
          ? [{ filename: name, content: record.archivo, contentType: 'text/csv' }]
          : [],
        tipoDoc: 'REPORTE',
        nroDoc: `SENIAT-${periodo}`,
      });
      await tx
        .update(seniatMonthlyReports)
        .set({ avisoGeneradoEn: new Date() })
        .where(eq(seniatMonthlyReports.periodo, periodo));
    }
    if (warn && record && record.ultimoAviso !== today && to.length > 0) {
      const overdue = today > reportDeadline(periodo);
      await deps.mailer.send(tx, {
        to,
        subject: overdue
          ? `VENCIDO: el reporte mensual ${periodo} no fue enviado al SENIAT`
          : `Recordatorio: el reporte mensual ${periodo} vence el ${formatDateCaracas(reportDeadline(periodo))}`,
        text: [
          overdue
            ? `El reporte de los números de control asignados en ${periodo} no se marcó como enviado al SENIAT y venció el ${formatDateCaracas(reportDeadline(periodo))}.`
            : `El reporte de los números de control asignados en ${periodo} aún no se marca como enviado al SENIAT; vence el ${formatDateCaracas(reportDeadline(periodo))}.`,
          `Dos meses vencidos en un año calendario son causal de revocatoria de la autorización (Providencia SNAT/2024/000102, Art. 34.3).`,
          '',
          deps.config.printer.nombre,
        ].join('\n'),
        tipoDoc: 'REPORTE',
        nroDoc: `SENIAT-${periodo}`,
      });
      await tx
        .update(seniatMonthlyReports)
        .set({ ultimoAviso: today })
        .where(eq(seniatMonthlyReports.periodo, periodo));
      warned = true;
    }
    return { periodo, generated, warned };
  });
}

/**
 * The daily job. pg-boss's own cron is off in this product (jobs/queue.ts: `schedule: false`), so the
 * server sends it itself (scheduleMonthlyReportDuty), once per Caracas day by its singleton key; any
 * repeat is harmless (runMonthlyReportDuty is idempotent).
 */
export const monthlyReportJob = defineJob({
  name: 'reportes-seniat-mensual',
  payload: z.object({ dia: z.iso.date() }),
  handler: async (deps, data) => {
    await runMonthlyReportDuty(deps, data.dia);
  },
  queue: { retryLimit: 3, retryDelay: 60, expireInSeconds: 900 },
  concurrency: 1,
});

const HOUR_MS = 3_600_000;

/** Sends the daily job now and every hour (one per Caracas day); returns the function that stops it. */
export function scheduleMonthlyReportDuty(deps: Deps): () => void {
  const tick = () => {
    const dia = caracasDate();
    deps.jobs
      ?.send(monthlyReportJob, { dia }, { singletonKey: `seniat-mensual:${dia}` })
      .catch((error: Error) => console.error('reporte mensual SENIAT:', error.message));
  };
  tick();
  const timer = setInterval(tick, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
