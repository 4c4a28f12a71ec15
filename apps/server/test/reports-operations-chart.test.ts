// Integration tests of the operations chart's data (/charts/Linear 'Operativos'): real
// monthly sales in Bs. (each invoice at its own rate) versus purchases of one company or of every company the user sees;
// a bad year is 400 with the spec's message (spec 002 §5 Reports); another company's figures are 403.
import { caracasDate } from '@sigece/fiscal';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import { createInvoice, invoice, newCompany, userWith } from './support/invoices.ts';

const URL = '/v2/charts/operativos';

describeWithApp('operations chart', (ctx) => {
  let a: { id: string; rif: string };
  let b: { id: string; rif: string };
  const today = caracasDate(new Date());
  const anio = today.slice(0, 4);
  const mes = Number(today.slice(5, 7));
  const get = async (query: Record<string, string>, token?: string) =>
    ctx().request({
      method: 'GET',
      url: `${URL}?${new URLSearchParams(query)}`,
      token: token ?? (await ctx().adminToken()),
    });

  beforeAll(async () => {
    const admin = await ctx().adminToken();
    a = await newCompany(ctx);
    b = await newCompany(ctx);
    // A: 116.00 Bs. and 116.00 USD at 40.00 (4640.00 Bs.) → 4756.00 Bs. in 2 invoices this month.
    await createInvoice(ctx, admin, invoice({ rif: a.rif }));
    await createInvoice(ctx, admin, { ...invoice({ rif: a.rif }), facturaDivisa: 'USD', cambioDivisa: '40' });
    // B: 2 × 100.00 at 16 % → 232.00 Bs.
    await createInvoice(
      ctx,
      admin,
      invoice({ rif: b.rif, lines: [{ precio: 100, cantidad: 2, alicuota: 16 }] }),
    );
    // A's purchase this month: 10 × 12.50 at 16 % → 145.00; and one of last year, outside the chart.
    for (const fechaFactura of [today, `${Number(anio) - 1}-12-31`]) {
      const res = await ctx().request({
        method: 'POST',
        url: '/v2/facturaCompra/crear',
        token: admin,
        payload: {
          id_localidad: a.id,
          proveedor: {
            tipoDocumento: 'J',
            numeroDocumento: String(310_000_000 + (Number(fechaFactura.replaceAll('-', '')) % 1_000_000)),
            identificacion: 'Suministros Andinos, C.A.',
            direccion: 'Calle 5, Mérida',
          },
          nroControl: '00-000481',
          nroFactura: `C${fechaFactura.replaceAll('-', '')}`,
          fechaFactura,
          tipoCompra: 'INTERNA',
          lstDetalles: [
            {
              concepto: 'Resmas de papel',
              cantidad: '10',
              unidadMedida: 'UNIDAD',
              precio: '12.50',
              alicuota: '16',
            },
          ],
          lstPagos: [{ modoPago: 'TRANSFERENCIA', monto: '145.00', divisa: 'VEF', nro: '00012345' }],
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }, 300_000);

  it("a company's twelve months: this month's sales in Bs., the others zero", async () => {
    const res = await get({ anio, id_localidad: a.id });
    expect(res.statusCode, res.body).toBe(200);
    const { meses } = res.json();
    expect(meses).toHaveLength(12);
    expect(meses[mes - 1]).toMatchObject({
      mes,
      ventas: '4756.00',
      documentos: 2,
      compras: '145.00',
      documentosCompra: 1,
    });
    expect(
      meses
        .filter((m: { mes: number }) => m.mes !== mes)
        .every((m: { ventas: string }) => m.ventas === '0.00'),
    ).toBe(true);
    expect(meses[0].nombre).toBe('Enero');
  });

  it("a user without a company chosen sees only his companies' sales; another company is 403", async () => {
    const token = await userWith(ctx, { '/charts/Linear': [] }, [b.id]);
    const mine = await get({ anio }, token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().meses[mes - 1]).toMatchObject({ ventas: '232.00', documentos: 1, compras: '0.00' });
    expect((await get({ anio, id_localidad: a.id }, token)).statusCode).toBe(403);
    const noModule = await userWith(ctx, { '/facturacion/generales': ['search'] }, [b.id]);
    expect((await get({ anio }, noModule)).statusCode).toBe(403);
  });

  it("a year that is not 4 digits is 400 'Ingresa un anio valido'", async () => {
    const res = await get({ anio: '26' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Ingresa un anio valido');
  });
});
