// Period rules of the SENIAT reports (spec 002 §2.5, §5 Reports: "Period report dates cannot exceed
// today"; §9 report type codes 1, 2, 4, 5, 6, 7) and the e-mail log's labels and dates (spec 002 §9:
// 250 shown as 'Aceptado', dd/MM/yyyy hh:mm aaaa in America/Caracas, a window of 10 page numbers).
import { describe, expect, it } from 'vitest';
import {
  checkRange,
  emailLogFileName,
  emailLogQuery,
  emailStatusLabel,
  formatLogDateTime,
  pageWindow,
  REPORT_MESSAGES,
  seniatFileName,
  seniatPeriod,
  seniatReportQuery,
} from '../src/index.ts';

const TODAY = '2026-06-10';

describe('SENIAT report periods (spec 002 §2.5, §5)', () => {
  it('takes a range as given and refuses reversed, future and oversize ranges', () => {
    expect(seniatPeriod(1, { fechaInicio: '2026-05-01', fechaFin: '2026-05-31' }, TODAY)).toEqual({
      ok: true,
      period: { start: '2026-05-01', end: '2026-05-31' },
    });
    expect(checkRange('2026-05-31', '2026-05-01', TODAY)).toMatchObject({
      message: REPORT_MESSAGES.reversed,
    });
    expect(checkRange('2026-06-01', '2026-06-11', TODAY)).toMatchObject({ message: REPORT_MESSAGES.future });
    expect(checkRange('2025-01-01', '2026-01-02', TODAY)).toMatchObject({ message: REPORT_MESSAGES.tooLong });
    expect(checkRange('2025-01-01', '2026-01-01', TODAY).ok).toBe(true);
    expect(seniatPeriod(6, { fechaFin: '2026-05-01' }, TODAY)).toMatchObject({ field: 'fechaInicio' });
  });

  it('makes a week of seven days from Desde, capped at today, and refuses longer weeks', () => {
    expect(seniatPeriod(2, { fechaInicio: '2026-05-04' }, TODAY)).toMatchObject({
      period: { start: '2026-05-04', end: '2026-05-10' },
    });
    expect(seniatPeriod(7, { fechaInicio: '2026-06-08' }, TODAY)).toMatchObject({
      period: { start: '2026-06-08', end: TODAY },
    });
    expect(seniatPeriod(2, { fechaInicio: '2026-05-04', fechaFin: '2026-05-11' }, TODAY)).toMatchObject({
      message: REPORT_MESSAGES.weekTooLong,
    });
  });

  it('makes calendar months (with leap February) and years, never in the future', () => {
    expect(seniatPeriod(4, { anio: '2024', mes: 2 }, TODAY)).toMatchObject({
      period: { start: '2024-02-01', end: '2024-02-29' },
    });
    expect(seniatPeriod(4, { anio: '2025', mes: 12 }, TODAY)).toMatchObject({
      period: { start: '2025-12-01', end: '2025-12-31' },
    });
    expect(seniatPeriod(4, { anio: '2026', mes: 7 }, TODAY)).toMatchObject({
      message: REPORT_MESSAGES.future,
    });
    expect(seniatPeriod(5, { anio: '2025' }, TODAY)).toMatchObject({
      period: { start: '2025-01-01', end: '2025-12-31' },
    });
    expect(seniatPeriod(5, { anio: '26' }, TODAY)).toMatchObject({ message: REPORT_MESSAGES.year });
    expect(seniatPeriod(5, { anio: '2027' }, TODAY)).toMatchObject({ message: REPORT_MESSAGES.futureYear });
  });

  it('names the files as the screen downloads them', () => {
    const period = { start: '2026-05-01', end: '2026-05-31' };
    expect(seniatFileName(1, period, 123)).toBe('ReporteGeneral_2026-05-01_al_2026-05-31_123.xlsx');
    expect(seniatFileName(2, period, 123)).toBe('ReporteSemanal_2026-05-01_al_2026-05-31_123.xlsx');
    expect(seniatFileName(5, period, 9, 'PDF')).toBe('ReporteAnual_2026-05-01_al_2026-05-31_9.pdf');
  });

  it('validates the query with the spec messages', () => {
    const bad = seniatReportQuery.safeParse({ tipoReporte: '3', email: 'x' });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message);
    expect(messages).toContain(REPORT_MESSAGES.kind);
    expect(messages).toContain(REPORT_MESSAGES.email);
    expect(seniatReportQuery.parse({ tipoReporte: '5', anio: '2025', valueFormato: 'pdf' })).toMatchObject({
      tipoReporte: 5,
      valueFormato: 'PDF',
    });
  });
});

describe('e-mail log (spec 002 §9)', () => {
  it('labels 250 Aceptado and refusals as such', () => {
    expect(emailStatusLabel('250')).toBe('Aceptado');
    expect(emailStatusLabel('550')).toBe('Rechazado (550)');
    expect(emailStatusLabel(null)).toBe('Pendiente');
  });

  it('shows dates dd/MM/yyyy hh:mm aaaa in Caracas (UTC−4)', () => {
    expect(formatLogDateTime('2026-06-10T02:05:00Z')).toBe('09/06/2026 10:05 p.m.');
    expect(formatLogDateTime('2026-06-10T04:30:00Z')).toBe('10/06/2026 12:30 a.m.');
    expect(formatLogDateTime('2026-06-10T16:00:00Z')).toBe('10/06/2026 12:00 p.m.');
  });

  it('shows a window of 10 page numbers', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(20, 40)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(pageWindow(40, 40)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('takes status 1 by default and refuses other codes', () => {
    expect(emailLogQuery.parse({}).status).toBe(1);
    expect(emailLogQuery.parse({ status: '2' }).status).toBe(2);
    expect(emailLogQuery.safeParse({ status: '3' }).success).toBe(false);
    expect(emailLogFileName(5)).toBe('LogsEmail_5.xlsx');
  });
});
