// Download names built safely (RFC 6266 with filename*), and the public checksum
// verification refusing prototype names as tipoDocumento and forms with too many fields or parts.
import { expect, it } from 'vitest';
import { contentDisposition } from '../src/http/content-disposition.ts';
import { TOO_MANY_FIELDS, TOO_MANY_PARTS } from '../src/http/multipart.ts';
import { countRows, describeWithApp } from './harness.ts';
import {
  createInvoice,
  INGEST,
  invoice,
  type MultipartPart,
  multipart,
  verifyChecksum,
} from './support/invoices.ts';

const F = '/v2/facturas';
const PDF = Buffer.from('%PDF-1.4\n% no es una factura\n');

/** The exact name a browser takes from `filename*` (RFC 8187). */
function utf8Name(header: string): string {
  const match = /filename\*=UTF-8''([^;]+)$/.exec(header);
  if (!match) throw new Error(`no filename* in ${header}`);
  return decodeURIComponent(match[1]);
}

it('contentDisposition: filename* keeps accents in UTF-8, both forms lose CR/LF, quotes and slashes', () => {
  const header = contentDisposition('attachment', 'Factura_Ñú"1\r\n2/3\\4€.json');
  expect(header).not.toMatch(/[\r\n]/);
  expect(header).toBe(
    `attachment; filename="Factura_Nu_1 2_3_4_.json"; filename*=UTF-8''Factura_%C3%91%C3%BA_1%202_3_4%E2%82%AC.json`,
  );
  expect(utf8Name(header)).toBe('Factura_Ñú_1 2_3_4€.json');
  expect(contentDisposition('inline', "a'(b)*.pdf")).toBe(
    `inline; filename="a'(b)*.pdf"; filename*=UTF-8''a%27%28b%29%2A.pdf`,
  );
  expect(contentDisposition('inline', '\r\n')).toBe(
    `inline; filename="documento"; filename*=UTF-8''documento`,
  );
  expect(contentDisposition('inline', 'x\ud800y.pdf')).toBe(
    `inline; filename="xy.pdf"; filename*=UTF-8''xy.pdf`,
  );
});

describeWithApp('safe downloads and checksum form', (ctx) => {
  const verify = (parts: MultipartPart[]) => verifyChecksum(ctx, parts);

  it('an invoice number with a slash and accents downloads as JSON with a safe header', async () => {
    const token = await ctx().adminToken();
    const created = await createInvoice(ctx, token, invoice({ nroFactura: 'Ñ/7 8€' }));
    const res = await ctx().request({ method: 'GET', url: `${F}/json/${created.id}`, token });
    expect(res.statusCode, res.body).toBe(200);
    const header = String(res.headers['content-disposition']);
    expect(header).toMatch(/^attachment; filename="Factura_N_7 8__\d+\.json"; filename\*=UTF-8''/);
    expect(utf8Name(header)).toMatch(/^Factura_Ñ_7 8€_\d+\.json$/);
  });

  it('an invoice number with CR/LF or a quote is refused with the one document-number message', async () => {
    const token = await ctx().adminToken();
    for (const nroFactura of ['7\r\n8', 'F"1', "F'1"]) {
      const before = await countRows(ctx().database, 'facturas');
      const res = await ctx().request({
        method: 'POST',
        url: INGEST,
        token,
        payload: [invoice({ nroFactura })],
      });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer.totalFacturasNew, JSON.stringify(nroFactura)).toBe(0);
      expect(answer.DetalleErrorFacturas[0][0].Msg).toContain(
        'nroFactura no admite saltos de línea, comillas ni caracteres de control',
      );
      expect(await countRows(ctx().database, 'facturas')).toBe(before);
    }
  });

  it('isValidChecksum answers 400 to tipoDocumento __proto__, constructor and other prototype names', async () => {
    for (const tipo of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await verify([
        { name: 'tipoDocumento', value: tipo },
        { name: 'id', value: '00000000-0000-4000-8000-000000000000' },
        { name: 'checkSum', value: '' },
        { name: 'file', filename: 'f.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      expect(res.statusCode, `${tipo}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/^tipoDocumento no admitido: use fact, factura, nota\b/);
    }
  });

  it('isValidChecksum answers a Spanish 400 to too many form fields or parts', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ name: `campo${i}`, value: 'x' }));
    const fields = await verify([
      { name: 'tipoDocumento', value: 'fact' },
      ...many,
      { name: 'file', filename: 'f.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    expect(fields.statusCode, fields.body).toBe(400);
    expect(fields.json().message).toBe(TOO_MANY_FIELDS);
    const files = Array.from({ length: 40 }, (_, i) => ({
      name: `f${i}`,
      filename: `f${i}.pdf`,
      contentType: 'application/pdf',
      data: PDF,
    }));
    const parts = await verify([{ name: 'tipoDocumento', value: 'fact' }, ...files]);
    expect(parts.statusCode, parts.body).toBe(400);
    expect([TOO_MANY_PARTS, 'Envíe un solo archivo']).toContain(parts.json().message);
    const text = await verify([
      { name: 'tipoDocumento', value: 'fact\u0000' },
      { name: 'file', filename: 'f.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    expect(text.statusCode).toBe(400);
  });

  it('the certificate upload answers a Spanish 400 to too many form fields', async () => {
    const token = await ctx().adminToken();
    const [company] = await ctx().database.query<{ id: string }>(
      'select id::text as id from localidades limit 1',
    );
    const { body, contentType } = multipart(
      Array.from({ length: 40 }, (_, i) => ({ name: `c${i}`, value: 'x' })),
    );
    const res = await ctx().request({
      method: 'PUT',
      url: `/v2/mantenimiento/localidad/uploadcertificado/${company.id}`,
      token,
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(TOO_MANY_FIELDS);
  });
});
