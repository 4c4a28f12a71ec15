// Integration tests of the public verification of invoices (spec 002 §2.12, §3 "Verification data read",
// §5 "Verification upload", §7 "Public verification", §9): the public projection of
// GET /v2/facturas/getfacturacion/{id} without a token, and POST /v2/facturas/isValidChecksum with the
// stored PDF, an altered copy, other files and wrong fields. Neither call needs a token.
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { generateInvoicePdf } from '../src/modules/invoices/pdf-job.ts';
import { describeWithApp } from './harness.ts';
import {
  createInvoice,
  DEMO_RIF,
  invoice,
  type MultipartPart,
  nextNumber,
  verifyChecksum,
} from './support/invoices.ts';

const F = '/v2/facturas';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describeWithApp('invoices: public verification', (ctx) => {
  const admin = () => ctx().adminToken();
  const publicView = (id: string) => ctx().request({ method: 'GET', url: `${F}/getfacturacion/${id}` });
  const storedPdf = async (id: string) => {
    const [row] = await ctx().database.query<{ pdf: Uint8Array; sha: string }>(
      'select pdf, pdf_sha256 as sha from facturas where id = $1',
      [id],
    );
    return { pdf: Buffer.from(row.pdf), sha: row.sha };
  };
  const verify = (parts: MultipartPart[]) => verifyChecksum(ctx, parts);
  const fields = (id: string, checkSum: string, tipoDocumento = 'fact'): MultipartPart[] => [
    { name: 'tipoDocumento', value: tipoDocumento },
    { name: 'id', value: id },
    { name: 'checkSum', value: checkSum },
  ];
  const pdfPart = (
    data: Buffer,
    filename = 'factura.pdf',
    contentType = 'application/pdf',
  ): MultipartPart => ({
    name: 'file',
    filename,
    contentType,
    data,
  });

  /** A generated invoice of Demo Comercial with a recognisable line, client e-mail and amounts. */
  async function issued() {
    const nro = nextNumber('V');
    const inv = invoice({
      nroFactura: nro,
      codigoSucursal: '001',
      cliente: {
        tipoDocumento: 'E',
        numeroDocumento: '84123456',
        identificacion: 'María González',
        correo: 'maria.secreta@example.com',
        ccCorreo: 'copia.secreta@example.com',
        direccion: 'Urb. Privada, Caracas',
        telefonoMovil: '04245550003',
      },
      lines: [{ precio: 1234.5, cantidad: 2, alicuota: 16, descripcion: 'Servicio confidencial XYZ' }],
    });
    const created = await createInvoice(ctx, await admin(), inv);
    return { created, nro };
  }

  it('without a token: only the public projection (issuer, status, checksum, numbers, date, client), nothing private', async () => {
    const { created, nro } = await issued();
    const before = await publicView(created.id);
    expect(before.statusCode).toBe(200);
    expect(before.json().factura).toMatchObject({
      nroControl: null,
      checkedSumBase64: null,
      facturaGenerada: 'false',
    });

    await generateInvoicePdf(ctx().app.deps, created.id);
    const { sha } = await storedPdf(created.id);
    const res = await publicView(created.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      code: 200,
      factura: {
        id: created.id,
        nroFactura: nro,
        serie: '00',
        nroControl: created.NroControl,
        fechaEmision: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
        estatus: 'Activa',
        logEstatusRegistro: 'ACTIVO',
        // The reason of an annulment, public once it is annulled; none while active.
        motivoAnulacion: null,
        facturaGenerada: 'true',
        checkedSumBase64: Buffer.from(sha, 'hex').toString('base64'),
        cliente: { rif: 'E-84123456', identificacion: 'María González' },
      },
      localidaddetalle: { rif: DEMO_RIF, nombre: 'Demo Comercial, C.A.' },
    });
    const text = res.body;
    for (const secret of [
      'Servicio confidencial XYZ',
      'importeTotal',
      'subTotal',
      'montoGravamen',
      'lstDetallesFacturaGeneral',
      'lstPagos',
      '2469',
      '2864',
      '395.04',
      '@',
      'Urb. Privada',
      '04245550003',
      'pdf"',
      'facturaCodificada',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // Annulled: the status says so.
    expect(
      (await ctx().request({ method: 'PUT', url: `${F}/anularfactura/${created.id}`, token: await admin() }))
        .statusCode,
    ).toBe(200);
    expect((await publicView(created.id)).json().factura).toMatchObject({
      estatus: 'Anulada',
      logEstatusRegistro: 'INACTIVO',
    });
  });

  it('getfacturacion without a token: unknown id → 404, malformed id → 400, a bad token → 401', async () => {
    const unknown = await publicView(UNKNOWN);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 404, message: 'Documento no encontrado' });
    expect((await publicView('no-es-uuid')).statusCode).toBe(400);
    const { created } = await issued();
    const bad = await ctx().request({
      method: 'GET',
      url: `${F}/getfacturacion/${created.id}`,
      token: 'x.y.z',
    });
    expect(bad.statusCode).toBe(401);
  });

  it('isValidChecksum with the stored PDF → code 200; with one altered byte → code 400; no token needed', async () => {
    const { created } = await issued();
    await generateInvoicePdf(ctx().app.deps, created.id);
    const { pdf, sha } = await storedPdf(created.id);
    const checkSum = Buffer.from(sha, 'hex').toString('base64');
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(sha);

    const ok = await verify([...fields(created.id, checkSum), pdfPart(pdf)]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ code: 200, checkedSumBase64: checkSum });
    // The same with the checksum in hex, without one, and with the type in capitals.
    expect((await verify([...fields(created.id, sha), pdfPart(pdf)])).json().code).toBe(200);
    expect((await verify([...fields(created.id, ''), pdfPart(pdf)])).json().code).toBe(200);
    expect((await verify([...fields(created.id, checkSum, 'FACT'), pdfPart(pdf)])).json().code).toBe(200);
    // Sent as application/octet-stream (some browsers do): still a PDF by its bytes.
    expect(
      (
        await verify([...fields(created.id, checkSum), pdfPart(pdf, 'f.pdf', 'application/octet-stream')])
      ).json().code,
    ).toBe(200);

    for (const at of [pdf.length >> 1, pdf.length - 2]) {
      const altered = Buffer.from(pdf);
      altered[at] ^= 0x01;
      const res = await verify([...fields(created.id, checkSum), pdfPart(altered)]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 400, checkedSumBase64: checkSum });
    }
    // The right file with another invoice's checksum claimed: not verified either.
    const wrongClaim = createHash('sha256').update('otra').digest('base64');
    expect((await verify([...fields(created.id, wrongClaim), pdfPart(pdf)])).json().code).toBe(400);
    // The right file checked against another invoice.
    const other = await issued();
    await generateInvoicePdf(ctx().app.deps, other.created.id);
    expect((await verify([...fields(other.created.id, ''), pdfPart(pdf)])).json().code).toBe(400);
    // An annulled invoice keeps its bytes: its PDF still verifies.
    expect(
      (await ctx().request({ method: 'PUT', url: `${F}/anularfactura/${created.id}`, token: await admin() }))
        .statusCode,
    ).toBe(200);
    expect((await verify([...fields(created.id, checkSum), pdfPart(pdf)])).json().code).toBe(200);
  });

  it('isValidChecksum refuses a non-PDF, a file over 10,000,000 bytes, an unknown tipoDocumento or id, and a missing file', async () => {
    const { created } = await issued();
    await generateInvoicePdf(ctx().app.deps, created.id);
    const { pdf, sha } = await storedPdf(created.id);
    const checkSum = Buffer.from(sha, 'hex').toString('base64');

    const text = await verify([
      ...fields(created.id, checkSum),
      pdfPart(Buffer.from('hola, no soy un PDF'), 'nota.txt', 'text/plain'),
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Solo se admiten archivos PDF');
    const disguised = await verify([
      ...fields(created.id, checkSum),
      pdfPart(Buffer.from('MZ\x90\x00 ejecutable'), 'f.pdf'),
    ]);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json().message).toBe('Solo se admiten archivos PDF');
    const image = await verify([...fields(created.id, checkSum), pdfPart(pdf, 'f.png', 'image/png')]);
    expect(image.statusCode).toBe(400);
    expect(image.json().message).toBe('Solo se admiten archivos PDF');

    // Exactly 10,000,000 bytes is allowed (and is not the invoice); one byte more is refused.
    const limit = Buffer.alloc(10_000_000, 0x20);
    pdf.copy(limit, 0, 0, 64);
    const atLimit = await verify([...fields(created.id, checkSum), pdfPart(limit)]);
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect(atLimit.json().code).toBe(400);
    const over = Buffer.alloc(10_000_001, 0x20);
    pdf.copy(over, 0, 0, 64);
    const tooLarge = await verify([...fields(created.id, checkSum), pdfPart(over)]);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().message).toBe('El archivo supera los 10000000 bytes permitidos');

    const type = await verify([...fields(created.id, checkSum, 'factura-x'), pdfPart(pdf)]);
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toMatch(/^tipoDocumento no admitido: use fact, factura, nota\b/);
    const noType = await verify([
      { name: 'id', value: created.id },
      { name: 'checkSum', value: checkSum },
      pdfPart(pdf),
    ]);
    expect(noType.statusCode).toBe(400);

    const unknown = await verify([...fields(UNKNOWN, checkSum), pdfPart(pdf)]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 404, message: 'Documento no encontrado' });
    const badId = await verify([...fields('no-es-uuid', checkSum), pdfPart(pdf)]);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('Identificador de documento no válido');
    // An invoice without its PDF yet has nothing to compare with.
    const pending = await issued();
    expect((await verify([...fields(pending.created.id, ''), pdfPart(pdf)])).statusCode).toBe(404);

    const noFile = await verify(fields(created.id, checkSum));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Seleccione el documento PDF a validar');
    const twoFiles = await verify([...fields(created.id, checkSum), pdfPart(pdf), pdfPart(pdf, 'otra.pdf')]);
    expect(twoFiles.statusCode).toBe(400);
    const json = await ctx().request({
      method: 'POST',
      url: `${F}/isValidChecksum`,
      payload: { id: created.id, tipoDocumento: 'fact', checkSum },
    });
    expect(json.statusCode).toBe(400);
  });
});
