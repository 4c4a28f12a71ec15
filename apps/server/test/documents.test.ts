import { execFile, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate, formatMoney, formatTime, observationLines, pdfText } from '../src/documents/format.ts';
import {
  generateSelfSignedP12,
  loadProviderCertificate,
  openSigningKey,
  renderPdf,
  renderSignedDocument,
  sha256Base64,
  sha256Hex,
  signPdf,
} from '../src/documents/index.ts';
import type { FiscalDocument } from '../src/documents/model.ts';
import { KeyStoreError } from '../src/documents/pkcs12.ts';
import { sampleInvoice } from '../src/documents/sample.ts';
import { signWithLibrary } from '../src/documents/sign.ts';
import { prepareSignatureUpdate } from '../src/documents/signature-update.ts';
import { useLatin1Writes } from '../src/documents/typesetting/latin1-writes.ts';
import { useOneLineShortcut } from '../src/documents/typesetting/typesetter.ts';
import { pdfLayoutText, pdfSignatures, pdfToText } from './support/pdf-text.ts';

const run = promisify(execFile);

let dir: string;
let counter = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sigece-documents-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function tempFile(data: Buffer, ext = 'pdf'): Promise<string> {
  const file = join(dir, `f${++counter}.${ext}`);
  await writeFile(file, data);
  return file;
}

/** Renders one page to grey pixels (pdftoppm) and reads the QR code on it (jsQR). */
async function readQr(pdf: Buffer, page: number): Promise<string | undefined> {
  const file = await tempFile(pdf);
  const out = join(dir, `qr${++counter}`);
  await run('pdftoppm', [
    '-gray',
    '-r',
    '150',
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    file,
    out,
  ]);
  const pgm = await readFile(`${out}.pgm`);
  // P5 header: "P5\n<width> <height>\n<max>\n" then one byte per pixel.
  const header = pgm.subarray(0, 64).toString('latin1');
  const match = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(header);
  if (!match) throw new Error('unexpected pdftoppm output');
  const width = Number(match[1]);
  const height = Number(match[2]);
  const pixels = pgm.subarray(match[0].length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = pixels[i];
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, width, height)?.data;
}

/** A real JPEG logo, made by poppler from a small rendered page. */
async function makeLogo(): Promise<Buffer> {
  const page = await renderPdf(sampleInvoice({ lines: 1 }));
  const out = join(dir, `logo${++counter}`);
  await run('pdftoppm', ['-jpeg', '-r', '12', '-singlefile', await tempFile(page), out]);
  return readFile(`${out}.jpg`);
}

const PASSWORD = 'clave de prueba';
let testP12: Buffer;
let twoPageInvoice: FiscalDocument;
let twoPagePdf: Buffer;

beforeAll(async () => {
  testP12 = generateSelfSignedP12({
    commonName: 'Firma de Prueba',
    organization: 'Pruebas',
    country: 'VE',
    password: PASSWORD,
  });
  twoPageInvoice = sampleInvoice({ lines: 30, watermark: 'COPIA', logoJpeg: await makeLogo() });
  twoPagePdf = await renderPdf(twoPageInvoice);
});

describe('documents: display formats', () => {
  it('formats amounts, dates, times and observation lines the Venezuelan way', () => {
    expect(formatMoney('1234567.891')).toBe('1.234.567,89');
    expect(formatMoney('-0.005')).toBe('-0,01');
    expect(formatMoney('0.12345678', 8)).toBe('0,12345678');
    // 02:00 UTC on 1 January is still 31 December in Caracas (UTC-4).
    expect(formatDate(new Date('2026-01-01T02:00:00Z'))).toBe('31/12/2025');
    expect(formatDate('2027-08-31')).toBe('31/08/2027');
    expect(formatTime(new Date('2026-01-01T02:05:00Z'))).toBe('10:05 PM');
    expect(formatTime(new Date('2026-01-01T13:30:00Z'))).toBe('09:30 AM');
    expect(observationLines('Primera línea/nSegunda línea')).toEqual(['Primera línea', 'Segunda línea']);
    expect(pdfText('Año → 2026 ✓ ñ°')).toBe('Año ? 2026 ? ñ°');
  });
});

describe('documents: layout', () => {
  it('prints every block an auditor looks for, over two pages with page numbers', async () => {
    const text = await pdfLayoutText(twoPagePdf);
    const doc = twoPageInvoice;
    for (const expected of [
      'FACTURA',
      'N° de Control',
      '00-00000123',
      'Serie: A',
      'Fecha de emisión: 21/11/2026',
      'Hora de emisión: 03:45 PM',
      doc.issuer.rif,
      'Distribuidora El Ávila, C.A.',
      'Torre Ñandú',
      doc.customer.nombre,
      doc.customer.rif,
      '(243) 2345678',
      'Orden de compra',
      'OC-2026-0457',
      '(E)',
      'Lote: L-2026-0003',
      'Vence: 31/08/2027',
      'Tasa de cambio BCV: 1 USD = 237,7529 Bs.',
      formatMoney(doc.amountsInBs!.total),
      formatMoney(doc.amountsInBs!.taxes[0].monto),
      `IVA 16% sobre ${formatMoney(doc.totals.taxes[0].base)}`,
      `IGTF 3% sobre ${formatMoney(doc.igtf!.base)}`,
      'SNAT/2022/000013',
      'TOTAL A PAGAR',
      'EFECTIVO',
      'Providencia N° SENIAT/INTI/2024/000123 de fecha 15/03/2024',
      'desde el N° 00-00000001 hasta el N° 00-00100000',
      'fecha de asignación 10/01/2026',
      'Sigece Imprenta Digital'.toLowerCase(),
      'Verifique este documento en',
      doc.verificationUrl,
      'Página 1 de 2',
      'Página 2 de 2',
    ]) {
      expect(text.toLowerCase(), expected).toContain(expected.toLowerCase());
    }
    expect(text).not.toContain('Página 3');
    // The observation's "/n" is a line break: each part on a line of its own, no "/n" left.
    const lines = text.split('\n');
    const first = lines.findIndex((l) => l.includes('Entrega en el almacén principal.'));
    const second = lines.findIndex((l) => l.includes('Horario de recepción: 8:00 a 12:00.'));
    expect(first).toBeGreaterThanOrEqual(0);
    expect(second).toBeGreaterThan(first);
    expect(text).not.toContain('/n');
    // The table header is repeated on the second page.
    const pages = text.split('\f');
    expect(pages[1]).toContain('Descripción');
    expect(pages[1]).toContain('(continuación)');
  });

  it('draws a QR code that reads back as the verification address', async () => {
    expect(await readQr(twoPagePdf, 2)).toBe(twoPageInvoice.verificationUrl);
  });

  it('uses only the standard fonts and embeds the logo', async () => {
    const file = await tempFile(twoPagePdf);
    const { stdout: fonts } = await run('pdffonts', [file]);
    expect(fonts).toContain('Helvetica');
    expect(fonts).not.toMatch(/\byes\b.*\byes\b/); // nothing embedded
    const { stdout: images } = await run('pdfimages', ['-list', file]);
    expect(images).toMatch(/\bjpeg\b/);
  });

  it('prints an annulled service invoice in Bs. with the service block and the ANULADA overlay', async () => {
    const doc: FiscalDocument = {
      ...sampleInvoice({ lines: 3, currency: 'VEF', annulled: true }),
      service: {
        nroContrato: 'CTR-7781',
        pagueAntes: '2026-12-05',
        periodoFacturacion: 'Noviembre 2026',
        direccionServicio: 'Urb. La Castellana, Caracas',
      },
    };
    const pdf = await renderPdf(doc);
    const text = await pdfLayoutText(pdf);
    for (const expected of [
      'DOCUMENTO ANULADO',
      'DATOS DEL SERVICIO',
      'CTR-7781',
      'Pague antes de:',
      '05/12/2026',
      'Noviembre 2026',
      'Urb. La Castellana',
      'Efectivo: 17,18 Bs.',
      'Página 1 de 1',
    ]) {
      expect(text).toContain(expected);
    }
    // The diagonal overlay: in content order it is one word.
    expect(await pdfToText(pdf)).toMatch(/^ANULADA$/m);
    expect(text).not.toContain('Tasa de cambio');
    expect(text).not.toContain('SNAT/2022/000013'); // no footnote for a Bs. invoice
  });

  it('draws one-line texts without the line wrapper into the very same bytes', async () => {
    const long = 'Descripción larga que no cabe en una sola línea de la columna y se parte en varias';
    const docs: FiscalDocument[] = [
      twoPageInvoice,
      sampleInvoice({ lines: 1 }),
      sampleInvoice({ lines: 7, currency: 'VEF', annulled: true }),
      {
        ...sampleInvoice({ lines: 2 }),
        // Kerning between words (AV, Te, Yo), a right-aligned title, long and broken words.
        customer: { ...sampleInvoice().customer, nombre: `AV. Te Yo Wa ${long} ${'X'.repeat(90)}` },
        observacion: `Línea uno\ncon salto\nPalabra\u00adpartida ${long}`,
        extras: [{ label: 'Orden de compra', value: 'OC-2026 Te AV' }],
      },
    ];
    // pdfkit's text() is where the wrapper starts: the shortcut must really take most texts past it.
    const text = vi.spyOn(PDFDocument.prototype, 'text');
    // Calls with a width go through the wrapper; one-line drawing (`line`) passes none.
    const wrapperCalls = () =>
      text.mock.calls.filter((c) => (c[3] as { width?: number } | undefined)?.width !== undefined).length;
    try {
      for (const doc of docs) {
        useOneLineShortcut(false);
        text.mockClear();
        const wrapped = await renderPdf(doc);
        const wrappedCalls = wrapperCalls();
        useOneLineShortcut(true);
        text.mockClear();
        const direct = await renderPdf(doc);
        expect(wrapperCalls()).toBeLessThan(wrappedCalls / 2);
        expect(direct.equals(wrapped)).toBe(true);
      }
    } finally {
      useOneLineShortcut(true);
      text.mockRestore();
    }
  });
  it('encodes the page operators and the file lines natively into the very same bytes', async () => {
    const docs: FiscalDocument[] = [
      twoPageInvoice,
      sampleInvoice({ lines: 7, currency: 'VEF', annulled: true }),
      {
        ...sampleInvoice({ lines: 2 }),
        // Characters outside latin1 keep their low byte, as pdfkit's own conversion does.
        observacion: 'Precio en € — “comillas” y ñandú ©',
        watermark: 'ANULADA',
      },
    ];
    try {
      for (const doc of docs) {
        useLatin1Writes(false);
        const own = await renderPdf(doc);
        useLatin1Writes(true);
        const native = await renderPdf(doc);
        expect(native.length).toBe(own.length);
        expect(native.equals(own)).toBe(true);
      }
    } finally {
      useLatin1Writes(true);
    }
  });
});

describe('documents: signature', () => {
  it('signs with an embedded adbe.pkcs7.detached signature that pdfsig validates', async () => {
    const signed = await signPdf(twoPagePdf, {
      p12: testP12,
      password: PASSWORD,
      reason: 'Emisión de factura',
      location: 'Caracas',
    });
    const report = await pdfSignatures(signed);
    console.log(report.split('\n').find((l) => l.includes('Signature Validation')));
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('adbe.pkcs7.detached');
    expect(report).toContain('Firma de Prueba');
    expect(report).toContain('Total document signed');
    // The signature is an incremental update: the rendered bytes are still the start of the file.
    expect(
      signed.subarray(0, twoPagePdf.length - 1).equals(twoPagePdf.subarray(0, twoPagePdf.length - 1)),
    ).toBe(true);
    expect(await pdfLayoutText(signed)).toContain('Página 2 de 2');
  });

  it('reports the signature invalid when one signed byte changes', async () => {
    const signed = await signPdf(twoPagePdf, { p12: testP12, password: PASSWORD });
    const tampered = Buffer.from(signed);
    // The Producer string of the Info dictionary, which the first byte range covers: the document
    // stays readable, only its bytes differ.
    const at = tampered.indexOf('(sigece)') + 1;
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(tampered.indexOf('/ByteRange'));
    tampered[at] = 'S'.charCodeAt(0);
    const report = await pdfSignatures(tampered);
    expect(report).not.toContain('Signature is Valid');
    expect(report).toMatch(/Signature is Invalid|Digest Mismatch|not valid/i);
  });

  it('rejects a wrong key-store password with a Spanish message', async () => {
    await expect(signPdf(twoPagePdf, { p12: testP12, password: 'otra' })).rejects.toBeInstanceOf(
      KeyStoreError,
    );
    await expect(signPdf(twoPagePdf, { p12: testP12, password: 'otra' })).rejects.toThrow(
      'La contraseña del certificado no es correcta',
    );
  });

  it('renders, signs and checksums in one call', async () => {
    const doc = sampleInvoice({ lines: 5 });
    await renderSignedDocument(doc, { p12: testP12, password: PASSWORD }); // warm-up
    const started = performance.now();
    const rounds = 20;
    let last: Awaited<ReturnType<typeof renderSignedDocument>> | undefined;
    for (let i = 0; i < rounds; i++)
      last = await renderSignedDocument(doc, { p12: testP12, password: PASSWORD });
    console.log(
      `render + sign of a 5-line invoice: ${((performance.now() - started) / rounds).toFixed(1)} ms (mean of ${rounds})`,
    );
    const result = last!;
    expect(result.sha256).toBe(sha256Hex(result.pdf));
    expect(result.checksumBase64).toBe(sha256Base64(result.pdf));
    expect(Buffer.from(result.checksumBase64, 'base64').toString('hex')).toBe(result.sha256);
    expect(await pdfSignatures(result.pdf)).toContain('Signature is Valid');
  });

  it("writes the incremental update byte for byte as @signpdf's placeholder and filler do", async () => {
    const key = openSigningKey(testP12, PASSWORD);
    const signingTime = new Date('2026-11-26T10:00:00Z');
    for (const pdf of [twoPagePdf, await renderPdf(sampleInvoice({ lines: 1 }))]) {
      const fields = {
        reason: 'Emision (de) factura \\ prueba',
        contactInfo: 'soporte',
        name: key.commonName,
        location: 'Caracas',
        signingTime,
        signatureLength: key.chain.reduce((a, c) => a + c.length, 0) + 2048,
        subFilter: 'adbe.pkcs7.detached',
        appName: 'sigece',
      };
      expect(prepareSignatureUpdate(pdf, fields)).not.toBeNull();
      const direct = await signPdf(pdf, { p12: testP12, password: PASSWORD, ...fields });
      const library = await signWithLibrary(pdf, key, fields);
      // RSA PKCS#1 v1.5 is deterministic: the same bytes signed give the same file.
      expect(direct.equals(library)).toBe(true);
      expect(await pdfSignatures(direct)).toContain('Signature is Valid');
    }
  });

  it('writes a non-ASCII reason as UTF-16BE with its byte-order mark', async () => {
    const signed = await signPdf(twoPagePdf, { p12: testP12, password: PASSWORD, reason: 'Emisión' });
    const utf16 = Buffer.from('\ufeffEmisión', 'utf16le').swap16();
    expect(
      signed.indexOf(Buffer.concat([Buffer.from('/Reason ('), utf16, Buffer.from(')')])),
    ).toBeGreaterThan(twoPagePdf.length - 10);
    expect(await pdfSignatures(signed)).toContain('Signature is Valid');
  });

  it("leaves a PDF it does not read (an earlier update, an AcroForm) to @signpdf's placeholder", async () => {
    const signed = await signPdf(twoPagePdf, { p12: testP12, password: PASSWORD });
    const fields = {
      reason: 'r',
      contactInfo: '',
      name: 'n',
      location: 'l',
      signingTime: new Date(),
      signatureLength: 4096,
      subFilter: 'adbe.pkcs7.detached',
      appName: 'sigece',
    };
    expect(prepareSignatureUpdate(signed, fields)).toBeNull();
    expect(prepareSignatureUpdate(Buffer.from('%PDF-1.3\nno trailer\n%%EOF'), fields)).toBeNull();
  });
});

describe('documents: provider certificate', () => {
  it('takes over the generation lock of a server killed while generating, without waiting for it to age', async () => {
    const dataDir = join(dir, 'data-provider-killed');
    // A process that has ended, as a server killed with SIGKILL between taking the lock and writing the files.
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = gone.pid;
    await new Promise((resolve) => gone.on('exit', resolve));
    await mkdir(join(dataDir, 'provider.p12.lock'), { recursive: true });
    await writeFile(join(dataDir, 'provider.p12.lock', 'owner'), `${hostname()} ${pid}\n`);
    // Before the owner was recorded this waited a minute for the lock to age: past this test's time limit.
    const loaded = await loadProviderCertificate({ dataDir });
    expect((await readFile(join(dataDir, 'provider.p12'))).equals(loaded.p12)).toBe(true);
    await expect(stat(join(dataDir, 'provider.p12.lock'))).rejects.toThrow();
  }, 30_000);

  it('waits for a lock whose owner still runs', async () => {
    const dataDir = join(dir, 'data-provider-held');
    await mkdir(join(dataDir, 'provider.p12.lock'), { recursive: true });
    await writeFile(join(dataDir, 'provider.p12.lock', 'owner'), `${hostname()} ${process.pid}\n`);
    const loading = loadProviderCertificate({ dataDir });
    let settled = false;
    void loading.then(() => {
      settled = true;
    });
    // The holder is alive: nothing is generated behind its back.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(settled).toBe(false);
    await expect(stat(join(dataDir, 'provider.p12'))).rejects.toThrow();
    await rm(join(dataDir, 'provider.p12.lock'), { recursive: true });
    await loading;
    expect(settled).toBe(true);
  }, 30_000);

  it('generates the demo certificate once and returns the same one afterwards', async () => {
    const dataDir = join(dir, 'data-provider');
    const [first, concurrent] = await Promise.all([
      loadProviderCertificate({ dataDir }),
      loadProviderCertificate({ dataDir }),
    ]);
    expect(concurrent.p12.equals(first.p12)).toBe(true);
    const again = await loadProviderCertificate({ dataDir });
    expect(again.p12.equals(first.p12)).toBe(true);
    expect(again.password).toBe(first.password);
    expect(first.subject).toBe('CN=sigece Imprenta Digital (demo), O=sigece, C=VE');
    expect((await readFile(join(dataDir, 'provider.p12'))).equals(first.p12)).toBe(true);
    expect((await readFile(join(dataDir, 'provider.p12.pass'), 'utf8')).trim()).toBe(first.password);
    expect((await stat(join(dataDir, 'provider.p12.pass'))).mode & 0o777).toBe(0o600);
    const cert = new X509Certificate(openSigningKey(first.p12, first.password).certificate);
    const years = (Date.parse(cert.validTo) - Date.parse(cert.validFrom)) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(4.99);
    expect(years).toBeLessThan(5.01);
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const signed = await signPdf(await renderPdf(sampleInvoice({ lines: 2 })), first);
    expect(await pdfSignatures(signed)).toContain('Signature is Valid');
  });

  it('uses PROVIDER_P12 and its password when given', async () => {
    const path = await tempFile(testP12, 'p12');
    const dataDir = join(dir, 'data-unused');
    const loaded = await loadProviderCertificate({
      providerP12Path: path,
      providerP12Password: PASSWORD,
      dataDir,
    });
    expect(loaded.p12.equals(testP12)).toBe(true);
    expect(loaded.subject).toBe('CN=Firma de Prueba, O=Pruebas, C=VE');
    await expect(stat(join(dataDir, 'provider.p12'))).rejects.toThrow();
    await expect(
      loadProviderCertificate({ providerP12Path: path, providerP12Password: 'mala', dataDir }),
    ).rejects.toBeInstanceOf(KeyStoreError);
  });
});

describe('documents: checksums', () => {
  it('computes SHA-256 in hex and base64', () => {
    const abc = Buffer.from('abc');
    expect(sha256Hex(abc)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Base64(abc)).toBe('ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=');
  });
});
