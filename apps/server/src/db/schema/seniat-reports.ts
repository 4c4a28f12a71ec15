// The imprenta's monthly report to SENIAT of the control numbers it assigned (migration
// 0025; Providencia SNAT/2024/000102 Art. 29.7 as read). States are derived from these dates
// and the clock (fiscal reports/assigned-numbers.ts): a month without a row is pendiente or vencido.
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appNow, bytea } from './columns.ts';

export const seniatMonthlyReports = pgTable(
  'seniat_monthly_reports',
  {
    /** AAAA-MM. */
    periodo: text('periodo').primaryKey(),
    generadoEn: timestamp('generado_en', { withTimezone: true }),
    generadoPor: text('generado_por'),
    /** SHA-256 (hex) of the machine-readable file as built, kept in `archivo`. */
    sha256: text('sha256'),
    cantidad: integer('cantidad'),
    empresas: integer('empresas'),
    archivo: bytea('archivo'),
    enviadoEn: timestamp('enviado_en', { withTimezone: true }),
    enviadoPor: text('enviado_por'),
    enviadoPorId: uuid('enviado_por_id'),
    nroRecibo: text('nro_recibo'),
    /** When the daily job e-mailed the administrators that the month's report was built. */
    avisoGeneradoEn: timestamp('aviso_generado_en', { withTimezone: true }),
    /** The Caracas day of the daily job's last "not sent yet" warning (one per day). */
    ultimoAviso: date('ultimo_aviso'),
    createdAt: timestamp('log_fecha_registro', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(appNow),
  },
  (t) => [
    check('seniat_monthly_reports_periodo_ck', sql`${t.periodo} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('seniat_monthly_reports_enviado_ck', sql`${t.enviadoEn} is null or ${t.generadoEn} is not null`),
  ],
);
