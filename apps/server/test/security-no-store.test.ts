// Every API answer (PDF and JSON downloads, reports, user lists, errors) says
// Cache-Control: no-store, so no browser or proxy cache keeps tenant data; a route may still say
// otherwise (the public company logo).
import { expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import { companyIdByRif, createInvoice, DEMO_RIF, invoice, waitFor } from './support/invoices.ts';

const F = '/v2/facturas';

describeWithApp(
  'API answers are not cached',
  (ctx) => {
    it('PDF and JSON downloads, the sales book, the user list and an error answer say no-store', async () => {
      const token = await ctx().adminToken();
      const created = await createInvoice(ctx, token, invoice());
      await waitFor(`the PDF of ${created.id}`, async () => {
        const res = await ctx().request({ method: 'GET', url: `${F}/getfacturacion/${created.id}`, token });
        return res.json().result?.facturaGenerada === 'true' ? true : undefined;
      });
      const company = await companyIdByRif(ctx, DEMO_RIF);
      const urls = [
        `${F}/pdf/${created.id}`,
        `${F}/json/${created.id}`,
        `${F}/getfacturacion/${created.id}`,
        `/v2/mantenimiento/reportes/getlibroVentas?${new URLSearchParams({
          fechaInicio: '2026-01-01',
          fechaFin: '2026-01-31',
          id_localidad: company,
        })}`,
        '/v2/users/allUser',
      ];
      for (const url of urls) {
        const res = await ctx().request({ method: 'GET', url, token });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
      expect(
        (await ctx().request({ method: 'GET', url: `${F}/pdf/${created.id}` })).headers['cache-control'],
      ).toBe('no-store');
      const pdf = await ctx().request({ method: 'GET', url: `${F}/pdf/${created.id}`, token });
      expect(pdf.headers['content-type']).toBe('application/pdf');
    });

    it('the public logo keeps its own short cache', async () => {
      const company = await companyIdByRif(ctx, DEMO_RIF);
      await ctx().database.query('update localidades set logo = $1 where id = $2', [
        Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
        company,
      ]);
      const res = await ctx().request({ method: 'GET', url: `/v2/mantenimiento/localidad/logo/${company}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    });
  },
  { config: { jobs: true }, jobPollingSeconds: 0.5 },
);
