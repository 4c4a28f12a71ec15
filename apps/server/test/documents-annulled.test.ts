// Integration tests of annulled documents (the PDF marked 'ANULADA', the reason kept): a document annulled is
// visibly annulled. For every family (invoice, credit note, order, IVA and ISLR withholding vouchers) the
// annulment queues a PDF marked 'ANULADA' with its date (dd/MM/yyyy, Caracas) and reason, rendered and
// signed by the job queue like the original; the PDF routes serve it from then on; the original's bytes and
// checksum stay stored; both files verify publicly as this document; the public annulment state says
// 'Documento anulado el …'. Read back with poppler (pdftotext, pdfsig), as a reader would.
import { createHash } from 'node:crypto';
import { caracasDate, formatDateCaracas } from '@sigece/fiscal';
import { expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import {
  createInvoice,
  invoice,
  type MultipartPart,
  newCompany,
  verifyChecksum,
  waitFor,
} from './support/invoices.ts';
import { annulNotesByNumber, generatedInvoice, ingestNotes, noteId, noteItem } from './support/notes.ts';
import { annulOrdersBy, ingestOrders, orderCompany, orderItem } from './support/orders.ts';
import { pdfSignatures, pdfToText } from './support/pdf-text.ts';
import { ivaVoucher, RET, withholdingAgent } from './support/withholdings.ts';

type Tipo = 'fact' | 'nota' | 'orden' | 'ret';
const TABLES: Record<Tipo, string> = {
  fact: 'facturas',
  nota: 'notas',
  orden: 'ordenes',
  ret: 'retenciones',
};

describeWithApp(
  'annulled documents: the PDF marked ANULADA, verification of both files, public state',
  (ctx) => {
    const admin = () => ctx().adminToken();

    /** Waits for the original PDF (rendered by the job queue); returns its bytes and stored SHA-256. */
    async function original(tipo: Tipo, id: string) {
      return waitFor(`the PDF of ${tipo} ${id}`, async () => {
        const [row] = await ctx().database.query<{ pdf: Uint8Array | null; sha: string | null }>(
          `select pdf, pdf_sha256 as sha from ${TABLES[tipo]} where id = $1`,
          [id],
        );
        return row?.pdf ? { pdf: Buffer.from(row.pdf), sha: row.sha! } : undefined;
      });
    }

    /** Waits for the PDF marked ANULADA (the job queued at annulment). */
    const annulledStored = (tipo: Tipo, id: string) =>
      waitFor(`the annulled PDF of ${tipo} ${id}`, async () => {
        const [row] = await ctx().database.query<{ pdf: Uint8Array | null; sha: string | null }>(
          'select pdf, pdf_sha256 as sha from document_annulments where tipo_doc = $1 and id_documento = $2',
          [tipo, id],
        );
        return row?.pdf ? { pdf: Buffer.from(row.pdf), sha: row.sha! } : undefined;
      });

    const verify = (tipo: Tipo, id: string, pdf: Buffer, checkSum = '') =>
      verifyChecksum(ctx, [
        { name: 'tipoDocumento', value: tipo },
        { name: 'id', value: id },
        { name: 'checkSum', value: checkSum },
        { name: 'file', filename: 'documento.pdf', contentType: 'application/pdf', data: pdf },
      ] satisfies MultipartPart[]);

    const publicState = (tipo: Tipo, id: string) =>
      ctx().request({ method: 'GET', url: `/v2/documentos/${tipo}/${id}/anulacion` });

    /**
     * What every family must show once annulled: the served PDF is the one marked ANULADA (date, reason
     * when given), signed; the original keeps its bytes and checksum; both verify; the public state says so.
     */
    async function expectVisiblyAnnulled(
      tipo: Tipo,
      id: string,
      before: { pdf: Buffer; sha: string },
      served: () => Promise<Buffer>,
      reason: string | null,
    ) {
      const day = formatDateCaracas(new Date());
      const annulled = await annulledStored(tipo, id);
      expect(annulled.sha).toBe(createHash('sha256').update(annulled.pdf).digest('hex'));
      expect(annulled.sha).not.toBe(before.sha);
      const text = await pdfToText(annulled.pdf);
      expect(text).toContain('ANULADA');
      expect(text).toContain(`Fecha de anulación: ${day}`);
      if (reason) expect(text.replace(/\s+/g, ' ')).toContain(`Motivo de anulación: ${reason}`);
      else expect(text).not.toContain('Motivo de anulación');
      expect(await pdfSignatures(annulled.pdf)).toContain('Signature is Valid');
      expect(await pdfToText(before.pdf)).not.toContain('Fecha de anulación');

      // The PDF route serves the annulled one; the original stays stored as it was.
      expect((await served()).equals(annulled.pdf)).toBe(true);
      const [kept] = await ctx().database.query<{ pdf: Uint8Array; sha: string }>(
        `select pdf, pdf_sha256 as sha from ${TABLES[tipo]} where id = $1`,
        [id],
      );
      expect(Buffer.from(kept.pdf).equals(before.pdf)).toBe(true);
      expect(kept.sha).toBe(before.sha);

      // Either file verifies publicly as this document; an altered copy does not.
      const first = await verify(tipo, id, before.pdf, Buffer.from(before.sha, 'hex').toString('base64'));
      expect(first.json()).toMatchObject({ code: 200, message: 'Correcto: Documento verificado' });
      const second = await verify(tipo, id, annulled.pdf, Buffer.from(before.sha, 'hex').toString('base64'));
      expect(second.json()).toMatchObject({
        code: 200,
        checkedSumBase64: Buffer.from(annulled.sha, 'hex').toString('base64'),
      });
      const altered = Buffer.from(annulled.pdf);
      altered[Math.floor(altered.length / 2)] ^= 0x01;
      expect((await verify(tipo, id, altered)).json()).toMatchObject({ code: 400 });

      const state = await publicState(tipo, id);
      expect(state.statusCode, state.body).toBe(200);
      expect(state.json()).toMatchObject({
        code: 200,
        anulado: true,
        motivoAnulacion: reason,
        message: `Documento anulado el ${day}`,
        checkedSumAnuladaBase64: Buffer.from(annulled.sha, 'hex').toString('base64'),
      });
    }

    it('an invoice annulled with a reason: PDF marked ANULADA with date and reason, both files verify, public state annulled', async () => {
      const token = await admin();
      const created = await createInvoice(
        ctx,
        token,
        invoice({ lines: [{ precio: 50, cantidad: 2, alicuota: 16 }] }),
      );
      const before = await original('fact', created.id);
      const active = await publicState('fact', created.id);
      expect(active.json()).toMatchObject({ anulado: false, message: null, fechaAnulacion: null });

      const reason = 'Error en la razón social del cliente';
      const res = await ctx().request({
        method: 'PUT',
        url: `/v2/facturas/anularfactura/${created.id}`,
        token,
        payload: { motivoAnulacion: reason },
      });
      expect(res.statusCode, res.body).toBe(200);
      await expectVisiblyAnnulled(
        'fact',
        created.id,
        before,
        async () => {
          const pdf = await ctx().request({ method: 'GET', url: `/v2/facturas/pdf/${created.id}`, token });
          expect(pdf.statusCode).toBe(200);
          return pdf.rawPayload;
        },
        reason,
      );
    });

    it('a credit note annulled by number (integration API): marked ANULADA without a reason line', async () => {
      const token = await admin();
      const company = await newCompany(ctx);
      const inv = await generatedInvoice(ctx, token, { rif: company.rif });
      const item = noteItem({
        rif: company.rif,
        nroFactura: inv.nroFactura,
        categoria: '0',
        lines: [{ codigo: 'P-001', precio: 100, cantidad: 1, alicuota: 16, descripcion: 'Devuelto' }],
      });
      await ingestNotes(ctx, token, [item]);
      const id = await noteId(ctx, company.id, String(item.nroNota));
      const before = await original('nota', id);
      const answer = await annulNotesByNumber(ctx, token, [{ rif: company.rif, nroNota: item.nroNota }]);
      expect(answer.code, JSON.stringify(answer)).toBe(200);
      await expectVisiblyAnnulled(
        'nota',
        id,
        before,
        async () =>
          (await ctx().request({ method: 'GET', url: `/v2/facturas/nota/pdf/${id}`, token })).rawPayload,
        null,
      );
    });

    it('an order annulled: marked ANULADA, both files verify', async () => {
      const token = await admin();
      const company = await orderCompany(ctx);
      const item = orderItem({ rif: company.rif });
      await ingestOrders(ctx, token, [item]);
      const [row] = await ctx().database.query<{ id: string }>(
        'select id from ordenes where id_localidad = $1 and nro_orden = $2',
        [company.id, item.nroOrden],
      );
      const before = await original('orden', row.id);
      await annulOrdersBy(ctx, token, [{ rif: company.rif, nroOrden: item.nroOrden }]);
      await expectVisiblyAnnulled(
        'orden',
        row.id,
        before,
        async () =>
          (await ctx().request({ method: 'GET', url: `/v2/ordenes/pdf/${row.id}`, token })).rawPayload,
        null,
      );
    });

    async function voucherAnnulled(body: Record<string, unknown>) {
      const token = await admin();
      const res = await ctx().request({
        method: 'POST',
        url: `${RET}/createRetencionIvaMasiva`,
        token,
        payload: [body],
      });
      expect(res.statusCode, res.body).toBe(200);
      const [done] = (res.json() as { DetalleretencionesProcesadas: Array<{ id: string }> })
        .DetalleretencionesProcesadas;
      expect(done, res.body).toBeDefined();
      const before = await original('ret', done.id);
      const annul = await ctx().request({
        method: 'PUT',
        url: `${RET}/anularRetencionIva/${done.id}`,
        token,
      });
      expect(annul.statusCode, annul.body).toBe(200);
      await expectVisiblyAnnulled(
        'ret',
        done.id,
        before,
        async () => {
          const pdf = await ctx().request({
            method: 'GET',
            url: `${RET}/getBase64RetencionIva/${done.id}`,
            token,
          });
          expect(pdf.statusCode, pdf.body).toBe(200);
          return Buffer.from(pdf.json().pdfBase64, 'base64');
        },
        null,
      );
    }

    it('an IVA withholding voucher annulled: marked ANULADA, both files verify', async () => {
      const company = await withholdingAgent(ctx);
      await voucherAnnulled(ivaVoucher(company.rif));
    });

    it('an ISLR withholding voucher annulled: marked ANULADA, both files verify', async () => {
      const company = await withholdingAgent(ctx);
      const today = caracasDate(new Date());
      await voucherAnnulled({
        rif: company.rif,
        periodoFiscalDel: `${today.slice(0, 7)}-01`,
        periodoFiscalAl: today,
        rifProveedor: 'J-000000027',
        identificacion: 'Servicios Profesionales, C.A.',
        direccion: 'Av. Urdaneta, Caracas',
        correo: 'proveedor@example.com',
        modeloRetencion: 'ISLR',
        tipoDocumento: '06',
        tasaRetencion: '',
        lstRetenciones: [
          {
            fechaDocumento: today,
            nroDocumento: 'F-0001',
            nroControlDocumento: '00-00000077',
            conceptoIslr: '004',
            montoTotalDocumento: '2000.00',
            baseImponible: '2000.00',
            causadoRetenido: '100.00',
          },
        ],
      });
    });

    it('the public annulment state: bad type or id is a 400 in Spanish, an unknown document a 404', async () => {
      const bad = await ctx().request({ method: 'GET', url: '/v2/documentos/xyz/1/anulacion' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/Tipo de documento no válido|Identificador de documento no válido/);
      const unknown = await publicState('fact', '00000000-0000-4000-8000-000000000000');
      expect(unknown.statusCode).toBe(404);
    });
  },
  { config: { jobs: true }, jobPollingSeconds: 0.5 },
);
