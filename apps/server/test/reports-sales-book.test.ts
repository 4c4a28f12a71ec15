// Integration tests of the sales book (spec 002 §2.6, §3 Reports, §5, §7 Reports, §9):
// a month of one company with invoices in VEF and USD, an annulled invoice, a credit and a debit note and
// a third-party invoice, read back line by line and in its totals from the PDF (pdftotext) and the
// spreadsheet (exceljs), against figures computed by hand below; the extended book queued on pg-boss and
// received as an attachment by a real SMTP server on loopback; bad input and tenancy. The buyer of one
// invoice is another company of the system that withheld its IVA: the book shows the amount and voucher;
// a voucher line with the right control number but another document number does not match.
import { caracasDate } from '@sigece/fiscal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { describeWithApp } from './harness.ts';
import { createInvoice, invoice, newCompany, userWith, waitFor } from './support/invoices.ts';
import { generatedInvoice, ingestNotes, noteItem } from './support/notes.ts';
import { pdfToText } from './support/pdf-text.ts';
import { es, sheetRows } from './support/sheet-rows.ts';
import { attachment, smtpReceiver } from './support/smtp-receiver.ts';
import { issueIvaVoucher, makeWithholdingAgent } from './support/withholdings.ts';

const R = '/v2/mantenimiento/reportes';
const MODULE = '/reportes/libroVentas';

describe('sales book', () => {
  const smtp = smtpReceiver();
  const { received } = smtp;

  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  describeWithApp(
    'libro de ventas',
    (ctx) => {
      const admin = () => ctx().adminToken();
      let company: { id: string; rif: string; nombre: string };
      let other: { id: string; rif: string };
      let month: { fechaInicio: string; fechaFin: string };
      /**
       * The book's expected lines, computed by hand: control number → cells from "Tipo" to "IVA 31%", and
       * the IVA withheld by the buyer with its voucher where a voucher names the document.
       */
      const expected: Array<{ control: string; cells: string[]; withheld?: [string, string] }> = [];
      let foreignControl = '';

      const get = async (path: string, query: Record<string, string>, token?: string) =>
        ctx().request({
          method: 'GET',
          url: `${R}/${path}?${new URLSearchParams(query)}`,
          token: token ?? (await admin()),
        });

      beforeAll(async () => {
        const token = await admin();
        company = await newCompany(ctx);
        other = await newCompany(ctx);
        // F1, VEF: 100.00 at 16 % and 2 × 40.00 exempt → base 100.00, IVA 16.00, exempt 80.00, total 196.00.
        const f1 = await generatedInvoice(ctx, token, {
          rif: company.rif,
          lines: [
            { precio: 100, cantidad: 1, alicuota: 16 },
            { precio: 40, cantidad: 2, exento: true },
          ],
          cliente: { identificacion: 'COMERCIAL UNO', numeroDocumento: '11111111' },
        });
        // F2, USD at 36.5555: 100.00 at 16 % → 116.00 USD; in Bs. 4240.44 (4240.438), base 3655.55, IVA 584.89 (584.888).
        const f2 = await createInvoice(ctx, token, {
          ...invoice({
            rif: company.rif,
            lines: [{ precio: 100, cantidad: 1, alicuota: 16 }],
            cliente: { identificacion: 'IMPORTADORA DOS', numeroDocumento: '22222222' },
          }),
          facturaDivisa: 'USD',
          cambioDivisa: '36.5555',
        });
        // F3, VEF: 2 × 50.00 at 8 % → 108.00; annulled: listed with zero amounts.
        const f3g = await generatedInvoice(ctx, token, {
          rif: company.rif,
          lines: [{ precio: 50, cantidad: 2, alicuota: 8 }],
        });
        const f3 = { id: f3g.id, NroFactura: f3g.nroFactura, NroControl: f3g.nroControl };
        const annul = await ctx().request({
          method: 'PUT',
          url: `/v2/facturas/anularfactura/${f3.id}`,
          token,
        });
        expect(annul.statusCode, annul.body).toBe(200);
        // F4, VEF, for a third party: 200.00 at 16 % → 232.00, apart from the company's own sales.
        const f4 = await createInvoice(ctx, token, {
          ...invoice({ rif: company.rif, lines: [{ precio: 200, cantidad: 1, alicuota: 16 }] }),
          cuentaTerceros: true,
          rifPrestador: 'J-30111222',
          nombrePrestador: 'Transporte Andino, C.A.',
        });
        // Credit note on F1: 1 × 50.00 at 16 % → -58.00; debit note: 1 × 10.00 at 16 % → 11.60.
        const notes = await ingestNotes(ctx, token, [
          noteItem({
            rif: company.rif,
            nroFactura: f1.nroFactura,
            tipo: 'Credito',
            lines: [{ codigo: 'P-001', precio: 50, cantidad: 1, alicuota: 16 }],
          }),
          noteItem({
            rif: company.rif,
            nroFactura: f1.nroFactura,
            tipo: 'Debito',
            lines: [{ codigo: 'P-001', precio: 10, cantidad: 1, alicuota: 16 }],
          }),
        ]);
        expect(notes.DetalleErrorNotas.flat(), JSON.stringify(notes)).toEqual([]);
        const [nc, nd] = notes.DetalleNotasProcesadas.flat();
        // Another company's invoice in the same month: never in this company's book.
        const foreign = await createInvoice(
          ctx,
          token,
          invoice({ rif: other.rif, cliente: { identificacion: 'CLIENTE AJENO' } }),
        );
        foreignControl = foreign.NroFactura;
        // The buyer of F1 is the other company: it withholds 75 % of F1's 16.00 of IVA, 12.00. Its second
        // line names F2's control number with another invoice number: no match (books.ts rule).
        await makeWithholdingAgent(ctx, other.id);
        const voucher = await issueIvaVoucher(ctx, {
          rif: other.rif,
          rifProveedor: company.rif,
          lines: [
            {
              nroDocumento: f1.nroFactura,
              nroControlDocumento: f1.nroControl,
              montoTotalDocumento: '196.00',
              compraExento: '80.00',
              baseImponible: '100.00',
              impuestoCausado: '16.00',
              impuestoRetenido: '12.00',
            },
            {
              nroDocumento: 'X-999999',
              nroControlDocumento: f2.NroControl,
              montoTotalDocumento: '116.00',
              baseImponible: '100.00',
              impuestoCausado: '16.00',
              impuestoRetenido: '12.00',
            },
          ],
        });

        const day = caracasDate(new Date());
        const last = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();
        month = { fechaInicio: `${day.slice(0, 7)}-01`, fechaFin: `${day.slice(0, 7)}-${last}` };

        // Cells from "Tipo" to "IVA 31%" (see SALES_BOOK_COLUMNS), amounts as 2-decimal text; every buyer is a
        // natural person (V-): one section, the final consumers' (RLIVA art. 78); not subject and exports 0.00.
        const z = '0.00';
        expected.push(
          {
            control: f1.nroControl,
            cells: [
              'FAC',
              'V-11111111',
              'COMERCIAL UNO',
              f1.nroFactura,
              f1.nroControl,
              '',
              '',
              '',
              'EMITIDA',
              '',
              '196.00',
              '80.00',
              z,
              z,
              z,
              '100.00',
              '16.00',
              z,
              z,
              z,
              z,
            ],
            withheld: ['12.00', voucher],
          },
          {
            control: f2.NroControl,
            cells: [
              'FAC',
              'V-22222222',
              'IMPORTADORA DOS',
              f2.NroFactura,
              f2.NroControl,
              '',
              '',
              '',
              'EMITIDA',
              '',
              '4240.44',
              z,
              z,
              z,
              z,
              '3655.55',
              '584.89',
              z,
              z,
              z,
              z,
            ],
          },
          {
            control: f3.NroControl,
            cells: [
              'FAC',
              'V-12345678',
              'PEDRO PEREZ',
              f3.NroFactura,
              f3.NroControl,
              '',
              '',
              '',
              'ANULADA',
              '',
              z,
              z,
              z,
              z,
              z,
              z,
              z,
              z,
              z,
              z,
              z,
            ],
          },
          {
            control: f4.NroControl,
            cells: [
              'FAC',
              'V-12345678',
              'PEDRO PEREZ',
              f4.NroFactura,
              f4.NroControl,
              '',
              '',
              '',
              'EMITIDA',
              'J-30111222',
              '232.00',
              z,
              z,
              z,
              z,
              '200.00',
              '32.00',
              z,
              z,
              z,
              z,
            ],
          },
          {
            control: nc.nroControl,
            cells: [
              'N/C',
              'V-11111111',
              'COMERCIAL UNO',
              '',
              nc.nroControl,
              '',
              nc.nroNota,
              f1.nroFactura,
              'EMITIDA',
              '',
              '-58.00',
              z,
              z,
              z,
              z,
              '-50.00',
              '-8.00',
              z,
              z,
              z,
              z,
            ],
          },
          {
            control: nd.nroControl,
            cells: [
              'N/D',
              'V-11111111',
              'COMERCIAL UNO',
              '',
              nd.nroControl,
              nd.nroNota,
              '',
              f1.nroFactura,
              'EMITIDA',
              '',
              '11.60',
              z,
              z,
              z,
              z,
              '10.00',
              '1.60',
              z,
              z,
              z,
              z,
            ],
          },
        );
        expected.sort((a, b) => a.control.localeCompare(b.control));
      }, 300_000);

      /** Own sales: 196.00 + 4240.44 + 0 − 58.00 + 11.60 = 4390.04; base 16 %: 100 + 3655.55 − 50 + 10 = 3715.55; IVA 16 %: 16 + 584.89 − 8 + 1.60 = 594.49. */
      const expectedSummary = {
        consolidado: 6,
        SinTerceros: 5,
        ConTerceros: 1,
        totalFacturas: {
          totalExentoSinTerceros: '80.00',
          totalExoneradoSinTerceros: '0.00',
          totalImporteTotalSinTerceros: '4390.04',
        },
        totalGravamenes: [
          { alicuota: '16', baseImponible: '3715.55', montoAlicuota: '594.49' },
          { alicuota: '8', baseImponible: '0.00', montoAlicuota: '0.00' },
          { alicuota: '31', baseImponible: '0.00', montoAlicuota: '0.00' },
        ],
        AcumuladoImporteTerceros: '232.00',
        AcumuladoGravamenTerceros: [
          { alicuota: '16', baseImponible: '200.00', montoAlicuota: '32.00' },
          { alicuota: '8', baseImponible: '0.00', montoAlicuota: '0.00' },
          { alicuota: '31', baseImponible: '0.00', montoAlicuota: '0.00' },
        ],
        totalIvaRetenido: '12.00',
      };

      it('the PDF lists every document in control-number order with its amounts in Bs., and the totals', async () => {
        const res = await get('getlibroVentas', { ...month, id_localidad: company.id });
        expect(res.statusCode, res.body).toBe(200);
        const { libro } = res.json();
        expect(libro).toMatchObject(expectedSummary);
        const text = await pdfToText(Buffer.from(libro.reporteVenta, 'base64'));
        expect(text).toContain('LIBRO DE VENTAS');
        expect(text).toContain(company.rif);
        expect(text).not.toContain('CLIENTE AJENO');
        expect(foreignControl).not.toBe('');
        const lines = text.split('\n');
        const positions = expected.map((e) => lines.findIndex((l) => l.includes(e.control)));
        expect(
          positions.every((p) => p >= 0),
          text,
        ).toBe(true);
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
        expected.forEach((e, i) => {
          const words = lines[positions[i]].trim().split(/\s+/);
          expect(words[0]).toBe(String(i + 1));
          // The amounts are the last eleven words of the line, then the withheld IVA and its voucher.
          const tail = [
            ...e.cells.slice(-11).map(es),
            ...(e.withheld ? [es(e.withheld[0]), e.withheld[1]] : []),
          ];
          expect(words.slice(-tail.length)).toEqual(tail);
          expect(words).toContain(e.cells[8]);
          expect(words).toContain(e.cells[0]);
        });
        expect(text).toContain('OPERACIONES CON NO CONTRIBUYENTES');
        expect(text).not.toContain('OPERACIONES CON CONTRIBUYENTES');
        const own = lines.find((l) => l.includes('TOTAL VENTAS PROPIAS')) ?? '';
        expect(own.trim().split(/\s+/).slice(-13)).toEqual([
          '5',
          '4.390,04',
          '80,00',
          '0,00',
          '0,00',
          '0,00',
          '3.715,55',
          '594,49',
          '0,00',
          '0,00',
          '0,00',
          '0,00',
          '12,00',
        ]);
        const third = lines.find((l) => l.includes('TOTAL VENTAS TERCEROS')) ?? '';
        expect(third.trim().split(/\s+/).slice(-13)).toEqual([
          '1',
          '232,00',
          '0,00',
          '0,00',
          '0,00',
          '0,00',
          '200,00',
          '32,00',
          '0,00',
          '0,00',
          '0,00',
          '0,00',
          '0,00',
        ]);
      });

      it('the spreadsheet has the same lines and totals, read back with exceljs', async () => {
        const res = await get('getLibroVentasExcel', { ...month, id_localidad: company.id });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().libro).toMatchObject(expectedSummary);
        const rows = await sheetRows(Buffer.from(res.json().libro.libroExcel, 'base64'));
        expect(rows[0][0]).toBe('LIBRO DE VENTAS');
        expect(rows[3].slice(0, 3)).toEqual(['N°', 'Fecha', 'Tipo Doc.']);
        expect(rows[4]).toEqual(['OPERACIONES CON NO CONTRIBUYENTES (CONSUMIDORES FINALES)']);
        const body = rows.slice(5, 5 + expected.length);
        expect(body.map((r) => r[0])).toEqual(expected.map((_, i) => String(i + 1)));
        // exceljs drops a row's trailing empty cells (no withheld IVA, no voucher).
        for (const [i, r] of body.entries())
          expect(r.slice(2)).toEqual([...expected[i].cells, ...(expected[i].withheld ?? [])]);
        const totals = rows.slice(5 + expected.length);
        // The section's total (all six lines of the final consumers), then own and third-party sales.
        expect(totals[0].slice(4, 5)).toEqual(['TOTAL NO CONTRIBUYENTES']);
        expect(totals[0].slice(11, 13)).toEqual(['6.00', '4622.04']);
        expect(totals[1].slice(4, 5)).toEqual(['TOTAL VENTAS PROPIAS']);
        expect(totals[1].slice(11)).toEqual([
          '5.00',
          '4390.04',
          '80.00',
          '0.00',
          '0.00',
          '0.00',
          '3715.55',
          '594.49',
          '0.00',
          '0.00',
          '0.00',
          '0.00',
          '12.00',
        ]);
        expect(totals[2].slice(11)).toEqual([
          '1.00',
          '232.00',
          '0.00',
          '0.00',
          '0.00',
          '0.00',
          '200.00',
          '32.00',
          '0.00',
          '0.00',
          '0.00',
          '0.00',
          '0.00',
        ]);
      });

      it('the extended book is queued (id, state, position, date) and arrives by e-mail as an attachment', async () => {
        const email = `conta-${ctx().driver}@example.com`;
        const res = await get('getLibroVentasExcelExtendido', { ...month, id_localidad: company.id, email });
        expect(res.statusCode, res.body).toBe(200);
        const { result } = res.json();
        expect(result.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(['created', 'active', 'completed']).toContain(result.state);
        expect(result.posicion).toBeGreaterThanOrEqual(1);
        expect(Number.isNaN(Date.parse(result.fechaSolicitud))).toBe(false);
        const mail = await waitFor(
          'the extended book e-mail',
          async () => received.find((m) => m.rcptTo.includes(email)),
          30_000,
        );
        const sheet = attachment(mail.raw, 'LibroVentas_');
        expect(sheet?.name).toMatch(/^LibroVentas_Extendido_\d{8}_\d{6}\.xlsx$/);
        const rows = await sheetRows(sheet!.bytes);
        expect(rows[3].slice(-4)).toEqual([
          'Moneda',
          'Tasa de Cambio',
          'Total en Moneda del Documento',
          'Nombre Tercero',
        ]);
        const body = rows.slice(5, 5 + expected.length);
        for (const [i, r] of body.entries()) {
          expect(r.slice(2, 23)).toEqual(expected[i].cells);
          expect(r.slice(23, 25)).toEqual(expected[i].withheld ?? ['', '']);
        }
        const usd = body.find((r) => r[6] === expected.find((e) => e.cells[10] === '4240.44')?.control);
        expect(usd?.slice(25, 28)).toEqual(['USD', '36.55550000', '116.00']);
        // No third party: its name's cell is empty (exceljs drops a trailing empty cell).
        expect(usd?.[28] ?? '').toBe('');
        const third = body.find((r) => r[11] === 'J-30111222');
        expect(third?.at(-1)).toBe('Transporte Andino, C.A.');
      });

      it('bad input is a 400 with the message, nothing queued', async () => {
        const reversed = await get('getlibroVentas', {
          fechaInicio: month.fechaFin,
          fechaFin: month.fechaInicio,
          id_localidad: company.id,
        });
        expect(reversed.statusCode).toBe(400);
        expect(reversed.body).toContain('La fecha Hasta no puede ser anterior a la fecha Desde');
        const noEmail = await get('getLibroVentasExcelExtendido', {
          ...month,
          id_localidad: company.id,
          email: 'x@y',
        });
        expect(noEmail.statusCode).toBe(400);
        expect(noEmail.body).toContain('Ingresa un correo electronico valido');
        const noCompany = await get('getLibroVentasExcel', { ...month });
        expect(noCompany.statusCode).toBe(400);
        const unknown = await get('getlibroVentas', {
          ...month,
          id_localidad: '00000000-0000-4000-8000-000000000000',
        });
        expect(unknown.statusCode).toBe(404);
      });

      it("tenancy: a user of one company sees its book, never another company's rows; no permission is 403", async () => {
        const token = await userWith(ctx, { [MODULE]: [] }, [company.id]);
        const own = await get('getLibroVentasExcel', { ...month, id_localidad: company.id }, token);
        expect(own.statusCode, own.body).toBe(200);
        expect(own.json().libro.consolidado).toBe(6);
        for (const path of ['getlibroVentas', 'getLibroVentasExcel']) {
          const foreign = await get(path, { ...month, id_localidad: other.id }, token);
          expect(foreign.statusCode).toBe(403);
        }
        const queued = await get(
          'getLibroVentasExcelExtendido',
          { ...month, id_localidad: other.id, email: 'x@example.com' },
          token,
        );
        expect(queued.statusCode).toBe(403);
        const otherBook = await get('getlibroVentas', { ...month, id_localidad: other.id });
        expect(otherBook.json().libro.consolidado).toBe(1);
        const outsider = await userWith(ctx, { '/facturacion/generales': ['search'] }, [company.id]);
        expect(
          (await get('getlibroVentas', { ...month, id_localidad: company.id }, outsider)).statusCode,
        ).toBe(403);
        expect(
          (await ctx().request({ method: 'GET', url: `${R}/getlibroVentas?${new URLSearchParams(month)}` }))
            .statusCode,
        ).toBe(401);
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
