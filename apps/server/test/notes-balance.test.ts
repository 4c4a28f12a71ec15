// GET /v2/facturas/nota/saldoFactura/{id} (spec 001 §5.5): what earlier ACTIVE credit notes returned of
// an invoice by product and credited in total, the bound the new-note screen shows per line. Happy path
// (an annulled or debit note does not count), bad input, and a user of another company.
import { expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import { newCompany } from './support/invoices.ts';
import { generatedInvoice, NOTES, notesUser } from './support/notes.ts';

describeWithApp('notes: invoice balance for the new-note screen', (ctx) => {
  let seq = 0;
  const nro = () => `S${String(++seq).padStart(6, '0')}`;

  async function setting() {
    const company = await newCompany(ctx);
    const inv = await generatedInvoice(ctx, await ctx().adminToken(), {
      rif: company.rif,
      lines: [
        { precio: 100, cantidad: 5, alicuota: 16 },
        { precio: 50, cantidad: 2, exento: true },
      ],
    });
    return { company, inv, token: await notesUser(ctx, [company.id]) };
  }
  const balance = (token: string, id: string) =>
    ctx().request({ method: 'GET', url: `${NOTES}/saldoFactura/${id}`, token });
  const addNota = (token: string, payload: Record<string, unknown>) =>
    ctx().request({ method: 'POST', url: `${NOTES}/addnota`, token, payload });

  it('sums what active credit notes returned and credited; debit notes and deleted notes do not count', async () => {
    const { inv, token } = await setting();
    expect((await balance(token, inv.id)).json()).toEqual({
      code: 200,
      message: 'Consulta exitosa',
      result: { devuelto: {}, acreditado: '0.00' },
    });
    const credit = (lines: Array<Record<string, unknown>>) =>
      addNota(token, {
        id_factura: inv.id,
        nroNota: nro(),
        tipo: 'Credito',
        categoria: '0',
        lstDetallesNota: lines,
      });
    expect((await credit([{ posicion: 1, cantidadDevolucion: 2 }])).statusCode).toBe(200);
    expect(
      (
        await credit([
          { posicion: 1, cantidadDevolucion: 1 },
          { posicion: 2, cantidadDevolucion: 1 },
        ])
      ).statusCode,
    ).toBe(200);
    const debit = await addNota(token, {
      id_factura: inv.id,
      nroNota: nro(),
      tipo: 'Debito',
      categoria: '1',
      lstDetallesNota: [{ posicion: 1, precioDevolucion: '120' }],
    });
    expect(debit.statusCode, debit.body).toBe(200);
    const deleted = (await credit([{ posicion: 1, cantidadDevolucion: 1 }])).json().result;
    expect(
      (await ctx().request({ method: 'PUT', url: `${NOTES}/eliminar/${deleted.id}`, token })).statusCode,
    ).toBe(200);

    const res = await balance(token, inv.id);
    expect(res.statusCode, res.body).toBe(200);
    // 3 × 116.00 of P-001 and 1 × 50.00 of P-002.
    expect(res.json().result).toEqual({ devuelto: { 'P-001': '3', 'P-002': '1' }, acreditado: '398.00' });
  });

  it('bad input: 400 for an id that is not a uuid, 404 for an unknown invoice', async () => {
    const { token } = await setting();
    expect((await balance(token, 'x')).statusCode).toBe(400);
    const unknown = await balance(token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Factura no encontrada');
  });

  it("a user of another company gets 403; a role without 'add' on notes is refused", async () => {
    const { company, inv } = await setting();
    const other = await setting();
    expect((await balance(other.token, inv.id)).statusCode).toBe(403);
    const viewer = await notesUser(ctx, [company.id], ['view']);
    expect((await balance(viewer, inv.id)).statusCode).toBe(403);
  });
});
