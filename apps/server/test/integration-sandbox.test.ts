// The sandbox of test API keys for notes, orders/guides and IVA withholding vouchers, as
// integration-keys.test.ts checks it for invoices: a test key's document is stored flagged, numbered 'PR-…'
// from the company's sandbox sequence, never takes a real control number (ledger and lot unchanged), is left
// out of the working lists, says on its PDF (pdftotext) and in public verification that it is a test, and the
// next real document takes the next real control number. The ERP's whole test flow (a test invoice, then its
// note, both with the test key) works; a real note cannot affect a test invoice.
import { SANDBOX_MARK } from '@sigece/fiscal';
import { beforeAll, expect, it } from 'vitest';
import { renderDocument } from '../src/modules/issuance/render/render.ts';
import { countRows, describeWithApp } from './harness.ts';
import { lotActual } from './support/invoices.ts';
import { generatedInvoice, ingestNotes, noteItem } from './support/notes.ts';
import { ingestOrders, orderCompany, orderItem } from './support/orders.ts';
import { pdfToText } from './support/pdf-text.ts';
import { ivaVoucher, makeWithholdingAgent, RET } from './support/withholdings.ts';

const PR = /^PR-\d{8}$/;

describeWithApp('sandbox of notes, orders and withholdings', (ctx) => {
  const admin = () => ctx().adminToken();
  let company: { id: string; rif: string; nombre: string };
  let testKey: string;

  const ledgerCount = () => countRows(ctx().database, 'control_numbers', `id_localidad = '${company.id}'`);
  const lotOf = async (familia: string) => {
    const [row] = await ctx().database.query<{ actual: string }>(
      `select actual::text from control_lots where id_localidad = $1 and familia = $2 and status = 'ACTIVO'`,
      [company.id, familia],
    );
    return Number(row.actual);
  };
  const storedPdfText = async (table: string, id: string) => {
    const [row] = await ctx().database.query<{ pdf: Buffer | Uint8Array; sandbox: boolean }>(
      `select pdf, sandbox from ${table} where id = $1`,
      [id],
    );
    expect(row.sandbox).toBe(true);
    return (await pdfToText(Buffer.from(row.pdf))).replace(/\s+/g, ' ');
  };

  beforeAll(async () => {
    company = await orderCompany(ctx);
    await makeWithholdingAgent(ctx, company.id);
    const res = await ctx().request({
      method: 'POST',
      url: '/v2/integracion/claves',
      token: await admin(),
      payload: {
        localidad: company.id,
        nombre: 'pruebas ERP',
        acciones: ['emitir', 'consultar'],
        prueba: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    testKey = res.json().clave;
  });

  it("a test invoice then its test note: 'PR-' numbers, no ledger row, the real lot untouched, marked, verified as a test", async () => {
    const lot = await lotActual(ctx, company.id);
    const ledger = await ledgerCount();
    // Notes need a generated invoice: rendered at once, as the job does.
    const inv = await generatedInvoice(ctx, testKey, { rif: company.rif });
    expect(inv.nroControl).toMatch(PR);
    const note = noteItem({
      rif: company.rif,
      nroFactura: inv.nroFactura,
      lines: [{ codigo: 'P-001', precio: 100, cantidad: 1, alicuota: 16 }],
    });
    const answer = await ingestNotes(ctx, testKey, [note]);
    expect(answer.DetalleErrorNotas, JSON.stringify(answer)).toEqual([]);
    const done = answer.DetalleNotasProcesadas[0][0];
    // One sandbox sequence with invoices, as the real one: the note takes the next 'PR' number.
    expect(done.nroControl).toBe(`PR-${String(Number(inv.nroControl.slice(3)) + 1).padStart(8, '0')}`);
    expect(await lotActual(ctx, company.id)).toBe(lot);
    expect(await ledgerCount()).toBe(ledger);
    // The same note number again in the sandbox is 'ya existe'.
    const again = await ingestNotes(ctx, testKey, [note]);
    expect(JSON.stringify(again.DetalleErrorNotas)).toContain('ya existe');

    const [stored] = await ctx().database.query<{ id: string }>(
      'select id::text as id from notas where id_localidad = $1 and nro_nota = $2 and sandbox',
      [company.id, note.nroNota],
    );
    await renderDocument(ctx().app.deps, 'nota', stored.id);
    expect(await storedPdfText('notas', stored.id)).toContain(SANDBOX_MARK);
    const pub = await ctx().request({ method: 'GET', url: `/v2/facturas/nota/getNotaId/${stored.id}` });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().nota).toMatchObject({ prueba: true, aviso: SANDBOX_MARK });

    // A real note cannot affect the test invoice: it is not found among real invoices.
    const realOnTest = await ingestNotes(ctx, await admin(), [
      noteItem({
        rif: company.rif,
        nroFactura: inv.nroFactura,
        lines: [{ codigo: 'P-001', precio: 100, cantidad: 1, alicuota: 16 }],
      }),
    ]);
    expect(JSON.stringify(realOnTest.DetalleErrorNotas)).toContain('no existe');

    // A real invoice and note afterwards take the next real numbers, with no gap.
    const real = await generatedInvoice(ctx, await admin(), { rif: company.rif });
    expect(real.nroControl).toBe(`00-${String(lot + 1).padStart(8, '0')}`);
    const realNote = await ingestNotes(ctx, await admin(), [
      noteItem({
        rif: company.rif,
        nroFactura: real.nroFactura,
        lines: [{ codigo: 'P-001', precio: 100, cantidad: 1, alicuota: 16 }],
      }),
    ]);
    expect(realNote.DetalleNotasProcesadas[0][0].nroControl).toBe(`00-${String(lot + 2).padStart(8, '0')}`);
    expect(await ledgerCount()).toBe(ledger + 2);

    // Not in the notes list.
    const list = await ctx().request({
      method: 'GET',
      url: `/v2/facturas/nota/querynotas?id_localidad=${company.id}&limit=100`,
      token: await admin(),
    });
    expect(list.statusCode, list.body.slice(0, 200)).toBe(200);
    expect(list.body).toContain(realNote.DetalleNotasProcesadas[0][0].nroNota);
    expect(list.body).not.toContain(stored.id);
  });

  it("a test order: 'PR-' number, ORDEN lot and ledger untouched, not listed, marked, verified as a test; the next real order has no gap", async () => {
    const lot = await lotOf('ORDEN');
    const ledger = await ledgerCount();
    const item = orderItem({ rif: company.rif });
    const answer = await ingestOrders(ctx, testKey, [item]);
    expect(answer.resultado.DetalleErrorOrdenes, JSON.stringify(answer)).toEqual([]);
    const done = answer.resultado.DetalleOrdenesProcesadas[0];
    expect(done.nroControl).toMatch(PR);
    expect(await lotOf('ORDEN')).toBe(lot);
    expect(await ledgerCount()).toBe(ledger);
    // Bad input with a test key: the Spanish refusal, nothing written.
    const rows = await countRows(ctx().database, 'ordenes', `id_localidad = '${company.id}'`);
    const bad = await ingestOrders(ctx, testKey, [{ ...item, nroOrden: 'X-1', motivo: undefined }]);
    expect(bad.resultado.DetalleErrorOrdenes).toHaveLength(1);
    expect(await countRows(ctx().database, 'ordenes', `id_localidad = '${company.id}'`)).toBe(rows);

    await renderDocument(ctx().app.deps, 'orden', done.id);
    expect(await storedPdfText('ordenes', done.id)).toContain(SANDBOX_MARK);
    const pub = await ctx().request({ method: 'GET', url: `/v2/ordenes/getOrdenId/${done.id}` });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().orden).toMatchObject({ prueba: true, aviso: SANDBOX_MARK });

    // The ERP may send the same number for real later; it takes the next real control number.
    const real = await ingestOrders(ctx, await admin(), [{ ...item }]);
    expect(real.resultado.DetalleOrdenesProcesadas[0].nroControl).toBe(
      `00-${String(lot + 1).padStart(8, '0')}`,
    );
    expect(await ledgerCount()).toBe(ledger + 1);
    const list = await ctx().request({
      method: 'GET',
      url: `/v2/ordenes/queryordenes?id_localidad=${company.id}&limit=100`,
      token: await admin(),
    });
    expect(list.statusCode, list.body.slice(0, 200)).toBe(200);
    expect(list.body).toContain(real.resultado.DetalleOrdenesProcesadas[0].id);
    expect(list.body).not.toContain(done.id);
  });

  it("a test IVA voucher: 'PR-' control number, RETENCION lot and ledger untouched, not listed, marked, verified as a test", async () => {
    const lot = await lotOf('RETENCION');
    const ledger = await ledgerCount();
    const res = await ctx().request({
      method: 'POST',
      url: `${RET}/createRetencionIvaMasiva`,
      token: testKey,
      payload: [ivaVoucher(company.rif)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json().DetalleretencionesProcesadas[0];
    expect(done.NroControlComprobante).toMatch(PR);
    // The voucher number keeps its real shape (year and month + 8 digits) from the sandbox sequence.
    expect(done.nroComprobante).toMatch(/^\d{14}$/);
    expect(await lotOf('RETENCION')).toBe(lot);
    expect(await ledgerCount()).toBe(ledger);

    await renderDocument(ctx().app.deps, 'ret', done.id);
    expect(await storedPdfText('retenciones', done.id)).toContain(SANDBOX_MARK);
    const pub = await ctx().request({ method: 'GET', url: `${RET}/getRetencionId/${done.id}` });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().data).toMatchObject({ prueba: true, aviso: SANDBOX_MARK });

    const real = await ctx().request({
      method: 'POST',
      url: `${RET}/createRetencionIvaMasiva`,
      token: await admin(),
      payload: [ivaVoucher(company.rif)],
    });
    expect(real.json().DetalleretencionesProcesadas[0].NroControlComprobante).toBe(
      `00-${String(lot + 1).padStart(8, '0')}`,
    );
    const list = await ctx().request({
      method: 'GET',
      url: `${RET}/getRetencionesIva?id_localidad=${company.id}&limit=100`,
      token: await admin(),
    });
    expect(list.statusCode, list.body.slice(0, 200)).toBe(200);
    expect(list.body).toContain(real.json().DetalleretencionesProcesadas[0].id);
    expect(list.body).not.toContain(done.id);
  });
});
