// Integration tests of the event-log report (spec 002 §2.8, §7 Reports: GET /logs/getLogsByRange, an
// embedded PDF titled 'Logs de Eventos' or 'No hay datos para mostrar') after a few audited writes, read
// back with pdftotext; and of the e-mail log (spec 002 §2.9, §7 E-mail logs, §9: queryLogEmail status 1
// search and 2 Excel export LogsEmail_{timestamp}.xlsx read back with exceljs, getemailSendgrid answering
// the stored status, 250 shown as 'Aceptado', dates dd/MM/yyyy hh:mm aaaa in Caracas). Tenancy on both,
// and bad inputs answered with a Spanish 400.
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { describeWithApp } from './harness.ts';
import { type Ctx, companyIdByRif, DEMO_RIF, SECOND_RIF } from './support/invoices.ts';
import { pdfToText } from './support/pdf-text.ts';
import { userWith } from './support/users.ts';

const TODAY = '2026-06-10'; // SIGECE_TEST_NOW's day in Caracas (vitest.clock.ts)
const LOGS = '/v2/logs/getLogsByRange';
const MAIL = '/v2/mantenimiento/logEmails';

interface TestUser {
  id: string;
  email: string;
  token: string;
}

/** A user with a role made of `grants`, granted `companies`: its id, e-mail and token. */
async function newUser(ctx: Ctx, grants: Record<string, string[]>, companies: string[]): Promise<TestUser> {
  const { id, email, token } = await userWith(ctx, grants, companies);
  return { id, email, token };
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

describeWithApp('event-log report: GET /v2/logs/getLogsByRange', (ctx) => {
  let admin: string;
  let adminId: string;
  let viewer: TestUser;
  let stranger: TestUser;
  let demo: string;

  beforeAll(async () => {
    admin = await ctx().adminToken();
    const [row] = await ctx().database.query<{ id: string }>(
      "select id::text as id from users where email = 'admin@sigece.local'",
    );
    adminId = row.id;
    demo = await companyIdByRif(ctx, DEMO_RIF);
    const second = await companyIdByRif(ctx, SECOND_RIF);
    viewer = await newUser(ctx, { '/reportes/logs': [], '/seguridad/usuarios': ['updatePasw'] }, [demo]);
    stranger = await newUser(ctx, { '/seguridad/usuarios': ['updatePasw'] }, [second]);
    // Audited writes of two users of two companies: each changes their own password.
    for (const u of [viewer, stranger]) {
      const res = await ctx().request({
        method: 'POST',
        url: `/v2/users/change-password?userID=${u.id}`,
        token: u.token,
        payload: { password: 'otra-clave-segura-2' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // A password change revokes the user's tokens: log in again.
    viewer.token = await ctx().login(viewer.email, 'otra-clave-segura-2');
    stranger.token = await ctx().login(stranger.email, 'otra-clave-segura-2');
  });

  const report = async (token: string, params: Record<string, string>) =>
    ctx().request({ method: 'GET', url: `${LOGS}?${query(params)}`, token });

  it("a user's trail of the day as a PDF titled 'Logs de Eventos': when, who, what in plain words, record, what changed", async () => {
    const res = await report(admin, { fechaInicio: TODAY, fechaFin: TODAY, idUsuario: adminId });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Logs de Eventos');
    // The admin logged in, then made two roles and two users in beforeAll (and nothing else that day).
    expect(body.total).toBe(5);
    const pdf = Buffer.from(body.result, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfToText(pdf);
    expect(text).toContain('Logs de Eventos');
    expect(text).toContain('Desde 10/06/2026 hasta 10/06/2026');
    expect(text).toContain('Usuario: admin@sigece.local');
    expect(text).toMatch(/10\/06\/2026 10:\d\d a\.m\./);
    // Plain words: what was done and to which record, never a route or a UUID.
    expect(text).toContain('Inició sesión');
    expect(text).toContain('Creó el usuario');
    expect(text).toContain('Creó el rol');
    expect(text).not.toContain('/v2/');
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/);
    expect(text).not.toContain(viewer.id.slice(0, 8));
    expect(text).toContain('updatedAt: -');
    expect(text).toContain(`email: ${viewer.email}`);
    expect(text).not.toContain('Cambió su contraseña');
  });

  it("answers 'No hay datos para mostrar' with no PDF for a day without events", async () => {
    const res = await report(admin, {
      fechaInicio: '2026-06-01',
      fechaFin: '2026-06-09',
      idUsuario: adminId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'No hay datos para mostrar', total: 0, result: null });
  });

  it('tenancy: a user reads the trail of users sharing a company, never of others nor of the master admin', async () => {
    const own = await report(viewer.token, { fechaInicio: TODAY, fechaFin: TODAY });
    expect(own.statusCode, own.body).toBe(200);
    const text = await pdfToText(Buffer.from(own.json().result, 'base64'));
    expect(text).toContain(viewer.email);
    expect(text).toContain('Cambió su contraseña');
    expect(text).not.toContain(stranger.email);
    expect(text).not.toContain('admin@sigece.local');
    for (const other of [stranger.id, adminId]) {
      const res = await report(viewer.token, { fechaInicio: TODAY, fechaFin: TODAY, idUsuario: other });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('No tiene acceso a los eventos de este usuario');
    }
    // The master admin reads anyone's.
    const all = await report(admin, { fechaInicio: TODAY, fechaFin: TODAY, idUsuario: stranger.id });
    expect(all.json().total).toBe(3); // the stranger's two logins and password change
    // No module, no report.
    expect((await report(stranger.token, { fechaInicio: TODAY, fechaFin: TODAY })).statusCode).toBe(403);
  });

  it('bad inputs: Spanish 400s', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [
        { fechaInicio: TODAY, fechaFin: '2026-06-01' },
        'La fecha Desde no puede ser posterior a la fecha Hasta',
      ],
      [{ fechaInicio: '2025-01-01', fechaFin: TODAY }, 'El período del reporte no puede exceder 366 días'],
      [
        { fechaInicio: TODAY, fechaFin: '2026-06-11' },
        'Las fechas del reporte no pueden ser posteriores a hoy',
      ],
      [{ fechaFin: TODAY }, 'La fecha Desde es requerida'],
      [{ fechaInicio: 'ayer', fechaFin: TODAY }, 'Debe ser una fecha válida (aaaa-mm-dd)'],
      [{ fechaInicio: TODAY, fechaFin: TODAY, idUsuario: 'x' }, 'Usuario no válido'],
    ];
    for (const [params, message] of cases) {
      const res = await report(admin, params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
  });
});

describeWithApp('e-mail log: queryLogEmail and getemailSendgrid', (ctx) => {
  let admin: string;
  let demo: string;
  let second: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    admin = await ctx().adminToken();
    demo = await companyIdByRif(ctx, DEMO_RIF);
    second = await companyIdByRif(ctx, SECOND_RIF);
    const { mailer, db } = ctx().app.deps;
    // Logged by the product's own mailer: two to the demo company's clients, one to the second company's.
    const send = async (key: string, to: string, nroDoc: string, localidadId: string) => {
      const r = await mailer.send(db, {
        to: [to],
        subject: `Factura ${nroDoc}`,
        text: 'Adjunto',
        tipoDoc: 'FACTURA',
        nroDoc,
        localidadId,
      });
      ids[key] = r.messageId!;
      // The log is ordered by its millisecond timestamp: two sends in one millisecond have no order of
      // their own, and the assertions below list them newest first.
      await new Promise((r) => setTimeout(r, 5));
    };
    await send('pedro', 'pedro@example.com', 'LOG-0001', demo);
    await send('ana', 'ana@example.com', 'LOG-0002', demo);
    await send('otro', 'otro@example.com', 'LOG-0003', second);
    // An SMTP server that is not there: the attempt is logged with its error, then thrown.
    const down = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'sigece <no-responder@sigece.local>' });
    await expect(
      down.send(db, {
        to: ['caida@example.com'],
        subject: 'Factura LOG-0004',
        text: 'x',
        nroDoc: 'LOG-0004',
        localidadId: demo,
      }),
    ).rejects.toThrow();
  });

  const search = async (token: string, params: Record<string, string | number>) =>
    ctx().request({ method: 'GET', url: `${MAIL}/queryLogEmail?${query(params)}`, token });

  it("status 1 searches, newest first, with 250 as 'Aceptado' and Caracas dates dd/MM/yyyy hh:mm aaaa", async () => {
    const res = await search(admin, { status: 1, nroDoc: 'LOG-', fechaInicio: TODAY, fechaFin: TODAY });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, limit: 10, totalPages: 1, totalResults: 4 });
    expect(body.results.map((r: { nroDoc: string }) => r.nroDoc)).toEqual([
      'LOG-0004',
      'LOG-0003',
      'LOG-0002',
      'LOG-0001',
    ]);
    const pedro = body.results[3];
    expect(pedro).toMatchObject({
      messageId: ids.pedro,
      statusCode: '250',
      estatus: 'Aceptado',
      recibido: ['pedro@example.com'],
      tipoDoc: 'FACTURA',
      id_localidad: demo,
    });
    expect(pedro.fecha).toMatch(/^10\/06\/2026 10:\d\d a\.m\.$/);
    expect(body.results[0]).toMatchObject({ statusCode: 'ERR', estatus: 'Error (ERR)', messageId: '' });
  });

  it('filters by company, recipient and page', async () => {
    const byCompany = (await search(admin, { id_localidad: second, nroDoc: 'LOG-' })).json();
    expect(byCompany.results.map((r: { nroDoc: string }) => r.nroDoc)).toEqual(['LOG-0003']);
    const byTo = (await search(admin, { correoTo: 'ANA@', nroDoc: 'LOG-' })).json();
    expect(byTo.results.map((r: { nroDoc: string }) => r.nroDoc)).toEqual(['LOG-0002']);
    const page2 = (await search(admin, { nroDoc: 'LOG-', limit: 3, page: 2 })).json();
    expect(page2).toMatchObject({ page: 2, limit: 3, totalPages: 2, totalResults: 4 });
    expect(page2.results.map((r: { nroDoc: string }) => r.nroDoc)).toEqual(['LOG-0001']);
  });

  it('status 2 exports LogsEmail_{timestamp}.xlsx, read back with exceljs', async () => {
    const res = await search(admin, { status: 2, nroDoc: 'LOG-', id_localidad: demo });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.fileName).toMatch(/^LogsEmail_\d+\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(body.libroExcel, 'base64') as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('LogsEmail')!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0]).toEqual([
      'Fecha',
      'Destinatarios',
      'Asunto',
      'Tipo Doc',
      'Nro Doc',
      'Código',
      'Estatus',
      'Respuesta del servidor',
      'Id del mensaje',
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[4], r[5], r[6]])).toEqual([
      ['caida@example.com', 'LOG-0004', 'ERR', 'Error (ERR)'],
      ['ana@example.com', 'LOG-0002', '250', 'Aceptado'],
      ['pedro@example.com', 'LOG-0001', '250', 'Aceptado'],
    ]);
    expect(rows[1][0]).toMatch(/^10\/06\/2026 10:\d\d a\.m\.$/);
  });

  it('getemailSendgrid answers the stored status of a message', async () => {
    const res = await ctx().request({
      method: 'GET',
      url: `${MAIL}/getemailSendgrid?${query({ idMMessage: ids.ana })}`,
      token: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      messageId: ids.ana,
      status: 'Aceptado',
      statusCode: '250',
      to_email: 'ana@example.com',
      opens_count: 0,
      clicks_count: 0,
    });
    const missing = await ctx().request({
      method: 'GET',
      url: `${MAIL}/getemailSendgrid?idMMessage=nada`,
      token: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No existe un correo con ese identificador');
  });

  it("tenancy: a user of the second company sees only its messages, and none of the demo company's", async () => {
    const user = await newUser(ctx, { '/reportes/logsEmail': [] }, [second]);
    const res = await search(user.token, { nroDoc: 'LOG-' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.map((r: { nroDoc: string }) => r.nroDoc)).toEqual(['LOG-0003']);
    const exported = (await search(user.token, { status: 2, nroDoc: 'LOG-' })).json();
    expect(exported.totalResults).toBe(1);
    expect((await search(user.token, { id_localidad: demo })).statusCode).toBe(403);
    const status = await ctx().request({
      method: 'GET',
      url: `${MAIL}/getemailSendgrid?idMMessage=${encodeURIComponent(ids.ana)}`,
      token: user.token,
    });
    expect(status.statusCode).toBe(404);
    const noModule = await newUser(ctx, { '/reportes/logs': [] }, [second]);
    expect((await search(noModule.token, {})).statusCode).toBe(403);
  });

  it('bad inputs: Spanish 400s', async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ status: 3 }, 'Estatus: use 1 (búsqueda) o 2 (exportar a Excel)'],
      [
        { fechaInicio: TODAY, fechaFin: '2026-06-01' },
        'La fecha Desde no puede ser posterior a la fecha Hasta',
      ],
      [{ fechaInicio: '2025-01-01', fechaFin: TODAY }, 'El período del reporte no puede exceder 366 días'],
      [{ fechaInicio: TODAY }, 'La fecha Hasta es requerida'],
      [{ id_localidad: 'x' }, 'Identificador no válido'],
      [{ nroDoc: 'x'.repeat(21) }, 'Máximo 20 caracteres'],
    ];
    for (const [params, message] of cases) {
      const res = await search(admin, params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect((await search(admin, { limit: 1000 })).statusCode).toBe(400);
  });
});
