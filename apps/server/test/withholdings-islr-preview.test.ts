// POST /v2/retenciones/calcularIslr gives the add page the amount an ISLR line
// withholds as the save computes it (packages/fiscal islrWithheld, the UT in force on the document's
// date, and for Tarifa N° 2 the supplier's year on the stored vouchers plus the draft's earlier lines).
import { caracasDate } from '@sigece/fiscal';
import { expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import { type Ctx, userWith } from './support/invoices.ts';
import { RET, withholdingAgent } from './support/withholdings.ts';

const LIST = '/retenciones/iva-islr';
const retUser = (ctx: Ctx, companies: string[]) =>
  userWith(ctx, { [LIST]: ['search', 'add'], [`${LIST}/Agregar`]: [] }, companies);
const today = () => caracasDate(new Date());

const preview = (ctx: Ctx, token: string, body: Record<string, unknown>) =>
  ctx().request({ method: 'POST', url: `${RET}/calcularIslr`, token, payload: body });

describeWithApp('ISLR preview: POST /v2/retenciones/calcularIslr', (ctx) => {
  it('computes a line as the save does: 002 with the UT sustraendo, 005 on Tarifa N° 2 with the year accumulated', async () => {
    const company = await withholdingAgent(ctx);
    const token = await retUser(ctx, [company.id]);
    const base = { id_localidad: company.id, rifProveedor: 'V-012345678', fechaDocumento: today() };
    // 002 (PNR honorarios, 3 %, sustraendo 43 × 83.3334 × 3 % = 107.50): 10,000.00 × 3 % − 107.50 = 192.50.
    const honorarios = await preview(ctx, token, { ...base, conceptoIslr: '002', baseImponible: '10000.00' });
    expect(honorarios.statusCode, honorarios.body).toBe(200);
    expect(honorarios.json().result).toMatchObject({
      retenido: '192.50',
      sustraendo: '107.50',
      ut: '43.00',
      tarifa2: false,
      acumuladoPrevio: null,
    });
    // 005 (Tarifa N° 2): 100,000.00 × 90 % = 90,000.00 > 2,000 UT: 22 % × 90,000 − 140 × 43 = 13,780.00.
    const first = await preview(ctx, token, {
      ...base,
      rifProveedor: 'J-400000001',
      conceptoIslr: '005',
      baseImponible: '100000.00',
    });
    expect(first.json().result).toMatchObject({
      retenido: '13780.00',
      tarifa2: true,
      acumuladoPrevio: '0.00',
    });
    // The same payment after 90,000.00 of this draft's earlier lines: T(180,000) − T(90,000) = 25,920.00.
    const second = await preview(ctx, token, {
      ...base,
      rifProveedor: 'J-400000001',
      conceptoIslr: '005',
      baseImponible: '100000.00',
      acumuladoComprobante: '90000.00',
    });
    expect(second.json().result).toMatchObject({ retenido: '25920.00', acumuladoPrevio: '90000.00' });
  });

  it('bad input: 400 in Spanish (unknown concept, amount text, date); a foreign company 403; no permission 403', async () => {
    const company = await withholdingAgent(ctx);
    const foreign = await withholdingAgent(ctx);
    const token = await retUser(ctx, [company.id]);
    const base = { id_localidad: company.id, rifProveedor: 'V-012345678', fechaDocumento: today() };
    const unknown = await preview(ctx, token, { ...base, conceptoIslr: '999', baseImponible: '10.00' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('El concepto de ISLR 999 no existe');
    const text = await preview(ctx, token, { ...base, conceptoIslr: '002', baseImponible: 'mil' });
    expect(text.statusCode).toBe(400);
    expect(text.body).toContain('baseImponible debe ser un monto con hasta 2 decimales');
    const date = await preview(ctx, token, {
      ...base,
      fechaDocumento: '10/06/2026',
      conceptoIslr: '002',
      baseImponible: '1',
    });
    expect(date.statusCode).toBe(400);
    const theirs = await preview(ctx, token, {
      ...base,
      id_localidad: foreign.id,
      conceptoIslr: '002',
      baseImponible: '10.00',
    });
    expect(theirs.statusCode).toBe(403);
    const viewer = await userWith(ctx, { [LIST]: ['search'] }, [company.id]);
    expect(
      (await preview(ctx, viewer, { ...base, conceptoIslr: '002', baseImponible: '10.00' })).statusCode,
    ).toBe(403);
  });
});
