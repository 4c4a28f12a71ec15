// The webhook events webhooks.test.ts does not cover: 'carga.terminada' (a mass load ends, with its
// counters), 'reporte.listo' (the SENIAT report e-mailed, with its period) and 'correo.fallido' (a
// document's e-mail refused by a real SMTP server on loopback, with the recipient and the SMTP code). Each
// reaches the subscribed endpoint signed (the spec's verifier, support/webhook-receiver.ts); an endpoint of
// the same company subscribed to other events receives nothing. Expected figures are counted by hand.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendDocumentMail } from '../src/modules/issuance/render/mail-job.ts';
import { renderDocument } from '../src/modules/issuance/render/render.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { sendSeniatReport } from '../src/modules/reports/seniat/service.ts';
import { deliverDue } from '../src/modules/webhooks/delivery.ts';
import { describeWithApp } from './harness.ts';
import { createInvoice, invoice, newCompany, unique } from './support/invoices.ts';
import { addProducts, invoiceRow, processLoad, sheetOf, uploadOk } from './support/mass-load.ts';
import { smtpReceiver } from './support/smtp-receiver.ts';
import { Receiver, verify } from './support/webhook-receiver.ts';

const HOOKS = '/v2/integracion/webhooks';
const REFUSED = 'rechazado@example.com';
const TESTED = ['carga.terminada', 'reporte.listo', 'correo.fallido'];

const smtp = smtpReceiver({ refused: new Set([REFUSED]) });
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

describeWithApp(
  'webhooks: carga.terminada, reporte.listo and correo.fallido',
  (ctx) => {
    const subscribed = new Receiver();
    const other = new Receiver();
    beforeAll(() => Promise.all([subscribed.start(), other.start()]));
    afterAll(() => Promise.all([subscribed.stop(), other.stop()]));
    const admin = () => ctx().adminToken();

    /** A company of the test's own with one endpoint for the tested events and one for two others. */
    const companyWithEndpoints = async () => {
      const company = await newCompany(ctx);
      const register = async (url: string, eventos: string[]) => {
        const res = await ctx().request({
          method: 'POST',
          url: HOOKS,
          token: await admin(),
          payload: { localidad: company.id, url, eventos },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json() as { id: string; secreto: string };
      };
      const hook = await register(subscribed.url, TESTED);
      await register(other.url, ['correo.enviado', 'documento.anulado']);
      return { company, secreto: hook.secreto };
    };

    /** Sends every delivery due now; the events the subscribed receiver got since `from`, each verified. */
    const delivered = async (secreto: string, from: number) => {
      for (let i = 0; i < 10 && (await deliverDue(ctx().app.deps, { now: new Date() })) > 0; i++);
      const requests = subscribed.requests.slice(from);
      for (const r of requests) expect(verify(secreto, r), r.body).toBe(true);
      return subscribed.events().slice(from);
    };

    it('carga.terminada: each finished load, with its counters', async () => {
      const { company, secreto } = await companyWithEndpoints();
      await addProducts(ctx, company.id, ['P-001', 'P-002']);
      const token = await admin();
      const [a, b, c] = [unique('A').slice(-12), unique('B').slice(-12), unique('C').slice(-12)];
      const from = subscribed.requests.length;

      // Two invoices (a of two lines, b of one): both new.
      const first = await uploadOk(
        ctx,
        token,
        company.id,
        'factura',
        await sheetOf([invoiceRow(a, 'P-001'), invoiceRow(a, 'P-002'), invoiceRow(b, 'P-001')]),
        'primera.xlsx',
      );
      await processLoad(ctx, token, first.carga.id);
      // a again (already stored: EXISTENTE, which the load also counts among its errors) and c, new.
      const second = await uploadOk(
        ctx,
        token,
        company.id,
        'factura',
        await sheetOf([invoiceRow(a, 'P-001'), invoiceRow(a, 'P-002'), invoiceRow(c, 'P-002')]),
        'segunda.xlsx',
      );
      await processLoad(ctx, token, second.carga.id);

      const events = await delivered(secreto, from);
      expect(events).toEqual([
        expect.objectContaining({
          type: 'carga.terminada',
          company: { id: company.id, rif: company.rif, nombre: company.nombre },
          data: {
            id: first.carga.id,
            tipo: 'factura',
            nombreArchivo: 'primera.xlsx',
            total: 2,
            nuevos: 2,
            existentes: 0,
            errores: 0,
          },
        }),
        expect.objectContaining({
          type: 'carga.terminada',
          company: { id: company.id, rif: company.rif, nombre: company.nombre },
          data: {
            id: second.carga.id,
            tipo: 'factura',
            nombreArchivo: 'segunda.xlsx',
            total: 2,
            nuevos: 1,
            existentes: 1,
            errores: 1,
          },
        }),
      ]);
      // The three invoices were numbered, but nobody here wants 'documento.numerado'.
      expect(other.requests).toEqual([]);
    }, 240_000);

    it('reporte.listo: the monthly SENIAT report of one company, with its period and e-mail', async () => {
      const { company, secreto } = await companyWithEndpoints();
      const token = await admin();
      await createInvoice(ctx, token, invoice({ rif: company.rif }));
      await createInvoice(ctx, token, invoice({ rif: company.rif }));
      const from = subscribed.requests.length;
      const mailsBefore = smtp.received.length;
      // The test clock's month (2026-06-10): June, up to today.
      const report = (email: string) =>
        sendSeniatReport(ctx().app.deps, {
          kind: 4,
          general: false,
          period: { start: '2026-06-01', end: '2026-06-10' },
          format: 'XLSX',
          email,
          scope: { all: true, localidades: [], sucursales: [], companies: [company.id] },
        });
      await report('contador@example.com');
      expect(smtp.received.slice(mailsBefore).map((m) => m.rcptTo)).toEqual([['contador@example.com']]);

      const events = await delivered(secreto, from);
      expect(events).toEqual([
        expect.objectContaining({
          type: 'reporte.listo',
          company: { id: company.id, rif: company.rif, nombre: company.nombre },
          data: {
            reporte: 4,
            fechaInicio: '2026-06-01',
            fechaFin: '2026-06-10',
            archivo: expect.stringMatching(/_2026-06-01_al_2026-06-10_\d+\.xlsx$/),
            documentos: 2,
            para: 'contador@example.com',
          },
        }),
      ]);
      expect(other.requests).toEqual([]);

      // Refused by the SMTP server: no event, and the refusal stays in the e-mail log (the event's
      // transaction around the SMTP exchange used to roll it back).
      await expect(report(REFUSED)).rejects.toMatchObject({ responseCode: 550 });
      const refusals = await ctx().database.query<{ status: string }>(
        `select status_code as status from mail_messages where $1 = any(to_addresses) and tipo_doc = 'REPORTE'`,
        [REFUSED],
      );
      expect(refusals).toEqual([{ status: '550' }]);
      expect(await delivered(secreto, from + 1)).toEqual([]);
    }, 240_000);

    it("correo.fallido: a document's e-mail refused by the SMTP server, with the recipient and its code", async () => {
      const { company, secreto } = await companyWithEndpoints();
      const inv = invoice({ rif: company.rif, cliente: { correo: REFUSED } });
      const doc = await createInvoice(ctx, await admin(), inv);
      await renderDocument(ctx().app.deps, 'fact', doc.id);
      const from = subscribed.requests.length;
      await expect(sendDocumentMail(ctx().app.deps, { tipoDoc: 'fact', id: doc.id })).rejects.toMatchObject({
        responseCode: 550,
      });

      const events = await delivered(secreto, from);
      expect(events).toEqual([
        expect.objectContaining({
          type: 'correo.fallido',
          company: { id: company.id, rif: company.rif, nombre: company.nombre },
          data: expect.objectContaining({
            tipoDoc: 'fact',
            id: doc.id,
            numero: inv.nroFactura,
            nroControl: doc.NroControl,
            para: [REFUSED],
            cc: [],
            codigo: '550',
          }),
        }),
      ]);
      // The delivery is recorded failed, with the same code.
      const [row] = await ctx().database.query<{ estado: string }>(
        `select status_code as estado from mail_messages where $1 = any(to_addresses) and nro_doc = $2`,
        [REFUSED, inv.nroFactura],
      );
      expect(row?.estado).toBe('550');
      // Subscribed to 'correo.enviado' only: the failure is not sent there.
      expect(other.requests).toEqual([]);
    }, 240_000);
  },
  {
    mailer: () =>
      createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port()}`,
        from: 'sigece <no-responder@sigece.local>',
      }),
  },
);
