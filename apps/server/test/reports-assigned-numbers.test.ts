// The imprenta's monthly report to SENIAT of the control numbers it assigned
// (Providencia SNAT/2024/000102 Art. 29.7 and 34.3 as read, sources S11): a month (May 2026, on a clock the
// test moves) with documents of every numbered family on two companies of the test's own — invoices (one
// annulled), a credit note, a delivery order and a dispatch guide, an IVA and an ISLR voucher — read back
// as JSON, CSV (parsed back), XLSX and PDF and compared with the ledger; an empty month; the month's life
// cycle pendiente → generado → enviado and vencido on day 11, with the daily job's e-mails; tenancy; bad input.
import { createHash } from 'node:crypto';
import { ASSIGNED_NUMBERS_CSV_COLUMNS, type AssignedNumbersReport } from '@sigece/fiscal';
import ExcelJS from 'exceljs';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { runMonthlyReportDuty } from '../src/modules/reports/assigned-numbers/lifecycle.ts';
import { ADMIN, countRows, describeWithApp } from './harness.ts';
import { type Ctx, createInvoice, globalLot, invoice, newCompany, userWith } from './support/invoices.ts';
import { generatedInvoice, ingestNotes, noteItem } from './support/notes.ts';
import { ingestOrders, orderItem } from './support/orders.ts';
import { pdfToText } from './support/pdf-text.ts';
import { ivaVoucher, makeWithholdingAgent, RET } from './support/withholdings.ts';

const R = '/v2/reportes/seniat/numerosAsignados';
const SENIAT_MODULE = '/reportes/ReportSeniat';

/** Moves the JS clock (the application's) to a Caracas instant for the duration of `run`. */
async function at<T>(instant: string, run: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant), shouldAdvanceTime: true });
  try {
    return await run();
  } finally {
    vi.useRealTimers();
  }
}

afterEach(() => {
  vi.useRealTimers();
});

/** RFC 4180 CSV (the layout of ASSIGNED_NUMBERS_CSV_COLUMNS) back into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return rows;
}

function islrVoucher(rif: string) {
  const base = ivaVoucher(rif);
  return {
    ...base,
    modeloRetencion: 'ISLR',
    tipoDocumento: '06',
    tasaRetencion: '',
    rifProveedor: 'J-000000027',
    lstRetenciones: [
      {
        fechaDocumento: base.periodoFiscalAl,
        nroDocumento: 'F-0001',
        nroControlDocumento: '00-00000077',
        conceptoIslr: '004',
        montoTotalDocumento: '2000.00',
        baseImponible: '2000.00',
        causadoRetenido: '100.00',
      },
    ],
  };
}

describeWithApp('monthly report of assigned control numbers (SNAT/2024/000102)', (ctx: Ctx) => {
  const admin = () => ctx().adminToken();
  type Company = Awaited<ReturnType<typeof newCompany>>;
  let A: Company;
  let B: Company;
  const expected: Record<string, { tipoDocumento: string; estatus: 'ACTIVO' | 'ANULADO' }> = {};

  const get = async (query: Record<string, string>, token?: string, path = '') =>
    ctx().request({
      method: 'GET',
      url: `${R}${path}?${new URLSearchParams(query)}`,
      token: token ?? (await admin()),
    });

  /** Every family on one company, assigned on the clock's day (May 2026 below). */
  async function everyFamily(company: Company, annulOne: boolean) {
    const token = await admin();
    await globalLot(ctx, '/v2/facturas/addcontrolOrdenGuiaLoc', company.id, 100);
    await makeWithholdingAgent(ctx, company.id);
    const inv1 = await generatedInvoice(ctx, token, { rif: company.rif });
    const inv2 = await generatedInvoice(ctx, token, { rif: company.rif });
    expected[`${company.id}|FACTURA|${inv1.nroControl}`] = { tipoDocumento: 'Factura', estatus: 'ACTIVO' };
    expected[`${company.id}|FACTURA|${inv2.nroControl}`] = {
      tipoDocumento: 'Factura',
      estatus: annulOne ? 'ANULADO' : 'ACTIVO',
    };
    if (annulOne) {
      const res = await ctx().request({ method: 'PUT', url: `/v2/facturas/anularfactura/${inv2.id}`, token });
      expect(res.statusCode, res.body).toBe(200);
    }
    const note = (await ingestNotes(ctx, token, [
      noteItem({
        rif: company.rif,
        nroFactura: inv1.nroFactura,
        lines: [{ codigo: 'P-001', precio: 10, cantidad: 1, alicuota: 16 }],
      }),
    ])) as unknown as { DetalleNotasProcesadas: Array<Array<{ nroControl: string }>> };
    expected[`${company.id}|FACTURA|${note.DetalleNotasProcesadas[0][0].nroControl}`] = {
      tipoDocumento: 'Nota de Crédito',
      estatus: 'ACTIVO',
    };
    const orders = (await ingestOrders(ctx, token, [
      orderItem({ rif: company.rif }),
      orderItem({ rif: company.rif, modeloOrden: 'GUIADESPACHO' }),
    ])) as unknown as Record<string, unknown>;
    const ledgerOrders = await ctx().database.query<{ nro_control: string; modelo: string }>(
      `select c.nro_control, o.modelo_orden as modelo from control_numbers c join ordenes o on o.id = c.id_documento
        where c.id_localidad = $1 and c.tipo_doc = 'orden' order by c.numero`,
      [company.id],
    );
    expect(ledgerOrders, JSON.stringify(orders)).toHaveLength(2);
    for (const o of ledgerOrders)
      expected[`${company.id}|ORDEN|${o.nro_control}`] = {
        tipoDocumento: o.modelo === 'GUIADESPACHO' ? 'Guía de Despacho' : 'Orden de Entrega',
        estatus: 'ACTIVO',
      };
    for (const [voucher, label] of [
      [ivaVoucher(company.rif), 'Comprobante de Retención IVA'],
      [islrVoucher(company.rif), 'Comprobante de Retención ISLR'],
    ] as const) {
      const res = await ctx().request({
        method: 'POST',
        url: `${RET}/createRetencionIvaMasiva`,
        token,
        payload: [voucher],
      });
      expect(res.statusCode, res.body).toBe(200);
      const done = res.json().DetalleretencionesProcesadas as Array<{ NroControlComprobante: string }>;
      expect(done, res.body).toHaveLength(1);
      expected[`${company.id}|RETENCION|${done[0].NroControlComprobante}`] = {
        tipoDocumento: label,
        estatus: 'ACTIVO',
      };
    }
  }

  beforeAll(async () => {
    await admin(); // a token of the test clock's day, valid on the days the test moves to
    await at('2026-05-14T09:30:00-04:00', async () => {
      A = await newCompany(ctx, { lot: 100, nombre: `Empresa A ${ctx().driver}` });
      B = await newCompany(ctx, { lot: 100, nombre: `Empresa B ${ctx().driver}` });
      await everyFamily(A, true);
      await everyFamily(B, false);
    });
    // A number of June (the test clock's month) stays out of May's report.
    await createInvoice(ctx, await admin(), invoice({ rif: A.rif }));
  }, 600_000);

  it('lists every number of the month, by company, family, lot and series, exactly as the ledger holds them', async () => {
    const res = await get({ periodo: '2026-05' });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as AssignedNumbersReport;
    const ledger = await ctx().database.query<{
      id_localidad: string;
      familia: string;
      serie: string;
      numero: string;
      nro_control: string;
      tipo_doc: string;
      id_documento: string;
    }>(
      `select id_localidad::text, familia, serie, numero::text, nro_control, tipo_doc, id_documento::text from control_numbers
        where emitido_en >= '2026-05-01T00:00:00-04:00' and emitido_en < '2026-06-01T00:00:00-04:00'
        order by id_localidad, familia, serie, numero`,
    );
    expect(report.sinAsignaciones).toBe(false);
    expect(report.totales.numeros).toBe(ledger.length);
    const listed = report.series
      .flatMap((s) =>
        s.numeros.map((n) => [
          s.localidadId,
          s.familia,
          s.serie,
          String(n.numero),
          n.nroControl,
          n.tipoDoc,
          n.documentoId,
        ]),
      )
      .sort();
    expect(listed).toEqual(ledger.map((l) => Object.values(l)).sort());

    const ours = report.series.filter((s) => s.localidadId === A.id || s.localidadId === B.id);
    // Seven numbers per company: invoices and the note share the FACTURA sequence (SNAT/2011/00071).
    for (const company of [A, B]) {
      const series = ours.filter((s) => s.localidadId === company.id);
      expect(series.map((s) => [s.rif, s.familia, s.serie, s.cantidad, s.rangos])).toEqual([
        [company.rif, 'FACTURA', '00', 3, [{ desde: '00-00000001', hasta: '00-00000003', cantidad: 3 }]],
        [company.rif, 'ORDEN', '00', 2, [{ desde: '00-00000001', hasta: '00-00000002', cantidad: 2 }]],
        [company.rif, 'RETENCION', '00', 2, [{ desde: '00-00000001', hasta: '00-00000002', cantidad: 2 }]],
      ]);
      expect(series.every((s) => s.lote !== null)).toBe(true);
    }
    expect(ours.find((s) => s.localidadId === A.id && s.familia === 'FACTURA')?.anulados).toBe(1);
    const numbers = ours.flatMap((s) =>
      s.numeros.map((n) => ({ key: `${s.localidadId}|${s.familia}|${n.nroControl}`, n })),
    );
    expect(numbers).toHaveLength(14);
    for (const { key, n } of numbers) {
      expect(expected[key], key).toBeDefined();
      expect({ tipoDocumento: n.tipoDocumento, estatus: n.estatus }).toEqual(expected[key]);
      expect(n.fecha).toBe('2026-05-14');
      expect(n.hora).toMatch(/^09:[3-5]\d:\d\d$/);
      expect(n.documento).toEqual(expect.any(String));
    }
  });

  it('gives the machine-readable CSV of the same numbers (parsed back), the XLSX and the PDF', async () => {
    const report = (await get({ periodo: '2026-05' })).json() as AssignedNumbersReport;
    const csv = await get({ periodo: '2026-05', formato: 'CSV' }, undefined, '/descargar');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('ReporteNumerosAsignados_2026-05.csv');
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual([...ASSIGNED_NUMBERS_CSV_COLUMNS]);
    expect(rows).toHaveLength(report.totales.numeros);
    const col = (name: (typeof ASSIGNED_NUMBERS_CSV_COLUMNS)[number]) =>
      ASSIGNED_NUMBERS_CSV_COLUMNS.indexOf(name);
    const fromJson = report.series.flatMap((s) =>
      s.numeros.map((n) => [
        s.rif,
        s.familia,
        s.serie,
        String(n.numero),
        n.nroControl,
        n.tipoDocumento,
        n.fecha,
        n.hora,
        n.estatus,
      ]),
    );
    expect(
      rows.map((r) =>
        [
          'rif_emisor',
          'familia',
          'serie',
          'numero',
          'numero_control',
          'tipo_documento',
          'fecha_asignacion',
          'hora_asignacion',
          'estatus',
        ].map((c) => r[col(c as (typeof ASSIGNED_NUMBERS_CSV_COLUMNS)[number])]),
      ),
    ).toEqual(fromJson);
    expect(rows.every((r) => r.length === ASSIGNED_NUMBERS_CSV_COLUMNS.length && r[0] === '2026-05')).toBe(
      true,
    );
    expect(
      rows.filter((r) => r[col('rif_emisor')] === A.rif && r[col('estatus')] === 'ANULADO'),
    ).toHaveLength(1);

    const xlsx = await get({ periodo: '2026-05', formato: 'XLSX', localidad: A.id }, undefined, '/descargar');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain(`ReporteNumerosAsignados_2026-05_${A.rif}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheetText = (name: string) => {
      const lines: string[] = [];
      book.getWorksheet(name)?.eachRow((row) => lines.push((row.values as unknown[]).slice(1).join('|')));
      return lines;
    };
    expect(sheetText('Rangos').filter((l) => l.startsWith(A.rif))).toHaveLength(3);
    expect(sheetText('Números').filter((l) => l.startsWith(A.rif))).toHaveLength(7);
    expect(sheetText('Números').filter((l) => l.startsWith(B.rif))).toHaveLength(0);

    const pdf = await get({ periodo: '2026-05', formato: 'PDF', localidad: B.id }, undefined, '/descargar');
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfToText(pdf.rawPayload);
    expect(text).toContain('Reporte mensual de números de control asignados');
    expect(text).toContain(`${B.rif} ${B.nombre} - FACTURA serie 00: 00-00000001 al 00-00000003 (3)`);
  });

  it('says so for a month without assignments, in every format', async () => {
    const res = await get({ periodo: '2026-03' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      periodo: '2026-03',
      sinAsignaciones: true,
      mensaje: 'En el período 2026-03 no se asignaron números de control',
      totales: { empresas: 0, numeros: 0, anulados: 0 },
      series: [],
    });
    const csv = await get({ periodo: '2026-03', formato: 'CSV' }, undefined, '/descargar');
    expect(parseCsv(csv.body)).toEqual([[...ASSIGNED_NUMBERS_CSV_COLUMNS]]);
    const pdf = await get({ periodo: '2026-03', formato: 'PDF' }, undefined, '/descargar');
    expect(await pdfToText(pdf.rawPayload)).toContain(
      'En el período 2026-03 no se asignaron números de control',
    );
  });

  it('shows a company user only their own companies and refuses a foreign one; the life cycle is the provider’s', async () => {
    const user = { token: await userWith(ctx, { [SENIAT_MODULE]: [] }, [A.id]) };
    const mine = await get({ periodo: '2026-05' }, user.token);
    expect(mine.statusCode, mine.body).toBe(200);
    const report = mine.json() as AssignedNumbersReport;
    expect(new Set(report.series.map((s) => s.localidadId))).toEqual(new Set([A.id]));
    expect(report.totales.numeros).toBe(7);
    for (const path of ['', '/descargar']) {
      const foreign = await get({ periodo: '2026-05', localidad: B.id, formato: 'CSV' }, user.token, path);
      expect(foreign.statusCode, foreign.body).toBe(403);
      expect(foreign.json().message).toBe('No tiene acceso a esta razón social o sucursal');
    }
    const before = await countRows(ctx().database, 'seniat_monthly_reports');
    const audits = await countRows(ctx().database, 'audit_log', `entity = 'reporte_seniat_mensual'`);
    for (const [method, path, payload] of [
      ['GET', '/estados', undefined],
      ['POST', '/generar', { periodo: '2026-05' }],
      ['POST', '/enviado', { periodo: '2026-05' }],
    ] as const) {
      const res = await ctx().request({ method, url: `${R}${path}`, token: user.token, payload });
      expect(res.statusCode, `${path} ${res.body}`).toBe(403);
      expect(res.json().message).toBe(
        'Solo el administrador maestro del proveedor gestiona el reporte mensual al SENIAT',
      );
    }
    const outsider = { token: await userWith(ctx, { '/reportes/logs': [] }, [A.id]) };
    expect((await get({ periodo: '2026-05' }, outsider.token)).statusCode).toBe(403);
    expect(await countRows(ctx().database, 'seniat_monthly_reports')).toBe(before);
    expect(await countRows(ctx().database, 'audit_log', `entity = 'reporte_seniat_mensual'`)).toBe(audits);
  });

  it('answers bad input with a Spanish 400 and writes nothing', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ periodo: '2026-13' }, '', 'El período debe tener el formato AAAA-MM (por ejemplo 2026-05)'],
      [{ periodo: '05-2026' }, '', 'El período debe tener el formato AAAA-MM (por ejemplo 2026-05)'],
      [{}, '', 'El período debe tener el formato AAAA-MM (por ejemplo 2026-05)'],
      [{ periodo: '2026-07' }, '', 'El período no puede ser posterior al mes actual'],
      [
        { periodo: '2026-05', localidad: 'abc' },
        '',
        'La razón social (localidad) no es un identificador válido',
      ],
      [{ periodo: '2026-05', formato: 'DOCX' }, '/descargar', 'Formato no válido: use XLSX, PDF o CSV'],
    ];
    for (const [query, path, message] of cases) {
      const res = await get(query, undefined, path);
      expect(res.statusCode, `${JSON.stringify(query)} ${res.body}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const before = await countRows(ctx().database, 'seniat_monthly_reports');
    for (const payload of [{ periodo: '2026-6' }, { periodo: '2026-06' }, {}]) {
      const res = await ctx().request({ method: 'POST', url: `${R}/generar`, token: await admin(), payload });
      expect(res.statusCode, res.body).toBe(400);
    }
    const notGenerated = await ctx().request({
      method: 'POST',
      url: `${R}/enviado`,
      token: await admin(),
      payload: { periodo: '2026-02' },
    });
    expect(notGenerated.statusCode).toBe(400);
    expect(notGenerated.json().message).toBe('Genere el reporte de 2026-02 antes de marcarlo como enviado');
    expect(await countRows(ctx().database, 'seniat_monthly_reports')).toBe(before);
  });

  it('moves a month pendiente → generado (day 1, by the daily job, e-mailed) → enviado, and vencido from day 11', async () => {
    let token = await admin();
    const states = async () => {
      const res = await ctx().request({ method: 'GET', url: `${R}/estados`, token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        hoy: string;
        vencidosAnio: number;
        limiteRevocatoria: number;
        meses: Array<Record<string, unknown> & { periodo: string; estado: string }>;
      };
    };
    const month = async (periodo: string) => (await states()).meses.find((m) => m.periodo === periodo);

    // March: generated and sent in time (on 5 April).
    await at('2026-04-05T10:00:00-04:00', async () => {
      const gen = await ctx().request({
        method: 'POST',
        url: `${R}/generar`,
        token,
        payload: { periodo: '2026-03' },
      });
      expect(gen.statusCode, gen.body).toBe(200);
      const sent = await ctx().request({
        method: 'POST',
        url: `${R}/enviado`,
        token,
        payload: { periodo: '2026-03' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
    });

    await at('2026-05-20T10:00:00-04:00', async () => {
      expect(await month('2026-05')).toMatchObject({
        estado: 'pendiente',
        vence: '2026-06-10',
        fueraDePlazo: false,
      });
      const early = await ctx().request({
        method: 'POST',
        url: `${R}/generar`,
        token,
        payload: { periodo: '2026-05' },
      });
      expect(early.statusCode).toBe(400);
      expect(early.json().message).toBe(
        'El mes 2026-05 no ha cerrado: su reporte se genera a partir del día 1 del mes siguiente',
      );
    });

    const mails = () =>
      ctx().database.query<{ subject: string; to: string[] }>(
        `select subject, to_addresses as to from mail_messages where nro_doc = 'SENIAT-2026-05' order by log_fecha_registro`,
      );
    await at('2026-06-01T06:00:00-04:00', async () => {
      expect(await runMonthlyReportDuty(ctx().app.deps)).toEqual({
        periodo: '2026-05',
        generated: true,
        warned: false,
      });
      expect(await runMonthlyReportDuty(ctx().app.deps)).toEqual({
        periodo: '2026-05',
        generated: false,
        warned: false,
      });
      const may = await month('2026-05');
      expect(may).toMatchObject({
        estado: 'generado',
        generadoPor: 'sistema',
        cantidad: 14,
        enviadoEn: null,
      });
      const csv = await get({ periodo: '2026-05', formato: 'CSV' }, token, '/descargar');
      expect(may?.sha256).toBe(createHash('sha256').update(csv.rawPayload).digest('hex'));
    });
    expect(await mails()).toEqual([
      { subject: 'Reporte mensual de números de control asignados 2026-05: generado', to: [ADMIN.email] },
    ]);

    await at('2026-06-06T06:00:00-04:00', async () => {
      expect((await runMonthlyReportDuty(ctx().app.deps)).warned).toBe(false);
    });
    await at('2026-06-07T06:00:00-04:00', async () => {
      expect((await runMonthlyReportDuty(ctx().app.deps)).warned).toBe(true);
      expect((await runMonthlyReportDuty(ctx().app.deps)).warned).toBe(false);
    });
    expect((await mails()).map((m) => m.subject)).toEqual([
      'Reporte mensual de números de control asignados 2026-05: generado',
      'Recordatorio: el reporte mensual 2026-05 vence el 10/06/2026',
    ]);

    // The test clock's own day (10 June) is the last one in time; the 11th it is overdue.
    expect(await month('2026-05')).toMatchObject({ estado: 'generado', fueraDePlazo: false });
    await at('2026-06-11T08:00:00-04:00', async () => {
      token = await ctx().login(ADMIN.email, ADMIN.password);
      const all = await states();
      expect(all.meses.find((m) => m.periodo === '2026-05')).toMatchObject({
        estado: 'vencido',
        fueraDePlazo: true,
      });
      expect(all.meses.find((m) => m.periodo === '2026-03')).toMatchObject({
        estado: 'enviado',
        fueraDePlazo: false,
      });
      // Authorised 15 January 2026 (test config): January, February, April and May missed day 10.
      expect(all.meses.map((m) => m.periodo)).toEqual([
        '2026-06',
        '2026-05',
        '2026-04',
        '2026-03',
        '2026-02',
        '2026-01',
      ]);
      expect([all.vencidosAnio, all.limiteRevocatoria]).toEqual([4, 2]);
      expect((await runMonthlyReportDuty(ctx().app.deps)).warned).toBe(true);
      const sent = await ctx().request({
        method: 'POST',
        url: `${R}/enviado`,
        token,
        payload: { periodo: '2026-05', nroRecibo: 'SENIAT-REC-0001' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().result).toMatchObject({
        periodo: '2026-05',
        estado: 'enviado',
        enviadoPor: ADMIN.email,
        nroRecibo: 'SENIAT-REC-0001',
        fueraDePlazo: true,
      });
      expect((await states()).vencidosAnio).toBe(4);
      const again = await ctx().request({
        method: 'POST',
        url: `${R}/enviado`,
        token,
        payload: { periodo: '2026-05' },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe('El reporte de 2026-05 ya fue marcado como enviado al SENIAT');
      const regenerate = await ctx().request({
        method: 'POST',
        url: `${R}/generar`,
        token,
        payload: { periodo: '2026-05' },
      });
      expect(regenerate.statusCode).toBe(400);
      expect(await runMonthlyReportDuty(ctx().app.deps)).toEqual({
        periodo: '2026-05',
        generated: false,
        warned: false,
      });
    });
    expect((await mails()).map((m) => m.subject)).toEqual([
      'Reporte mensual de números de control asignados 2026-05: generado',
      'Recordatorio: el reporte mensual 2026-05 vence el 10/06/2026',
      'VENCIDO: el reporte mensual 2026-05 no fue enviado al SENIAT',
    ]);
    const audit = await ctx().database.query<{
      action: string;
      entity_id: string;
      user_email: string | null;
    }>(
      `select action, entity_id, user_email from audit_log where entity = 'reporte_seniat_mensual' order by id`,
    );
    expect(audit).toEqual([
      { action: 'generar', entity_id: '2026-03', user_email: ADMIN.email },
      { action: 'enviado', entity_id: '2026-03', user_email: ADMIN.email },
      { action: 'generar', entity_id: '2026-05', user_email: null },
      { action: 'enviado', entity_id: '2026-05', user_email: ADMIN.email },
    ]);
  });
});
