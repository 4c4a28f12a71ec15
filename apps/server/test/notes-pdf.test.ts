// Integration tests of the note's document (spec 001 §3.8, spec 002 §7): the
// signed PDF rendered by the kernel's job after masivanotas and by generarnotas, read back with poppler
// (title, numbers, affected invoice, category and concept, Bs. equivalents; pdfsig valid), its SHA-256,
// public verification with tipoDocumento nota (the stored PDF and an altered copy), and the e-mail to
// the client through a real SMTP server on loopback.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { describeWithApp } from './harness.ts';
import { type MultipartPart, newCompany, sendByEmail, verifyChecksum, waitFor } from './support/invoices.ts';
import { generatedInvoice, ingestNotes, NOTES, noteId, noteItem, notesUser } from './support/notes.ts';
import { pdfLayoutText, pdfSignatures } from './support/pdf-text.ts';
import { smtpReceiver } from './support/smtp-receiver.ts';

describe('notes: signed PDF, verification and e-mail', () => {
  const smtp = smtpReceiver();
  const received = smtp.received;
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  describeWithApp(
    'note documents',
    (ctx) => {
      const admin = () => ctx().adminToken();
      /** Polls until the note's PDF is stored; returns the bytes served by the PDF route. */
      async function generated(id: string, token: string): Promise<Buffer> {
        await waitFor(`the PDF of note ${id}`, async () => {
          const [row] = await ctx().database.query<{ done: boolean }>(
            'select pdf is not null as done from notas where id = $1',
            [id],
          );
          return row?.done ? true : undefined;
        });
        const res = await ctx().request({ method: 'GET', url: `${NOTES}/pdf/${id}`, token });
        expect(res.statusCode).toBe(200);
        return res.rawPayload;
      }
      const verify = (parts: MultipartPart[]) => verifyChecksum(ctx, parts);
      const verifyParts = (id: string, pdf: Buffer, tipoDocumento = 'nota'): MultipartPart[] => [
        { name: 'tipoDocumento', value: tipoDocumento },
        { name: 'id', value: id },
        { name: 'checkSum', value: '' },
        { name: 'file', filename: 'nota.pdf', contentType: 'application/pdf', data: pdf },
      ];

      it('a credit note of the API is rendered by the job: title, numbers, affected invoice, category, concept; pdfsig valid; SHA-256 stored; verified publicly', async () => {
        const company = await newCompany(ctx, { nombre: `Notas PDF ${ctx().driver}, C.A.` });
        const inv = await generatedInvoice(ctx, await admin(), { rif: company.rif });
        const item = noteItem({
          rif: company.rif,
          nroFactura: inv.nroFactura,
          categoria: '0',
          lines: [
            { codigo: 'P-001', precio: 100, cantidad: 2, alicuota: 16, descripcion: 'Mercancía devuelta' },
          ],
        });
        const answer = await ingestNotes(ctx, await admin(), [item]);
        expect(answer.DetalleNotasProcesadas[0][0].nroControl).toBe('00-00000002');
        const id = await noteId(ctx, company.id, String(item.nroNota));
        const token = await notesUser(ctx, [company.id]);
        const pdf = await generated(id, token);
        const text = await pdfLayoutText(pdf);
        expect(text).toContain('NOTA DE CRÉDITO');
        expect(text).toContain(String(item.nroNota));
        expect(text).toContain('00-00000002');
        expect(text).toContain('Factura afectada');
        expect(text).toContain(inv.nroFactura);
        expect(text).toContain(inv.nroControl);
        expect(text).toContain('Devolución de mercancía');
        expect(text).toContain('Reverso por devolución parcial');
        expect(text).toContain('Mercancía devuelta');
        expect(text).toContain('232,00');
        expect(text).toContain(company.rif);
        expect(await pdfSignatures(pdf)).toContain('Signature is Valid');
        const [row] = await ctx().database.query<{ sha: string }>(
          'select pdf_sha256 as sha from notas where id = $1',
          [id],
        );
        expect(row.sha).toBe(createHash('sha256').update(pdf).digest('hex'));

        const ok = await verify(verifyParts(id, pdf));
        expect(ok.json()).toMatchObject({ code: 200 });
        const altered = Buffer.from(pdf);
        altered[Math.floor(altered.length / 2)] ^= 0x01;
        const bad = await verify(verifyParts(id, altered));
        expect(bad.json()).toMatchObject({ code: 400 });
        // The note's id under the invoices' type finds nothing.
        expect((await verify(verifyParts(id, pdf, 'fact'))).statusCode).toBe(404);
      });

      it('a debit note of a USD invoice, generated from the screen: NOTA DE DÉBITO with its Bs. equivalents at the invoice rate', async () => {
        const company = await newCompany(ctx);
        const inv = await generatedInvoice(ctx, await admin(), {
          rif: company.rif,
          lines: [{ precio: 10, cantidad: 2, alicuota: 16 }],
          extra: { facturaDivisa: 'USD', cambioDivisa: 40 },
        });
        const token = await notesUser(ctx, [company.id]);
        const created = await ctx().request({
          method: 'POST',
          url: `${NOTES}/addnota`,
          token,
          payload: {
            id_factura: inv.id,
            nroNota: 'D0000001',
            tipo: 'Debito',
            categoria: '2',
            lstDetallesNota: [{ posicion: 1, precioDevolucion: 12.5 }],
          },
        });
        expect(created.statusCode, created.body).toBe(200);
        const note = created.json().result;
        expect(note).toMatchObject({
          facturaDivisa: 'USD',
          tasaCambio: '40.00000000',
          importeTotal: '5.80',
          importeTotalBs: '232.00',
        });
        const gen = await ctx().request({ method: 'PUT', url: `${NOTES}/generarnotas/${note.id}`, token });
        expect(gen.statusCode, gen.body).toBe(200);
        const pdf = await generated(note.id, token);
        const text = await pdfLayoutText(pdf);
        expect(text).toContain('NOTA DE DÉBITO');
        expect(text).toContain('D0000001');
        expect(text).toContain('Venta facturada en moneda');
        expect(text).toContain('232,00');
        expect(await pdfSignatures(pdf)).toContain('Signature is Valid');
      });

      it('e-mails the signed note to the client when the company sends by e-mail (logged as NOTA)', async () => {
        const company = await newCompany(ctx);
        await sendByEmail(ctx, company.id);
        const to = `nota-${ctx().driver}-${Date.now()}@example.com`;
        const inv = await generatedInvoice(ctx, await admin(), { rif: company.rif, cliente: { correo: to } });
        const item = noteItem({
          rif: company.rif,
          nroFactura: inv.nroFactura,
          lines: [{ codigo: 'P-001', precio: 100, cantidad: 1 }],
        });
        await ingestNotes(ctx, await admin(), [item]);
        const nroNota = String(item.nroNota);
        const log = await waitFor(`the e-mail of note ${nroNota}`, async () => {
          const rows = await ctx().database.query<{ tipo_doc: string; status_code: string }>(
            `select tipo_doc, status_code from mail_messages where nro_doc = $1 and id_localidad = $2`,
            [nroNota, company.id],
          );
          return rows.length > 0 ? rows : undefined;
        });
        expect(log).toEqual([{ tipo_doc: 'NOTA', status_code: '250' }]);
        const message = received.find((m) => m.rcptTo.includes(to) && m.raw.includes(`Nota_${nroNota}.pdf`));
        expect(message, 'the note e-mail with its PDF').toBeDefined();
      });
    },
    {
      config: { jobs: true },
      jobPollingSeconds: 0.5,
      mailer: () =>
        createMailer({
          smtpUrl: `smtp://127.0.0.1:${smtp.port()}`,
          from: 'sigece <no-responder@sigece.local>',
        }),
    },
  );
});
