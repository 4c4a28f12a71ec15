// The integration API's intake keeps the issuing company and the day's exchange rate for a moment
// (db/short-cache.ts). A write through this process must be seen by the next request
// at once: a company deactivated right after an invoice read it is refused, a rate stored right after an
// invoice used the previous one is the one the next invoice takes.
import { caracasDate } from '@sigece/fiscal';
import { expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import { createInvoice, ingest, invoice, newCompany } from './support/invoices.ts';

describeWithApp('intake caches: company and rate writes are seen at once', (ctx) => {
  const admin = () => ctx().adminToken();

  it('a company deactivated through the API right after an invoice is refused by the next one', async () => {
    const company = await newCompany(ctx);
    await createInvoice(ctx, await admin(), invoice({ rif: company.rif }));
    const off = await ctx().request({
      method: 'PUT',
      url: `/v2/mantenimiento/localidad/inactivarLocalidad/${company.id}`,
      token: await admin(),
    });
    expect(off.statusCode, off.body).toBe(200);
    const answer = await ingest(ctx, await admin(), [invoice({ rif: company.rif })]);
    expect(answer.totalFacturasNew).toBe(0);
    expect(answer.DetalleErrorFacturas?.[0][0].Msg).toBe(`La razón social ${company.rif} está inactiva`);
  });

  it("a USD rate stored through the API right after an invoice used the day's rate is the next invoice's", async () => {
    const company = await newCompany(ctx);
    const usd = () => ({ ...invoice({ rif: company.rif }), facturaDivisa: 'USD', cambioDivisa: null });
    const rateOf = async (id: string) => {
      const res = await ctx().request({
        method: 'GET',
        url: `/v2/facturas/getfacturacion/${id}`,
        token: await admin(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result.cambioDivisa;
    };
    const first = await createInvoice(ctx, await admin(), usd());
    expect(await rateOf(first.id)).toBe('237.75290000');
    const stored = await ctx().request({
      method: 'POST',
      url: '/v2/mantenimiento/divisa/tasa',
      token: await admin(),
      payload: { iso: 'USD', fecha: caracasDate(), valor: '300.5' },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const second = await createInvoice(ctx, await admin(), usd());
    expect(await rateOf(second.id)).toBe('300.50000000');
  });
});
