// Integration tests of the invoice PDF and e-mail jobs on pg-boss (spec 001 §4.1, spec 002 §2.9): the
// signed PDF generated after a POST, its text and signature read back with poppler, its SHA-256, its
// bytes never replaced, a company's own certificate, and the e-mail to correo and ccCorreo through a
// real SMTP server on loopback, logged in mail_messages and retried after a refusal.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInvoicePdf } from '../src/modules/invoices/pdf-job.ts';
import { rendersHereSettled } from '../src/modules/issuance/render/render.ts';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { describeWithApp } from './harness.ts';
import {
  buildKeyStore,
  companyIdByRif,
  createInvoice,
  DEMO_RIF,
  invoice,
  newCompany,
  sendByEmail,
  unique,
  uploadCertificate,
  waitFor,
} from './support/invoices.ts';
import { pdfLayoutText, pdfSignatures } from './support/pdf-text.ts';
import { smtpReceiver } from './support/smtp-receiver.ts';

const F = '/v2/facturas';

describe('invoices: signed PDF and e-mail on the job queue', () => {
  /** Recipients the SMTP server refuses with 550 while they are in this set. */
  const refused = new Set<string>();
  const smtp = smtpReceiver({ refused });
  const received = smtp.received;
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  /** The attachment of a raw message whose Content-Type is application/pdf, decoded. */
  function pdfAttachment(raw: string): { headers: string; bytes: Buffer } | undefined {
    const at = raw.search(/Content-Type: application\/pdf/i);
    if (at < 0) return undefined;
    const headerEnd = raw.indexOf('\r\n\r\n', at);
    const headers = raw.slice(at, headerEnd);
    const bodyEnd = raw.indexOf('\r\n--', headerEnd + 4);
    const body = raw.slice(headerEnd + 4, bodyEnd);
    return { headers, bytes: Buffer.from(body.replace(/\s+/g, ''), 'base64') };
  }

  describeWithApp(
    'PDF and e-mail jobs',
    (ctx) => {
      const admin = () => ctx().adminToken();
      const storedPdf = async (id: string) => {
        const [row] = await ctx().database.query<{ pdf: Uint8Array | null; sha: string | null }>(
          'select pdf, pdf_sha256 as sha from facturas where id = $1',
          [id],
        );
        return { pdf: row.pdf ? Buffer.from(row.pdf) : null, sha: row.sha };
      };
      /** Polls the detail until the job has stored the PDF; returns the bytes served by /pdf/{id}. */
      async function generated(id: string): Promise<Buffer> {
        await waitFor(
          `the PDF of ${id}`,
          async () => {
            const res = await ctx().request({
              method: 'GET',
              url: `${F}/getfacturacion/${id}`,
              token: await admin(),
            });
            return res.json().result?.facturaGenerada === 'true' ? true : undefined;
          },
          30_000,
        );
        const res = await ctx().request({ method: 'GET', url: `${F}/pdf/${id}`, token: await admin() });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        return res.rawPayload;
      }
      const mailRows = (nroDoc: string) =>
        ctx().database.query<{
          status_code: string;
          tipo_doc: string;
          nro_doc: string;
          id_localidad: string;
          to_addresses: string[];
          cc_addresses: string[];
          transport: string;
          sent: boolean;
        }>(
          `select status_code, tipo_doc, nro_doc, id_localidad::text as id_localidad, to_addresses, cc_addresses,
                  transport, sent_at is not null as sent
             from mail_messages where nro_doc = $1 order by log_fecha_registro`,
          [nroDoc],
        );
      const renderJobs = async (id: string) =>
        (
          await ctx().database.query<{ state: string }>(
            `select state::text from pgboss.job where name = 'documento-pdf' and data->>'id' = $1`,
            [id],
          )
        ).map((r) => r.state);
      /** The render of a posted document has finished, its e-mail queued if any: done at once, no job. */
      const renderDone = async (id: string) => {
        await rendersHereSettled(ctx().app.deps);
        expect(await renderJobs(id)).toEqual([]);
      };
      const mailJobs = (id: string) =>
        ctx().database.query(
          `select 1 from pgboss.job where name = 'documento-correo' and data->>'id' = $1`,
          [id],
        );
      const tag = () => `${ctx().driver}-${unique('m').toLowerCase()}`;

      it('after the POST the job signs and stores the PDF: text, lot, exempt mark, page count, valid signature, SHA-256', async () => {
        const nro = unique('PDF').slice(-18);
        const inv = invoice({
          nroFactura: nro,
          codigoSucursal: '001',
          cliente: { identificacion: 'Farmacia La Esperanza' },
          lines: [
            { precio: 100, cantidad: 1, alicuota: 16, descripcion: 'Acetaminofén 500 mg' },
            { precio: 40, cantidad: 2, exento: true, descripcion: 'Libro escolar' },
          ],
        });
        // A pharmacy line carries its lot and expiry date.
        Object.assign((inv.lstDetallesFacturaGeneral as Array<Record<string, unknown>>)[0], {
          nrolote: 'LT-20260931',
          fechaVenciProducto: '2027-09-30',
        });
        const created = await createInvoice(ctx, await admin(), inv);
        const pdf = await generated(created.id);
        expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        const text = await pdfLayoutText(pdf);
        expect(text).toContain('FACTURA');
        expect(text).toContain('N° de Control');
        expect(text).toContain(created.NroControl);
        expect(text).toContain(DEMO_RIF);
        expect(text).toContain('Farmacia La Esperanza');
        expect(text).toContain('Libro escolar (E)');
        expect(text).not.toContain('Acetaminofén 500 mg (E)');
        expect(text).toContain('LT-20260931');
        expect(text).toContain('Página 1 de 1');
        const sig = await pdfSignatures(pdf);
        expect(sig).toContain('Signature is Valid');
        expect(sig).toContain('sigece Imprenta Digital (demo)');
        const stored = await storedPdf(created.id);
        expect(stored.pdf!.equals(pdf)).toBe(true);
        expect(stored.sha).toBe(createHash('sha256').update(pdf).digest('hex'));

        // The job again (a retry, a second worker): the stored bytes stay as they were.
        await generateInvoicePdf(ctx().app.deps, created.id);
        const again = await storedPdf(created.id);
        expect(again.sha).toBe(stored.sha);
        expect(again.pdf!.equals(pdf)).toBe(true);
        // Nothing to mail: the company does not send by e-mail yet.
        await renderDone(created.id);
        expect(await mailJobs(created.id)).toEqual([]);
        expect(await mailRows(nro)).toEqual([]);
      });

      it('a company with its own uploaded certificate signs with it (pdfsig shows its common name)', async () => {
        const commonName = `Firmante Propio ${ctx().driver}`;
        const company = await newCompany(ctx, { nombre: `Empresa Firmante ${ctx().driver}, C.A.` });
        const p12 = buildKeyStore({ password: 'clave-p12', friendlyName: 'empresa', commonName });
        const upload = await uploadCertificate(ctx, company.id, p12, 'empresa', 'clave-p12');
        expect(upload.statusCode, upload.body).toBe(200);
        const created = await createInvoice(ctx, await admin(), invoice({ rif: company.rif }));
        const pdf = await generated(created.id);
        const sig = await pdfSignatures(pdf);
        expect(sig).toContain('Signature is Valid');
        expect(sig).toContain(commonName);
        expect(sig).not.toContain('sigece Imprenta Digital (demo)');
        const text = await pdfLayoutText(pdf);
        expect(text).toContain(company.rif);
        expect(text).toContain(created.NroControl);
      });

      it('e-mails the signed PDF to correo and ccCorreo once, when the company sends by e-mail, and logs it with status 250', async () => {
        const demo = await companyIdByRif(ctx, DEMO_RIF);
        await sendByEmail(ctx, demo);
        const t = tag();
        const to = `cliente-${t}@example.com`;
        const cc = `copia-${t}@example.com`;
        const nro = unique('M').slice(-18);
        const created = await createInvoice(
          ctx,
          await admin(),
          invoice({
            nroFactura: nro,
            cliente: { correo: to, ccCorreo: cc, identificacion: 'Cliente Correo' },
          }),
        );
        const pdf = await generated(created.id);
        const log = await waitFor(`the e-mail of ${nro}`, async () => {
          const rows = await mailRows(nro);
          return rows.length > 0 ? rows : undefined;
        });
        expect(log).toHaveLength(1);
        expect(log[0]).toEqual({
          status_code: '250',
          tipo_doc: 'FACTURA',
          nro_doc: nro,
          id_localidad: demo,
          to_addresses: [to],
          cc_addresses: [cc],
          transport: 'smtp',
          sent: true,
        });
        const messages = received.filter((m) => m.rcptTo.includes(to) || m.rcptTo.includes(cc));
        expect(messages).toHaveLength(1);
        const [message] = messages;
        expect(message.rcptTo.sort()).toEqual([cc, to].sort());
        expect(message.from).toBe('no-responder@sigece.local');
        expect(message.raw).toMatch(new RegExp(`^To: ${to}`, 'mi'));
        expect(message.raw).toMatch(new RegExp(`^Cc: ${cc}`, 'mi'));
        const attachment = pdfAttachment(message.raw);
        expect(attachment, 'a Content-Type: application/pdf part').toBeDefined();
        expect(attachment!.headers).toContain(`Factura_${nro}.pdf`);
        expect(attachment!.bytes.equals(pdf)).toBe(true);
        // The subject names the invoice and its control number (encoded words are allowed).
        expect(message.raw).toMatch(/^Subject: /m);
      });

      it('an SMTP refusal (550) is logged with its code and the job retries until the message is accepted', async () => {
        const t = tag();
        const to = `rechazo-${t}@example.com`;
        refused.add(to);
        const nro = unique('R').slice(-18);
        const created = await createInvoice(
          ctx,
          await admin(),
          invoice({ nroFactura: nro, cliente: { correo: to, identificacion: 'Cliente Rechazado' } }),
        );
        await generated(created.id);
        // Two attempts refused: the first try and at least one retry.
        const failures = await waitFor(
          `two refused attempts for ${nro}`,
          async () => {
            const rows = await mailRows(nro);
            return rows.length >= 2 ? rows : undefined;
          },
          45_000,
        );
        for (const row of failures) {
          expect(row).toMatchObject({ status_code: '550', tipo_doc: 'FACTURA', nro_doc: nro, sent: false });
        }
        const [job] = await ctx().database.query<{ retry_count: number }>(
          `select retry_count from pgboss.job where name = 'documento-correo' and data->>'id' = $1`,
          [created.id],
        );
        expect(job.retry_count).toBeGreaterThanOrEqual(1);
        expect(received.some((m) => m.rcptTo.includes(to))).toBe(false);

        // The mailbox comes back: a later retry delivers it, once.
        refused.delete(to);
        const delivered = await waitFor(
          `the delivery of ${nro}`,
          async () => {
            const rows = await mailRows(nro);
            return rows.some((r) => r.status_code === '250') ? rows : undefined;
          },
          60_000,
        );
        expect(delivered.filter((r) => r.status_code === '250')).toHaveLength(1);
        expect(delivered.at(-1)).toMatchObject({ status_code: '250', sent: true });
        expect(received.filter((m) => m.rcptTo.includes(to))).toHaveLength(1);
      }, 150_000);

      it('a POSTed invoice is rendered at once, without a job; one whose render fails is queued and made by the job', async () => {
        const plain = await createInvoice(
          ctx,
          await admin(),
          invoice({ nroFactura: unique('R').slice(-18) }),
        );
        await generated(plain.id);
        await renderDone(plain.id);

        // Storing this invoice's PDF fails until the trigger is dropped: the render done at once fails,
        // and the document is queued as any failing render is.
        const nro = unique('Q').slice(-18);
        const trigger = `pdf_test_${ctx().driver}`;
        await ctx().database.query(
          `create function ${trigger}() returns trigger language plpgsql as $$
           begin
             if new.nro_factura = '${nro}' and new.pdf is not null then raise exception 'fallo de prueba'; end if;
             return new;
           end $$`,
        );
        await ctx().database.query(
          `create trigger ${trigger} before update on facturas for each row execute function ${trigger}()`,
        );
        let created: { id: string };
        try {
          created = await createInvoice(ctx, await admin(), invoice({ nroFactura: nro }));
          await waitFor('the failed render queued', async () =>
            (await renderJobs(created.id)).length > 0 ? true : undefined,
          );
          // The job fails too while the fault lasts, its reason (the database's, not the statement) shown
          // in the lists, and is retried.
          const error = await waitFor('the job failed once', async () => {
            const [row] = await ctx().database.query<{ pdf_error: string | null }>(
              'select pdf_error from control_numbers where id_documento = $1',
              [created.id],
            );
            return row?.pdf_error ?? undefined;
          });
          expect(error).toBe('No se pudo generar el PDF: fallo de prueba');
        } finally {
          await ctx().database.query(`drop trigger ${trigger} on facturas`);
          await ctx().database.query(`drop function ${trigger}()`);
        }
        const pdf = await generated(created.id);
        expect(await pdfSignatures(pdf)).toContain('Signature is Valid');
        await waitFor('the render job completed', async () =>
          (await renderJobs(created.id)).includes('completed') ? true : undefined,
        );
        expect(await renderJobs(created.id)).toEqual(['completed']);
      });

      it('no e-mail when the client has no correo, even with sending switched on', async () => {
        const nro = unique('S').slice(-18);
        const created = await createInvoice(
          ctx,
          await admin(),
          invoice({ nroFactura: nro, cliente: { correo: '', numeroDocumento: '77665544' } }),
        );
        await generated(created.id);
        // The render is what queues the e-mail: it has finished, and queued nothing.
        await renderDone(created.id);
        expect(await mailJobs(created.id)).toEqual([]);
        expect(await mailRows(nro)).toEqual([]);
      });
    },
    {
      config: { jobs: true },
      jobPollingSeconds: 0.5,
      // The 550 test waits out a retry and then another (5-10 s, then 10-20 s at production's delay); no
      // test of this group counts retries against the back-off's length. The mail queue sets no delay of
      // its own, so it follows this one; the render queue keeps its 5 s.
      jobRetryDelaySeconds: 1,
      mailer: () =>
        createMailer({
          smtpUrl: `smtp://127.0.0.1:${smtp.port()}`,
          from: 'sigece <no-responder@sigece.local>',
        }),
    },
  );
});
