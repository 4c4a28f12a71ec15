// Integration tests of the SENIAT reports (spec 002 §2.5, §6 report keys, §7 Reports, §8 'Reporte
// generado con exito, en breve llegara a tu correo'): each report kind on a small fixture — two companies
// of the test's own, an invoice, an annulled invoice and a credit note in one and an invoice in the other —
// queued on pg-boss, e-mailed to the SMTP receiver on loopback and read back (exceljs, pdftotext); the
// immediate download; the action keys; tenancy; and bad inputs answered with a Spanish 400.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { describeWithApp } from './harness.ts';
import { type Ctx, createInvoice, invoice, newCompany, userWith, waitFor } from './support/invoices.ts';
import { generatedInvoice, ingestNotes, noteItem } from './support/notes.ts';
import { pdfToText } from './support/pdf-text.ts';
import { attachment, smtpReceiver, subjectOf } from './support/smtp-receiver.ts';

const R = '/v2/mantenimiento/reportes';
const MODULE = '/reportes/ReportSeniat';
const ALL_KEYS = [
  'repProvi0032',
  'repProvi0032art28',
  'reporteSemanal',
  'reporteMensual',
  'reporteAnual',
  'reporteSemanalProcert',
];
const TODAY = '2026-06-10'; // SIGECE_TEST_NOW's day in Caracas (vitest.clock.ts)
const QUEUED = 'Reporte generado con exito, en breve llegara a tu correo';

/** The rows under the header row (the one starting 'RIF Empresa') of a sheet, as text. */
function tableOf(sheet: ExcelJS.Worksheet | undefined): string[][] {
  if (!sheet) return [];
  const rows: string[][] = [];
  let inTable = false;
  sheet.eachRow((row) => {
    const values = (row.values as unknown[])
      .slice(1)
      .map((v) => (v === null || v === undefined ? '' : String(v)));
    if (inTable) rows.push(values);
    else if (values[0] === 'RIF Empresa') inTable = true;
  });
  return rows;
}

async function readBook(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

describe('SENIAT reports', () => {
  const smtp = smtpReceiver();
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  describeWithApp(
    'reportSemanalSeniat, reportSemanalGeneral, descargarReportSemanalSeniat, reportPeriodoGlobalSeniat',
    (ctx: Ctx) => {
      const admin = () => ctx().adminToken();
      let A: { id: string; rif: string; nombre: string };
      let B: { id: string; rif: string; nombre: string };
      const controls: Record<string, string> = {};
      const numbers: Record<string, string> = {};

      beforeAll(async () => {
        const token = await admin();
        A = await newCompany(ctx, { lot: 100 });
        B = await newCompany(ctx, { lot: 100 });
        const a1 = await generatedInvoice(ctx, token, {
          rif: A.rif,
          lines: [{ precio: 100, cantidad: 1, alicuota: 16 }],
        });
        const a2 = await generatedInvoice(ctx, token, {
          rif: A.rif,
          lines: [{ precio: 50, cantidad: 2, exento: true }],
        });
        const annul = await ctx().request({
          method: 'PUT',
          url: `/v2/facturas/anularfactura/${a2.id}`,
          token,
        });
        expect(annul.statusCode, annul.body).toBe(200);
        const note = await ingestNotes(ctx, token, [
          noteItem({
            rif: A.rif,
            nroFactura: a1.nroFactura,
            lines: [{ codigo: 'P-001', precio: 100, cantidad: 1, alicuota: 16 }],
          }),
        ]);
        const n = (
          note as unknown as { DetalleNotasProcesadas: Array<Array<{ nroNota: string; nroControl: string }>> }
        ).DetalleNotasProcesadas[0][0];
        const b1 = await createInvoice(
          ctx,
          token,
          invoice({ rif: B.rif, lines: [{ precio: 10, cantidad: 3, alicuota: 8 }] }),
        );
        Object.assign(controls, { a1: a1.nroControl, a2: a2.nroControl, n: n.nroControl, b1: b1.NroControl });
        Object.assign(numbers, { a1: a1.nroFactura, a2: a2.nroFactura, n: n.nroNota, b1: b1.NroFactura });
      });

      /** Waits for the one message to `to` and returns its attachment and subject. */
      async function mailed(to: string, prefix: string) {
        const mail = await waitFor(`the report mailed to ${to}`, async () =>
          smtp.received.find((m) => m.rcptTo.includes(to)),
        );
        const file = attachment(mail.raw, prefix);
        expect(file, `attachment ${prefix} in the mail to ${to}`).toBeDefined();
        return { ...file!, subject: subjectOf(mail.raw) };
      }

      const get = async (path: string, query: Record<string, string | number>, token?: string) =>
        ctx().request({
          method: 'GET',
          url: `${R}/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
          token: token ?? (await admin()),
        });

      const onlyOurs = (rows: string[][]) => rows.filter((r) => r[0] === A.rif || r[0] === B.rif);

      it('kind 1 (Providencia 0032 Art. 28 by period): queued, answered with the spec message, e-mailed as ReporteGeneral_…xlsx with every document and range', async () => {
        const to = `k1-${ctx().driver}@example.com`;
        const res = await get('reportSemanalSeniat', {
          tipoReporte: 1,
          fechaInicio: '2026-06-01',
          fechaFin: TODAY,
          email: to,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          code: 200,
          message: QUEUED,
          result: { state: 'created', tipoReporte: 1, fechaInicio: '2026-06-01', fechaFin: TODAY, email: to },
        });
        expect(res.json().result.id).toEqual(expect.any(String));
        const file = await mailed(to, 'ReporteGeneral_');
        expect(file.name).toMatch(/^ReporteGeneral_2026-06-01_al_2026-06-10_\d+\.xlsx$/);
        expect(file.subject).toBe('Reporte Providencia 0032 Art. 28: 01/06/2026 al 10/06/2026');
        const book = await readBook(file.bytes);
        const docs = onlyOurs(tableOf(book.getWorksheet('Documentos')));
        expect(A.nombre < B.nombre).toBe(true); // rows go by company name, then control number
        // company, control-number order; hand-computed amounts (base, exempt, IVA, total) and statuses
        expect(
          // r[14] is 'Retenido', r[15] the status.
          docs.map((r) => [r[0], r[3], r[4], r[5], r[6], r[7], r[10], r[11], r[12], r[13], r[15]]),
        ).toEqual([
          [
            A.rif,
            'Factura',
            numbers.a1,
            controls.a1,
            '10/06/2026',
            'V-12345678',
            '100.00',
            '0.00',
            '16.00',
            '116.00',
            'Emitido',
          ],
          [
            A.rif,
            'Factura',
            numbers.a2,
            controls.a2,
            '10/06/2026',
            'V-12345678',
            // Annulled: its line stays with zero amounts, as in the sales book.
            '0.00',
            '0.00',
            '0.00',
            '0.00',
            'Anulado',
          ],
          [
            A.rif,
            'Nota de Crédito',
            numbers.n,
            controls.n,
            '10/06/2026',
            'V-12345678',
            '100.00',
            '0.00',
            '16.00',
            '116.00',
            'Emitido',
          ],
          [
            B.rif,
            'Factura',
            numbers.b1,
            controls.b1,
            '10/06/2026',
            'V-12345678',
            '30.00',
            '0.00',
            '2.40',
            '32.40',
            'Emitido',
          ],
        ]);
        const ranges = onlyOurs(tableOf(book.getWorksheet('Rangos')));
        expect(ranges).toEqual(
          expect.arrayContaining([
            [A.rif, A.nombre, 'FACTURA', '00', controls.a1, controls.n, '3'],
            [B.rif, B.nombre, 'FACTURA', '00', controls.b1, controls.b1, '1'],
          ]),
        );
        expect(ranges).toHaveLength(2);
        const summary = onlyOurs(tableOf(book.getWorksheet('Resumen')));
        expect(summary).toEqual(
          expect.arrayContaining([
            [A.rif, A.nombre, '2', '1', '0', '0', '0', '0', '0', '1', '3', controls.a1, controls.n],
          ]),
        );
      });

      it('kind 6 (contribuyentes) through reportPeriodoGlobalSeniat holds only the companies of rifsArray', async () => {
        const to = `k6-${ctx().driver}@example.com`;
        const res = await ctx().request({
          method: 'POST',
          url: `${R}/reportPeriodoGlobalSeniat?fechaInicio=2026-06-01&fechaFin=${TODAY}&email=${to}`,
          token: await admin(),
          payload: { rifsArray: [B.rif] },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().message).toBe(QUEUED);
        const file = await mailed(to, 'ReporteGeneral_');
        const book = await readBook(file.bytes);
        const docs = tableOf(book.getWorksheet('Documentos'));
        expect(docs.map((r) => [r[0], r[4], r[5]])).toEqual([[B.rif, numbers.b1, controls.b1]]);
      });

      it('kind 2 (weekly, from Desde) and kind 4 (monthly) are e-mailed with the period they cover', async () => {
        const weekly = `k2-${ctx().driver}@example.com`;
        const monthly = `k4-${ctx().driver}@example.com`;
        expect(
          (
            await get('reportSemanalSeniat', {
              tipoReporte: 2,
              fechaInicio: '2026-06-08',
              email: weekly,
              rif: A.rif,
            })
          ).statusCode,
        ).toBe(200);
        expect(
          (await get('reportSemanalSeniat', { tipoReporte: 4, anio: 2026, mes: 6, email: monthly }))
            .statusCode,
        ).toBe(200);
        const week = await mailed(weekly, 'ReporteSemanal_');
        expect(week.name).toMatch(/^ReporteSemanal_2026-06-08_al_2026-06-10_\d+\.xlsx$/);
        const weekDocs = tableOf((await readBook(week.bytes)).getWorksheet('Documentos'));
        expect(weekDocs.map((r) => r[5])).toEqual([controls.a1, controls.a2, controls.n]);
        const month = await mailed(monthly, 'ReporteMensual_');
        expect(month.name).toMatch(/^ReporteMensual_2026-06-01_al_2026-06-30_\d+\.xlsx$/);
        const monthDocs = onlyOurs(tableOf((await readBook(month.bytes)).getWorksheet('Documentos')));
        expect(monthDocs).toHaveLength(4);
      });

      it('kind 5 (annual) in PDF: the same documents, read back with pdftotext', async () => {
        const to = `k5-${ctx().driver}@example.com`;
        expect(
          (
            await get('reportSemanalSeniat', {
              tipoReporte: 5,
              anio: 2026,
              valueFormato: 'PDF',
              email: to,
              rif: A.rif,
            })
          ).statusCode,
        ).toBe(200);
        const file = await mailed(to, 'ReporteAnual_');
        expect(file.name).toMatch(/^ReporteAnual_2026-01-01_al_2026-12-31_\d+\.pdf$/);
        const text = await pdfToText(file.bytes);
        expect(text).toContain('Reporte Anual');
        expect(text).toContain('Período: 01/01/2026 al 31/12/2026');
        for (const c of [controls.a1, controls.a2, controls.n]) expect(text).toContain(c);
        expect(text).not.toContain(B.rif);
        expect(text).toContain('Anulado');
        expect(text).toContain(`${controls.a1} al ${controls.n} (3)`);
      });

      it('kind 7 (Procert weekly) and the general action summarise per company, without document detail', async () => {
        const procert = `k7-${ctx().driver}@example.com`;
        const general = `kg-${ctx().driver}@example.com`;
        expect(
          (await get('reportSemanalSeniat', { tipoReporte: 7, fechaInicio: '2026-06-04', email: procert }))
            .statusCode,
        ).toBe(200);
        expect(
          (await get('reportSemanalGeneral', { tipoReporte: 2, fechaInicio: '2026-06-04', email: general }))
            .statusCode,
        ).toBe(200);
        for (const [to, prefix] of [
          [procert, 'ReporteSemanal_'],
          [general, 'ReporteGeneral_'],
        ] as const) {
          const file = await mailed(to, prefix);
          expect(file.name).toMatch(new RegExp(`^${prefix}2026-06-04_al_2026-06-10_\\d+\\.xlsx$`));
          const book = await readBook(file.bytes);
          expect(book.getWorksheet('Documentos')).toBeUndefined();
          const summary = onlyOurs(tableOf(book.getWorksheet('Resumen')));
          expect(summary).toEqual(
            expect.arrayContaining([
              [A.rif, A.nombre, '2', '1', '0', '0', '0', '0', '0', '1', '3', controls.a1, controls.n],
              [B.rif, B.nombre, '1', '0', '0', '0', '0', '0', '0', '0', '1', controls.b1, controls.b1],
            ]),
          );
        }
      });

      it('descargarReportSemanalSeniat answers the spreadsheet at once, no e-mail needed', async () => {
        const res = await get('descargarReportSemanalSeniat', {
          tipoReporte: 2,
          fechaInicio: '2026-06-08',
          rif: B.rif,
        });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.fileName).toMatch(/^ReporteSemanal_2026-06-08_al_2026-06-10_\d+\.xlsx$/);
        expect(body.documentos).toBe(1);
        const docs = tableOf(
          (await readBook(Buffer.from(body.resultExcel, 'base64'))).getWorksheet('Documentos'),
        );
        expect(docs.map((r) => r[5])).toEqual([controls.b1]);
      });

      it('tenancy: a user of company A never sees B, and is refused B by RIF', async () => {
        const token = await userWith(ctx, { [MODULE]: ALL_KEYS }, [A.id]);
        const all = await get(
          'descargarReportSemanalSeniat',
          { tipoReporte: 1, fechaInicio: '2026-06-01', fechaFin: TODAY },
          token,
        );
        expect(all.statusCode, all.body).toBe(200);
        const docs = tableOf(
          (await readBook(Buffer.from(all.json().resultExcel, 'base64'))).getWorksheet('Documentos'),
        );
        expect(new Set(docs.map((r) => r[0]))).toEqual(new Set([A.rif]));
        const foreign = await get(
          'descargarReportSemanalSeniat',
          { tipoReporte: 2, fechaInicio: '2026-06-08', rif: B.rif },
          token,
        );
        expect(foreign.statusCode).toBe(403);
        const global = await ctx().request({
          method: 'POST',
          url: `${R}/reportPeriodoGlobalSeniat?fechaInicio=2026-06-01&fechaFin=${TODAY}&email=x@example.com`,
          token,
          payload: { rifsArray: [A.rif, B.rif] },
        });
        expect(global.statusCode).toBe(403);
        expect(global.json().message).toBe('No tiene acceso a esta razón social o sucursal');
      });

      it('each button’s action key gates its report; no module, no report', async () => {
        const weeklyOnly = await userWith(ctx, { [MODULE]: ['reporteSemanal'] }, [A.id]);
        const annual = await get(
          'reportSemanalSeniat',
          { tipoReporte: 5, anio: 2026, email: 'x@example.com' },
          weeklyOnly,
        );
        expect(annual.statusCode).toBe(403);
        expect(annual.json().message).toBe('No tiene permiso para generar el Reporte Anual');
        expect(
          (
            await get(
              'descargarReportSemanalSeniat',
              { tipoReporte: 2, fechaInicio: '2026-06-08' },
              weeklyOnly,
            )
          ).statusCode,
        ).toBe(200);
        const other = await userWith(ctx, { '/reportes/logs': [] }, [A.id]);
        expect(
          (await get('descargarReportSemanalSeniat', { tipoReporte: 2, fechaInicio: '2026-06-08' }, other))
            .statusCode,
        ).toBe(403);
        expect(
          (await ctx().request({ method: 'GET', url: `${R}/reportSemanalSeniat?tipoReporte=1` })).statusCode,
        ).toBe(401);
      });

      it('bad inputs: Spanish 400s, nothing queued', async () => {
        const before = smtp.received.length;
        const cases: Array<[Record<string, string | number>, string]> = [
          [
            { tipoReporte: 1, fechaInicio: TODAY, fechaFin: '2026-06-01', email: 'a@example.com' },
            'La fecha Desde no puede ser posterior a la fecha Hasta',
          ],
          [
            { tipoReporte: 1, fechaInicio: '2025-01-01', fechaFin: TODAY, email: 'a@example.com' },
            'El período del reporte no puede exceder 366 días',
          ],
          [
            { tipoReporte: 1, fechaInicio: '2026-06-01', fechaFin: '2026-06-11', email: 'a@example.com' },
            'Las fechas del reporte no pueden ser posteriores a hoy',
          ],
          [
            { tipoReporte: 2, fechaInicio: '2026-06-01', fechaFin: TODAY, email: 'a@example.com' },
            'El reporte semanal abarca como máximo 7 días',
          ],
          [{ tipoReporte: 5, anio: '20x6', email: 'a@example.com' }, 'Ingresa un anio valido'],
          [
            { tipoReporte: 1, fechaInicio: '2026-06-01', fechaFin: TODAY, email: 'no-es-correo' },
            'Ingresa un correo electronico valido',
          ],
          [
            { tipoReporte: 1, fechaInicio: '2026-06-01', fechaFin: TODAY },
            'Ingresa un correo electronico valido',
          ],
          [{ tipoReporte: 3, email: 'a@example.com' }, 'Tipo de reporte no valido: use 1, 2, 4, 5, 6 o 7'],
          [
            { tipoReporte: 1, fechaInicio: '2026-02-30', fechaFin: TODAY, email: 'a@example.com' },
            'Debe ser una fecha válida (aaaa-mm-dd)',
          ],
          [
            { tipoReporte: 2, fechaInicio: '2026-06-08', rif: 'J-000000009', email: 'a@example.com' },
            'La razón social J-000000009 no existe',
          ],
        ];
        for (const [query, message] of cases) {
          const res = await get('reportSemanalSeniat', query);
          expect(res.statusCode, JSON.stringify(query)).toBe(400);
          expect(JSON.stringify(res.json()), JSON.stringify(query)).toContain(message);
        }
        const empty = await ctx().request({
          method: 'POST',
          url: `${R}/reportPeriodoGlobalSeniat?fechaInicio=2026-06-01&fechaFin=${TODAY}&email=a@example.com`,
          token: await admin(),
          payload: { rifsArray: [] },
        });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().message).toContain('Seleccione al menos una razón social');
        const [jobs] = await ctx().database.query<{ n: string }>(
          "select count(*)::text as n from pgboss.job where name = 'reportes-seniat' and data->>'email' = 'a@example.com'",
        );
        expect(jobs.n).toBe('0');
        expect(smtp.received.slice(before).filter((m) => m.rcptTo.includes('a@example.com'))).toEqual([]);
      });
    },
    {
      config: { jobs: true },
      jobPollingSeconds: 0.5,
      mailer: () =>
        createMailer({
          smtpUrl: `smtp://127.0.0.1:${smtp.port()}`,
          from: 'sigece <no-responder@sigece.local>',
        }),
    },
  );
});
