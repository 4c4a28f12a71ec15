// Integration tests of the notes back-office routes (spec 001 §2.3, §4.3, §5.5, §6, §7.2, §8.3):
// addnota from the screen (stored active, without PDF and without control number), generarnotas (the
// next control number of the invoice lot, then the signed PDF), anular, eliminar, querynotas and
// FiltrarNotas, the PDF and JSON routes and the public getNotaId; each with its happy path, bad input
// and a user of another company.
import { expect, it } from 'vitest';
import { countRows, describeWithApp } from './harness.ts';
import { lotActual, newCompany } from './support/invoices.ts';
import { generatedInvoice, NOTES, notesUser } from './support/notes.ts';

describeWithApp('notes back office', (ctx) => {
  const admin = () => ctx().adminToken();
  let seq = 0;
  const nro = () => `B${String(++seq).padStart(6, '0')}`;

  /** A company of its own with a generated invoice of 5 × 100.00 at 16 % and 2 × 50.00 exempt. */
  async function setting() {
    const company = await newCompany(ctx);
    const inv = await generatedInvoice(ctx, await admin(), {
      rif: company.rif,
      lines: [
        { precio: 100, cantidad: 5, alicuota: 16 },
        { precio: 50, cantidad: 2, exento: true },
      ],
    });
    return { company, inv, token: await notesUser(ctx, [company.id]) };
  }
  const addNota = (token: string, payload: Record<string, unknown>) =>
    ctx().request({ method: 'POST', url: `${NOTES}/addnota`, token, payload });
  const put = (token: string, path: string) =>
    ctx().request({ method: 'PUT', url: `${NOTES}/${path}`, token });
  const credit = (
    id_factura: string,
    lines: Array<Record<string, unknown>>,
    extra: Record<string, unknown> = {},
  ) => ({
    id_factura,
    nroNota: nro(),
    tipo: 'Credito',
    categoria: '0',
    fechaEmision: '2026-11-23',
    lstDetallesNota: lines,
    ...extra,
  });

  it('addnota: a credit note of part of a line is stored active, without PDF and without taking a control number', async () => {
    const { company, inv, token } = await setting();
    const lot = await lotActual(ctx, company.id);
    const res = await addNota(
      token,
      credit(
        inv.id,
        [
          { posicion: 1, isDevolucion: true, cantidadDevolucion: 2 },
          { posicion: 2, isDevolucion: false, cantidadDevolucion: 1 },
        ],
        { subTotal: '200.00', importeTotal: '232.00', concepto: '' },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Nota registrada con exito');
    expect(body.result).toMatchObject({
      tipo: 'Credito',
      categoria: '0',
      concepto: 'Reverso por devolución parcial',
      nroFactura: inv.nroFactura,
      nroControlFactura: inv.nroControl,
      nroControl: null,
      notaGenerada: 'false',
      subTotal: '200.00',
      totalIva: '32.00',
      importeTotal: '232.00',
      logEstatusRegistro: 'ACTIVO',
      origen: 'WEB',
    });
    expect(body.result.lstDetallesNota).toEqual([
      expect.objectContaining({
        codigoProducto: 'P-001',
        cantidad: '5.0000',
        cantidadDevolucion: '2.0000',
        importe: '200.00',
      }),
    ]);
    expect(await lotActual(ctx, company.id)).toBe(lot);
  });

  it('addnota: a debit note takes a new price per line and debits the difference', async () => {
    const { inv, token } = await setting();
    const res = await addNota(token, {
      id_factura: inv.id,
      nroNota: nro(),
      tipo: 'Debito',
      categoria: '1',
      lstDetallesNota: [{ posicion: 1, isDevolucion: true, precioDevolucion: '120' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({
      concepto: 'Aumento de precio durante la negociación',
      subTotal: '100.00',
      importeTotal: '116.00',
      lstDetallesNota: [
        expect.objectContaining({
          precio: '20.00000000',
          precioOriginal: '100.00000000',
          precioDevolucion: '120.00000000',
        }),
      ],
    });
  });

  it("addnota refuses bad input with the spec's messages and writes nothing", async () => {
    const { company, inv, token } = await setting();
    const before = await countRows(ctx().database, 'notas');
    const expectBad = async (payload: Record<string, unknown>, status: number, message: string | RegExp) => {
      const res = await addNota(token, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    };
    await expectBad(
      credit(inv.id, [{ posicion: 1, cantidadDevolucion: 0 }]),
      400,
      /^No hay productos selecionados paara la nota$/,
    );
    await expectBad(
      credit(inv.id, [{ posicion: 1, cantidadDevolucion: 6 }]),
      400,
      /^La cantidad no puede ser mayor a la cantidad de la factura/,
    );
    await expectBad(
      credit(inv.id, [{ posicion: 9, cantidadDevolucion: 1 }]),
      400,
      /la línea no existe en la factura/,
    );
    await expectBad(
      credit(inv.id, [{ posicion: 1, cantidadDevolucion: 1 }], { importeTotal: '116.02' }),
      400,
      'El campo importeTotal enviado (116.02) no coincide con el calculado (116.00)',
    );
    await expectBad({ ...credit(inv.id, []), tipo: 'Devolucion' }, 400, /tipo debe ser Credito o Debito/);
    await expectBad(
      { ...credit(inv.id, []), id_factura: 'x' },
      400,
      /id_factura no es un identificador válido/,
    );
    await expectBad(
      credit('00000000-0000-4000-8000-000000000000', [{ posicion: 1, cantidadDevolucion: 1 }]),
      404,
      'Factura no encontrada',
    );
    await expectBad(
      {
        id_factura: inv.id,
        nroNota: nro(),
        tipo: 'Debito',
        categoria: '0',
        lstDetallesNota: [{ posicion: 1, precioDevolucion: 90 }],
      },
      400,
      /debe ser mayor al de la factura/,
    );
    // A not generated invoice, then an annulled one.
    const { createInvoice, invoice } = await import('./support/invoices.ts');
    const raw = await createInvoice(ctx, await admin(), invoice({ rif: company.rif }));
    await expectBad(
      credit(raw.id, [{ posicion: 1, cantidadDevolucion: 1 }]),
      400,
      'La factura seleccionada esta ANULADA ó NO GENERADA',
    );
    const annul = await ctx().request({
      method: 'PUT',
      url: `/v2/facturas/anularfactura/${inv.id}`,
      token: await admin(),
    });
    expect(annul.statusCode).toBe(200);
    await expectBad(
      credit(inv.id, [{ posicion: 1, cantidadDevolucion: 1 }]),
      400,
      'La factura seleccionada esta ANULADA ó NO GENERADA',
    );
    expect(await countRows(ctx().database, 'notas')).toBe(before);
  });

  it('addnota: a duplicate number of the same type is "ya existe"; a user of another company gets 403', async () => {
    const { inv, token } = await setting();
    const first = credit(inv.id, [{ posicion: 1, cantidadDevolucion: 1 }]);
    expect((await addNota(token, first)).statusCode).toBe(200);
    const again = await addNota(token, { ...first });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(`La nota ${first.nroNota} ya existe`);
    const other = await setting();
    const foreign = await addNota(other.token, credit(inv.id, [{ posicion: 1, cantidadDevolucion: 1 }]));
    expect(foreign.statusCode).toBe(403);
    const viewer = await notesUser(ctx, [other.company.id], ['view']);
    expect(
      (await addNota(viewer, credit(other.inv.id, [{ posicion: 1, cantidadDevolucion: 1 }]))).statusCode,
    ).toBe(403);
  });

  it('generarnotas: the next control number of the invoice lot, the signed PDF, "Nota Generada con exito"; only once; 403 for another company', async () => {
    const { company, inv, token } = await setting();
    const created = (await addNota(token, credit(inv.id, [{ posicion: 1, cantidadDevolucion: 1 }]))).json()
      .result;
    const other = await setting();
    expect((await put(other.token, `generarnotas/${created.id}`)).statusCode).toBe(403);
    const res = await put(token, `generarnotas/${created.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      message: 'Nota Generada con exito',
      result: {
        id: created.id,
        nroNota: created.nroNota,
        logEstatusRegistro: 'ACTIVO',
        notaGenerada: 'true',
        nroControl: '00-00000002',
      },
    });
    expect(await lotActual(ctx, company.id)).toBe(2);
    const [ledger] = await ctx().database.query<{ tipo_doc: string; pdf_estado: string }>(
      'select tipo_doc, pdf_estado from control_numbers where id_documento = $1',
      [created.id],
    );
    expect(ledger).toEqual({ tipo_doc: 'nota', pdf_estado: 'GENERADA' });
    const twice = await put(token, `generarnotas/${created.id}`);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('La nota ya está generada');
    const bad = await put(token, 'generarnotas/no-es-un-id');
    expect(bad.statusCode).toBe(400);
  });

  it('eliminar only without PDF (the number is then free again); anular only once generated; both 403 for another company', async () => {
    const { inv, token } = await setting();
    const draft = credit(inv.id, [{ posicion: 1, cantidadDevolucion: 1 }]);
    const created = (await addNota(token, draft)).json().result;
    const other = await setting();
    expect((await put(other.token, `eliminar/${created.id}`)).statusCode).toBe(403);
    const notYet = await put(token, `anular/${created.id}`);
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().message).toBe('La nota aún no está generada');
    const deleted = await put(token, `eliminar/${created.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe('Nota Eliminada con exito');
    expect((await put(token, `eliminar/${created.id}`)).statusCode).toBe(404);
    const reused = (await addNota(token, draft)).json().result;
    expect(reused.nroNota).toBe(draft.nroNota);
    expect((await put(token, `generarnotas/${reused.id}`)).statusCode).toBe(200);
    const cannotDelete = await put(token, `eliminar/${reused.id}`);
    expect(cannotDelete.statusCode).toBe(400);
    expect(cannotDelete.json().message).toBe('La nota ya está generada: anúlela');
    expect((await put(other.token, `anular/${reused.id}`)).statusCode).toBe(403);
    const annulled = await put(token, `anular/${reused.id}`);
    expect(annulled.statusCode).toBe(200);
    expect(annulled.json()).toMatchObject({
      message: 'Nota Anula con exito',
      result: { logEstatusRegistro: 'INACTIVO' },
    });
    expect((await put(token, `anular/${reused.id}`)).json().message).toBe('La nota ya está anulada');
    expect((await put(token, `generarnotas/${reused.id}`)).json().message).toBe('La nota está anulada');
  });

  it('querynotas and FiltrarNotas: paged rows of the user\'s companies, filters, "Busqueda Ejecutada"; another company sees none', async () => {
    const { company, inv, token } = await setting();
    const a = (await addNota(token, credit(inv.id, [{ posicion: 1, cantidadDevolucion: 1 }]))).json().result;
    const b = (await addNota(token, credit(inv.id, [{ posicion: 2, cantidadDevolucion: 1 }]))).json().result;
    await put(token, `generarnotas/${b.id}`);
    const list = await ctx().request({ method: 'GET', url: `${NOTES}/querynotas?limit=10`, token });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ code: 200, page: 1, totalResults: 2, totalPages: 1 });
    const rows = list.json().results as Array<Record<string, string>>;
    expect(rows.map((r) => [r.nroNota, r.nroControl, r.notaGenerada, r.pdfEstado, r.estatus])).toEqual(
      expect.arrayContaining([
        [a.nroNota, 'No generada', 'false', null, 'Activa'],
        [b.nroNota, '00-00000002', 'true', 'GENERADA', 'Activa'],
      ]),
    );
    // Only a PDF left FALLIDA after the retries is queued again by hand.
    const retry = await put(token, `regenerarpdf/${b.id}`);
    expect(retry.statusCode).toBe(400);
    expect(rows[0]).toMatchObject({
      razonSocial: company.nombre,
      nroFactura: inv.nroFactura,
      tipo: 'Credito',
      cliente: 'V-12345678 / PEDRO PEREZ',
    });
    const filtered = await ctx().request({
      method: 'POST',
      url: `${NOTES}/FiltrarNotas`,
      token,
      payload: { nroNota: b.nroNota, id_sucursal: '', fechaInicio: '' },
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json()).toMatchObject({ message: 'Busqueda Ejecutada', totalResults: 1 });
    const badFilter = await ctx().request({
      method: 'POST',
      url: `${NOTES}/FiltrarNotas`,
      token,
      payload: { fechaInicio: '23/11/2026' },
    });
    expect(badFilter.statusCode).toBe(400);
    const other = await setting();
    const theirs = await ctx().request({
      method: 'GET',
      url: `${NOTES}/querynotas?id_localidad=${company.id}`,
      token: other.token,
    });
    expect(theirs.json().totalResults).toBe(0);
  });

  it('PDF, JSON (no PDF bytes) and getNotaId: the public projection without a token, the detail with one', async () => {
    const { inv, token } = await setting();
    const created = (await addNota(token, credit(inv.id, [{ posicion: 1, cantidadDevolucion: 1 }]))).json()
      .result;
    const early = await ctx().request({ method: 'GET', url: `${NOTES}/pdf/${created.id}`, token });
    expect(early.statusCode).toBe(400);
    await put(token, `generarnotas/${created.id}`);
    const pdf = await ctx().request({ method: 'GET', url: `${NOTES}/pdf/${created.id}`, token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const json = await ctx().request({ method: 'GET', url: `${NOTES}/json/${created.id}`, token });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toMatch(
      new RegExp(`filename="Nota_${created.nroNota}_\\d+\\.json"`),
    );
    expect(json.body).not.toMatch(/JVBER|notaCodificada/);
    expect(json.json()).toMatchObject({ id: created.id, notaGenerada: 'true', nroControl: '00-00000002' });
    const pub = await ctx().request({ method: 'GET', url: `${NOTES}/getNotaId/${created.id}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toEqual({
      code: 200,
      nota: {
        id: created.id,
        tipo: 'Credito',
        nroNota: created.nroNota,
        serie: '',
        nroControl: '00-00000002',
        nroFactura: inv.nroFactura,
        fechaEmision: expect.any(String),
        estatus: 'Activa',
        logEstatusRegistro: 'ACTIVO',
        // An active note names no annulment reason.
        motivoAnulacion: null,
        notaGenerada: 'true',
        checkedSumBase64: expect.any(String),
        cliente: { rif: 'V-12345678', identificacion: 'PEDRO PEREZ' },
      },
      localidaddetalle: { rif: expect.any(String), nombre: expect.any(String) },
    });
    expect(JSON.stringify(pub.json())).not.toMatch(/importe|correo|lstDetalles/);
    const withToken = await ctx().request({ method: 'GET', url: `${NOTES}/getNotaId/${created.id}`, token });
    expect(withToken.json().result).toMatchObject({ id: created.id, importeTotal: '116.00' });
    const other = await setting();
    const foreignPdf = await ctx().request({
      method: 'GET',
      url: `${NOTES}/pdf/${created.id}`,
      token: other.token,
    });
    expect(foreignPdf.statusCode).toBe(403);
    const foreignJson = await ctx().request({
      method: 'GET',
      url: `${NOTES}/json/${created.id}`,
      token: other.token,
    });
    expect(foreignJson.statusCode).toBe(403);
    const foreignDetail = await ctx().request({
      method: 'GET',
      url: `${NOTES}/getNotaId/${created.id}`,
      token: other.token,
    });
    expect(foreignDetail.json().result).toBeUndefined();
    const missing = await ctx().request({
      method: 'GET',
      url: `${NOTES}/getNotaId/00000000-0000-4000-8000-000000000000`,
    });
    expect(missing.statusCode).toBe(404);
  });
});
