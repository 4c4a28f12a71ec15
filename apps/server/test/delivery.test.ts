// Each document's e-mail delivery: GET /v2/correo/estados and POST /v2/correo/enviar,
// through a real SMTP server on loopback that refuses some recipients with 550.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { describeWithApp } from './harness.ts';
import {
  companyIdByRif,
  createInvoice,
  DEMO_RIF,
  invoice,
  LIST_MODULE,
  newCompany,
  unique,
  userWith,
  waitFor,
} from './support/invoices.ts';
import { smtpReceiver } from './support/smtp-receiver.ts';

describe('document e-mail delivery', () => {
  const refused = new Set<string>();
  const smtp = smtpReceiver({ refused });
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  describeWithApp(
    'delivery state and Enviar por correo',
    (ctx) => {
      const admin = () => ctx().adminToken();
      const states = async (token: string, ids: string[]) =>
        ctx().request({ method: 'GET', url: `/v2/correo/estados?tipoDoc=fact&ids=${ids.join(',')}`, token });
      const send = async (token: string, payload: Record<string, unknown>) =>
        ctx().request({ method: 'POST', url: '/v2/correo/enviar', token, payload });
      const generated = (id: string) =>
        waitFor(
          `the PDF of ${id}`,
          async () => {
            const res = await ctx().request({
              method: 'GET',
              url: `/v2/facturas/getfacturacion/${id}`,
              token: await admin(),
            });
            return res.json().result?.facturaGenerada === 'true' ? true : undefined;
          },
          30_000,
        );
      const stateOf = async (id: string) => (await states(await admin(), [id])).json().results[0];

      it('a demo invoice (company e-mail off) is NO_ENVIADO; sent by hand to correo and CC it becomes ENVIADO with the SMTP answer', async () => {
        const t = unique('d').toLowerCase();
        const created = await createInvoice(
          ctx,
          await admin(),
          invoice({ cliente: { correo: `c-${t}@example.com` } }),
        );
        await generated(created.id);
        expect(await stateOf(created.id)).toMatchObject({
          id: created.id,
          estado: 'NO_ENVIADO',
          intentos: 0,
        });

        const to = `otro-${t}@example.com`;
        const cc = `copia-${t}@example.com`;
        const res = await send(await admin(), { tipoDoc: 'fact', id: created.id, correo: to, ccCorreo: cc });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().message).toBe('Correo en cola de envío');
        const sent = await waitFor('ENVIADO', async () => {
          const s = await stateOf(created.id);
          return s.estado === 'ENVIADO' ? s : undefined;
        });
        expect(sent).toMatchObject({ correo: [to], ccCorreo: [cc], statusCode: '250', intentos: 1 });
        expect(sent.statusText).toContain('Ok: queued');
        const mail = smtp.received.find((m) => m.rcptTo.includes(to));
        expect(mail?.rcptTo.sort()).toEqual([cc, to].sort());
        expect(mail?.raw).toContain('application/pdf');
      });

      it('a recipient the SMTP server refuses leaves the document FALLIDO with the 550 answer', async () => {
        const created = await createInvoice(ctx, await admin(), invoice());
        await generated(created.id);
        const to = `rechazado-${unique('r').toLowerCase()}@example.com`;
        refused.add(to);
        const res = await send(await admin(), { tipoDoc: 'fact', id: created.id, correo: to });
        expect(res.statusCode, res.body).toBe(200);
        const failed = await waitFor('FALLIDO', async () => {
          const s = await stateOf(created.id);
          return s.estado === 'FALLIDO' ? s : undefined;
        });
        expect(failed.statusCode).toBe('550');
        expect(failed.statusText).toMatch(/^550 .*no disponible/);
      });

      it('bad input: a wrong address, too many copies, an unknown family: 400 in Spanish, nothing queued', async () => {
        const created = await createInvoice(ctx, await admin(), invoice());
        const bad = await send(await admin(), { tipoDoc: 'fact', id: created.id, correo: 'no-es-correo' });
        expect(bad.statusCode).toBe(400);
        expect(bad.body).toContain('debe ser un correo valido');
        const many = await send(await admin(), {
          tipoDoc: 'fact',
          id: created.id,
          correo: 'a@example.com',
          ccCorreo: 'b@e.com,c@e.com,d@e.com,e@e.com,f@e.com,g@e.com',
        });
        expect(many.statusCode).toBe(400);
        expect(many.body).toContain('Máximo 5 correos en copia');
        const family = await send(await admin(), { tipoDoc: 'x', id: created.id, correo: 'a@example.com' });
        expect(family.statusCode).toBe(400);
        expect(family.body).toContain('Tipo de documento no válido');
        const unknown = await send(await admin(), {
          tipoDoc: 'fact',
          id: '00000000-0000-4000-8000-000000000000',
          correo: 'a@example.com',
        });
        expect(unknown.statusCode).toBe(404);
        expect((await stateOf(created.id)).estado).toBe('NO_ENVIADO');
      });

      it("a user of another company neither sees nor sends the document's e-mail", async () => {
        const created = await createInvoice(ctx, await admin(), invoice());
        await generated(created.id);
        const other = await newCompany(ctx, { lot: 0 });
        const token = await userWith(ctx, { [LIST_MODULE]: ['search', 'view'] }, [other.id]);
        const res = await send(token, { tipoDoc: 'fact', id: created.id, correo: 'a@example.com' });
        expect(res.statusCode).toBe(403);
        const seen = await states(token, [created.id]);
        expect(seen.statusCode).toBe(200);
        expect(seen.json().results).toEqual([]);
        // A user of the demo company with the list sees it.
        const own = await userWith(ctx, { [LIST_MODULE]: ['search'] }, [await companyIdByRif(ctx, DEMO_RIF)]);
        expect((await states(own, [created.id])).json().results).toHaveLength(1);
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
