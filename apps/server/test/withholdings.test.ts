// Integration tests of the withholding vouchers (contract "Withholding vouchers"; spec 002 §2.2,
// §3-§5, §7): POST /v2/retenciones/createRetencionIvaMasiva judged per voucher (IVA at 75 % and 100 %,
// ISLR by the Decreto 1.808 concept and the UT in force), voucher and control numbers racing on one agent
// with no gap, mass annulment by nroComprobante, the signed PDF read back with pdftotext and pdfsig,
// the SENIAT TXT and the ISLR XML compared field by field with hand-computed files (the XML validated
// against our XSD), public verification, the back-office routes and tenancy.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { caracasDate } from '@sigece/fiscal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { createMailer } from '../src/modules/mail/mailer.ts';
import { countRows, describeWithApp } from './harness.ts';
import {
  type Ctx,
  type MultipartPart,
  SECOND_RIF,
  sendByEmail,
  userWith,
  verifyChecksum,
  waitFor,
} from './support/invoices.ts';
import { pdfLayoutText, pdfSignatures, pdfToText } from './support/pdf-text.ts';
import { smtpReceiver } from './support/smtp-receiver.ts';
import { ivaVoucher, RET, withholdingAgent } from './support/withholdings.ts';

/** The title wraps in its box beside the issuer's lines, which pdftotext reads between its words: in order. */
const expectTitle = (text: string, title: string) =>
  expect(text).toMatch(new RegExp(title.split(' ').join('[\\s\\S]{1,120}?')));
const LIST = '/retenciones/iva-islr';
const XSD = new URL('../src/modules/withholdings/RelacionRetencionesISLR.xsd', import.meta.url);

/** The test clock's day and month (tests own their clock: vitest.clock.ts). */
const today = () => caracasDate(new Date());
const yyyymm = () => today().slice(0, 7).replace('-', '');
const voucher = (n: number) => `${yyyymm()}${String(n).padStart(8, '0')}`;
const control = (n: number) => `00-${String(n).padStart(8, '0')}`;
const periodDel = () => `${today().slice(0, 7)}-01`;

const agent = withholdingAgent;

const retUser = (ctx: Ctx, companies: string[]) =>
  userWith(ctx, { [LIST]: ['search', 'add', 'print', 'delete'], [`${LIST}/Agregar`]: [] }, companies);

function islrVoucher(
  rif: string,
  concept: string,
  base: string,
  withheld: string,
  over: Record<string, unknown> = {},
) {
  return {
    rif,
    periodoFiscalDel: periodDel(),
    periodoFiscalAl: today(),
    rifProveedor: 'V-012345678',
    identificacion: 'Pedro Pérez',
    direccion: 'Av. Urdaneta, Caracas',
    correo: 'pedro@example.com',
    modeloRetencion: 'ISLR',
    tipoDocumento: '06',
    tasaRetencion: '',
    lstRetenciones: [
      {
        fechaDocumento: today(),
        nroDocumento: 'F-0001',
        nroControlDocumento: '00-00000077',
        conceptoIslr: concept,
        montoTotalDocumento: base,
        baseImponible: base,
        causadoRetenido: withheld,
      },
    ],
    ...over,
  };
}

interface Answer {
  code: number;
  TotalRetencionIvaconError: number;
  DetalleErrorRetencionesIva: Array<{ posicion: number; rifProveedor: string; msg: string }>;
  TotalRentecionIvaProcedas: number;
  DetalleretencionesProcesadas: Array<{
    msg: string;
    NroControlComprobante: string;
    nroComprobante: string;
    id: string;
  }>;
}

async function create(ctx: Ctx, token: string, body: unknown): Promise<Answer> {
  const res = await ctx().request({
    method: 'POST',
    url: `${RET}/createRetencionIvaMasiva`,
    token,
    payload: body as object,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('withholding vouchers', () => {
  const smtp = smtpReceiver();
  const received = smtp.received;
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());

  describeWithApp(
    'withholdings',
    (ctx) => {
      const admin = () => ctx().adminToken();

      it('a mixed batch answers 203 with the wire names: valid vouchers numbered in order, each error on its own, nothing left by the failed ones', async () => {
        const company = await agent(ctx);
        const token = await retUser(ctx, [company.id]);
        const iva75 = ivaVoucher(company.rif);
        const iva100 = ivaVoucher(company.rif, { tasaRetencion: 100 }, [
          {
            tipoTransaccion: '01-REG',
            fechaDocumento: today(),
            nroDocumento: '000200',
            nroControlDocumento: '00-00000200',
            montoTotalDocumento: 1080,
            baseImponible: 1000,
            alicuota: 8,
            impuestoCausado: '80',
            impuestoRetenido: '80.00',
          },
        ]);
        // Concept 004: honorarios PJD, 5 % of 100 %, no sustraendo: 2,000 × 5 % = 100.00.
        const islr = islrVoucher(company.rif, '004', '2000.00', '100.00', { rifProveedor: 'J-000000027' });
        const noNote = ivaVoucher(company.rif, {}, [
          {
            ...iva75.lstRetenciones[0],
            tipoTransaccion: '03-AJUSNC',
            nroDocumento: '',
            nroDocumentoAfectado: '000123',
          },
        ]);
        const wrongWithheld = ivaVoucher(company.rif, {}, [
          { ...iva75.lstRetenciones[0], impuestoRetenido: '125.00' },
        ]);
        const unknownConcept = islrVoucher(company.rif, '999', '2000.00', '100.00');
        const foreign = ivaVoucher(SECOND_RIF);
        const badRif = ivaVoucher(company.rif, { rifProveedor: 'J-1234' });
        const before = await countRows(ctx().database, 'retenciones');

        const answer = await create(ctx, token, [
          iva75,
          iva100,
          islr,
          noNote,
          wrongWithheld,
          unknownConcept,
          foreign,
          badRif,
        ]);
        expect(answer).toEqual({
          code: 203,
          TotalRetencionIvaconError: 5,
          TotalRentecionIvaProcedas: 8,
          DetalleretencionesProcesadas: [1, 2, 3].map((n) => ({
            msg: 'Retencion Creada con Exito',
            NroControlComprobante: control(n),
            nroComprobante: voucher(n),
            id: expect.any(String),
            // When the control number was assigned (Caracas).
            FechaAsignacionControl: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-04:00$/),
          })),
          DetalleErrorRetencionesIva: [
            {
              posicion: 4,
              rifProveedor: 'J-000000019',
              msg: 'lstRetenciones[0]: nroNota es requerido para 03-AJUSNC',
            },
            {
              posicion: 5,
              rifProveedor: 'J-000000019',
              msg: 'lstRetenciones[0]: El campo impuestoRetenido enviado (125.00) no coincide con el calculado (120.00)',
            },
            {
              posicion: 6,
              rifProveedor: 'V-012345678',
              msg: 'lstRetenciones[0]: El concepto de ISLR 999 no existe',
            },
            {
              posicion: 7,
              rifProveedor: 'J-000000019',
              msg: `No tiene acceso a la razón social ${SECOND_RIF}`,
            },
            {
              posicion: 8,
              rifProveedor: 'J-1234',
              msg: 'rifProveedor: RIF debe tener el formato J-123456789',
            },
          ],
        });
        expect(await countRows(ctx().database, 'retenciones')).toBe(before + 3);
        const [lot] = await ctx().database.query<{ actual: string }>(
          `select actual::text from control_lots where id_localidad = $1 and familia = 'RETENCION'`,
          [company.id],
        );
        expect(lot.actual).toBe('3');
        const [stored] = await ctx().database.query<Record<string, string>>(
          `select r.total_retenido, r.tasa_retencion, l.impuesto_causado, l.impuesto_retenido
             from retenciones r join retencion_lineas l on l.id_retencion = r.id where r.id = $1`,
          [answer.DetalleretencionesProcesadas[1].id],
        );
        expect(stored).toEqual({
          total_retenido: '80.00',
          tasa_retencion: '100.00',
          impuesto_causado: '80.00',
          impuesto_retenido: '80.00',
        });
        const [ledger] = await ctx().database.query<{ n: string }>(
          `select count(*)::text as n from control_numbers where tipo_doc = 'ret' and id_localidad = $1`,
          [company.id],
        );
        expect(ledger.n).toBe('3');
      });

      it('refuses what is not an array with 400, and the duplicate line with the spec message', async () => {
        const company = await agent(ctx);
        const token = await retUser(ctx, [company.id]);
        const notArray = await ctx().request({
          method: 'POST',
          url: `${RET}/createRetencionIvaMasiva`,
          token,
          payload: { rif: 'x' },
        });
        expect(notArray.statusCode).toBe(400);
        const line = ivaVoucher(company.rif).lstRetenciones[0];
        const answer = await create(ctx, token, [ivaVoucher(company.rif, {}, [line, { ...line }])]);
        expect(answer.DetalleErrorRetencionesIva[0].msg).toBe(
          'No se puede agregar la retencion porque ya existe una retencion con el mismo nroDocumento, nroControlDocumento y tipoTransaccion',
        );
      });

      it('vouchers racing on one agent take consecutive voucher and control numbers with no gap', async () => {
        const company = await agent(ctx);
        const token = await retUser(ctx, [company.id]);
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            create(ctx, token, [ivaVoucher(company.rif, { rifProveedor: `J-${String(100000000 + i)}` })]),
          ),
        );
        const done = answers.flatMap((a) => a.DetalleretencionesProcesadas);
        expect(done).toHaveLength(12);
        expect(done.map((d) => d.nroComprobante).sort()).toEqual(
          Array.from({ length: 12 }, (_, i) => voucher(i + 1)),
        );
        expect(done.map((d) => d.NroControlComprobante).sort()).toEqual(
          Array.from({ length: 12 }, (_, i) => control(i + 1)),
        );
      });

      it('annuls in bulk by nroComprobante; each failure on its own; the list then shows Anulada', async () => {
        const company = await agent(ctx);
        const token = await retUser(ctx, [company.id]);
        const made = await create(ctx, token, [ivaVoucher(company.rif), ivaVoucher(company.rif)]);
        const [a, b] = made.DetalleretencionesProcesadas;
        const res = await ctx().request({
          method: 'POST',
          url: `${RET}/anularMasivaRetencionesIva`,
          token,
          payload: [
            { rif: company.rif, nroComprobante: a.nroComprobante },
            { rif: company.rif, nroComprobante: voucher(999) },
            { rif: company.rif, nroComprobante: '123' },
          ],
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({
          result: {
            code: 203,
            TotalDeRetencionIvaEnviadas: 3,
            TotalRetencionIvaAnuladasProcedas: 1,
            DetalleRetencionesAnuladas: [
              { nroComprobante: a.nroComprobante, msg: 'Retencion Anulada con Exito' },
            ],
            DetalleErrorRetencionesIva: [
              {
                nroComprobante: voucher(999),
                msg: `La retención ${voucher(999)} no existe en ${company.rif}`,
              },
              { nroComprobante: '123', msg: 'nroComprobante: nroComprobante debe tener 14 dígitos' },
            ],
          },
        });
        const list = await ctx().request({
          method: 'GET',
          url: `${RET}/getRetencionesIva?id_localidad=${company.id}&sortBy=nroComprobante`,
          token,
        });
        expect(list.statusCode, list.body).toBe(200);
        expect(
          list
            .json()
            .results.map((r: { nroComprobante: string; estatus: string }) => [r.nroComprobante, r.estatus]),
        ).toEqual([
          [a.nroComprobante, 'Anulada'],
          [b.nroComprobante, 'Activa'],
        ]);
        const again = await ctx().request({ method: 'PUT', url: `${RET}/anularRetencionIva/${a.id}`, token });
        expect(again.statusCode).toBe(400);
        expect(again.json().message).toBe('La retención ya está anulada');
        const one = await ctx().request({ method: 'PUT', url: `${RET}/anularRetencionIva/${b.id}`, token });
        expect(one.statusCode, one.body).toBe(200);
        expect(one.json()).toMatchObject({
          code: 200,
          msg: 'Retencion Anulada con Exito',
          result: { logEstatusRegistro: 'INACTIVO' },
        });
      });

      it('the IVA voucher PDF: title, numbers, period, agent, supplier, line columns, totals; pdfsig valid; SHA-256 stored; verified publicly', async () => {
        const company = await agent(ctx, `Agente PDF ${ctx().driver}, C.A.`);
        const token = await retUser(ctx, [company.id]);
        const made = await create(ctx, token, [
          ivaVoucher(company.rif, {}, [
            ivaVoucher(company.rif).lstRetenciones[0],
            {
              tipoTransaccion: '03-AJUSNC',
              fechaDocumento: today(),
              nroNota: 'NC-0007',
              nroDocumentoAfectado: '000123',
              nroControlDocumento: '00-00168500',
              montoTotalDocumento: '116.00',
              baseImponible: '100.00',
              alicuota: '16',
              impuestoCausado: '16.00',
              impuestoRetenido: '12.00',
            },
          ]),
        ]);
        const { id, nroComprobante } = made.DetalleretencionesProcesadas[0];
        await waitFor(`the PDF of voucher ${id}`, async () => {
          const [row] = await ctx().database.query<{ done: boolean }>(
            'select pdf is not null as done from retenciones where id = $1',
            [id],
          );
          return row?.done ? true : undefined;
        });
        const res = await ctx().request({ method: 'GET', url: `${RET}/getBase64RetencionIva/${id}`, token });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().NroControlComprobante).toBe(control(1));
        const pdf = Buffer.from(res.json().pdfBase64, 'base64');
        const text = (await pdfLayoutText(pdf)).replace(/\s+/g, ' ');
        expectTitle(text, 'COMPROBANTE DE RETENCIÓN DEL IMPUESTO AL VALOR AGREGADO');
        for (const expected of [
          nroComprobante,
          control(1),
          company.rif,
          company.nombre,
          'Av. Bolívar, Caracas',
          'Suministros del Centro, C.A.',
          'J-000000019',
          'Período fiscal',
          '000123',
          '00-00168441',
          'NC-0007',
          '03-AJUSNC',
          '1.160,00',
          '1.000,00',
          '160,00',
          '120,00',
          '12,00',
          'TOTAL IVA RETENIDO (75,00 %) 132,00',
          'Firma y sello del agente de retención',
          'Imprenta digital',
        ])
          expect(text).toContain(expected);
        // The verification address wraps beside the totals, so the side-by-side layout interleaves the two
        // columns wherever the id's characters break the line; in content order (-raw) it reads whole.
        const raw = await pdfToText(pdf);
        expect(raw.replace(/\s+/g, '')).toContain(`/certificar/${id}/ret`);
        expect(await pdfSignatures(pdf)).toContain('Signature is Valid');
        const [row] = await ctx().database.query<{ sha: string }>(
          'select pdf_sha256 as sha from retenciones where id = $1',
          [id],
        );
        expect(row.sha).toBe(createHash('sha256').update(pdf).digest('hex'));

        const verify = (parts: MultipartPart[]) => verifyChecksum(ctx, parts);
        const parts = (file: Buffer): MultipartPart[] => [
          { name: 'tipoDocumento', value: 'ret' },
          { name: 'id', value: id },
          { name: 'checkSum', value: '' },
          { name: 'file', filename: 'retencion.pdf', contentType: 'application/pdf', data: file },
        ];
        expect((await verify(parts(pdf))).json()).toMatchObject({ code: 200 });
        const altered = Buffer.from(pdf);
        altered[Math.floor(altered.length / 2)] ^= 0x01;
        expect((await verify(parts(altered))).json()).toMatchObject({ code: 400 });
        const open = await ctx().request({ method: 'GET', url: `${RET}/getRetencionId/${id}` });
        expect(open.statusCode).toBe(200);
        expect(open.json()).toEqual({
          code: 200,
          data: {
            id,
            nroComprobante,
            NroControlComprobante: control(1),
            rifProveedor: 'J-000000019',
            identificacion: 'Suministros del Centro, C.A.',
            modeloRetencion: 'IVA',
            fechaEmision: expect.any(String),
            estatus: 'Activa',
            logEstatusRegistro: 'ACTIVO',
            // An active voucher names no annulment reason.
            motivoAnulacion: null,
            checkedSumBase64: createHash('sha256').update(pdf).digest('base64'),
          },
          localidaddetalle: { rif: company.rif, nombre: company.nombre },
        });
        const detail = await ctx().request({ method: 'GET', url: `${RET}/getRetencionId/${id}`, token });
        expect(detail.json().result.lstRetenciones).toHaveLength(2);
      });

      it('the ISLR voucher PDF shows the concept, percentage, sustraendo and amount withheld', async () => {
        const company = await agent(ctx);
        const token = await retUser(ctx, [company.id]);
        const ut = await ctx().request({
          method: 'GET',
          url: `${RET}/unidadTributariaVigente?fecha=${today()}`,
          token,
        });
        // G.O. 43.140 (June 2025, sources.md S8): Bs. 43,00.
        expect(ut.json().result.valor).toBe('43.00');
        // Concept 002 (honorarios PNR, 3 %): sustraendo = 43.00 × 83.3334 × 3 % = 107.50; 10,000 × 3 % − 107.50 = 192.50.
        const made = await create(ctx, token, [islrVoucher(company.rif, '002', '10000.00', '192.50')]);
        const { id } = made.DetalleretencionesProcesadas[0];
        await waitFor(`the PDF of voucher ${id}`, async () => {
          const [row] = await ctx().database.query<{ done: boolean }>(
            'select pdf is not null as done from retenciones where id = $1',
            [id],
          );
          return row?.done ? true : undefined;
        });
        const res = await ctx().request({ method: 'GET', url: `${RET}/getBase64RetencionIva/${id}`, token });
        const pdf = Buffer.from(res.json().pdfBase64, 'base64');
        const text = (await pdfLayoutText(pdf)).replace(/\s+/g, ' ');
        expectTitle(text, 'COMPROBANTE DE RETENCIÓN DEL IMPUESTO SOBRE LA RENTA');
        for (const expected of [
          '002',
          'Honorarios profesionales',
          '3,00',
          '107,50',
          '192,50',
          'TOTAL ISLR RETENIDO',
        ])
          expect(text).toContain(expected);
        expect(await pdfSignatures(pdf)).toContain('Signature is Valid');
      });

      it('e-mails the signed voucher to the supplier when the company sends by e-mail', async () => {
        const company = await agent(ctx);
        await sendByEmail(ctx, company.id);
        const token = await retUser(ctx, [company.id]);
        const to = `retencion-${ctx().driver}-${Date.now()}@example.com`;
        const made = await create(ctx, token, [ivaVoucher(company.rif, { correo: to })]);
        const { nroComprobante } = made.DetalleretencionesProcesadas[0];
        const mail = await waitFor('the voucher e-mail', async () =>
          received.find((m) => m.rcptTo.includes(to)),
        );
        // The signed PDF travels as Retencion_{nroComprobante}.pdf; the e-mail log names it RETENCION.
        expect(mail.raw).toContain(`Retencion_${nroComprobante}.pdf`);
        expect(mail.raw).toContain('application/pdf');
        const log = await waitFor('the e-mail log', async () => {
          const rows = await ctx().database.query<{ tipo_doc: string; status_code: string }>(
            'select tipo_doc, status_code from mail_messages where nro_doc = $1 and id_localidad = $2',
            [nroComprobante, company.id],
          );
          return rows.length > 0 ? rows : undefined;
        });
        expect(log).toEqual([{ tipo_doc: 'RETENCION', status_code: '250' }]);
      });

      it('the TXT and the XML of a period match the hand-computed files, annulled vouchers left out, and the XML passes the XSD', async () => {
        const company = await agent(ctx);
        const token = await retUser(ctx, [company.id]);
        const agentRif = company.rif.replace('-', '');
        const made = await create(ctx, token, [
          ivaVoucher(company.rif, {}, [
            ivaVoucher(company.rif).lstRetenciones[0],
            {
              tipoTransaccion: '03-AJUSNC',
              fechaDocumento: today(),
              nroNota: 'NC-7',
              nroDocumentoAfectado: '000123',
              nroControlDocumento: '00-00168500',
              montoTotalDocumento: '116.00',
              compraExento: '0',
              baseImponible: '100.00',
              alicuota: '16',
              impuestoCausado: '16.00',
              impuestoRetenido: '12.00',
            },
          ]),
          ivaVoucher(company.rif, { rifProveedor: 'G-200000001', tasaRetencion: '100' }, [
            {
              tipoTransaccion: '01-REG',
              fechaDocumento: today(),
              nroDocumento: '555',
              nroControlDocumento: '00-555',
              montoTotalDocumento: '1360.00',
              compraExento: '50.00',
              baseImponible: '1000.00',
              alicuota: '31',
              impuestoCausado: '310.00',
              impuestoRetenido: '310.00',
            },
          ]),
          islrVoucher(company.rif, '002', '10000.00', '192.50'),
          ivaVoucher(company.rif, { rifProveedor: 'J-300000003' }),
        ]);
        expect(made.code).toBe(200);
        const annulled = made.DetalleretencionesProcesadas[3];
        const off = await ctx().request({
          method: 'PUT',
          url: `${RET}/anularRetencionIva/${annulled.id}`,
          token,
        });
        expect(off.statusCode).toBe(200);

        const period = today().slice(0, 7);
        const txt = await ctx().request({
          method: 'GET',
          url: `${RET}/declaracionIva?id_localidad=${company.id}&periodo=${period}`,
          token,
        });
        expect(txt.statusCode, txt.body).toBe(200);
        expect(txt.headers['content-disposition']).toContain(`RetencionesIVA_${agentRif}_${yyyymm()}.txt`);
        const d = today();
        const expectedTxt = [
          [
            agentRif,
            yyyymm(),
            d,
            'C',
            '01',
            'J000000019',
            '000123',
            '00-00168441',
            '1160.00',
            '1000.00',
            '120.00',
            '0',
            voucher(1),
            '0.00',
            '16.00',
            '0',
          ],
          [
            agentRif,
            yyyymm(),
            d,
            'C',
            '03',
            'J000000019',
            'NC-7',
            '00-00168500',
            '116.00',
            '100.00',
            '12.00',
            '000123',
            voucher(1),
            '0.00',
            '16.00',
            '0',
          ],
          [
            agentRif,
            yyyymm(),
            d,
            'C',
            '01',
            'G200000001',
            '555',
            '00-555',
            '1360.00',
            '1000.00',
            '310.00',
            '0',
            voucher(2),
            '50.00',
            '31.00',
            '0',
          ],
        ];
        const lines = txt.body
          .split('\r\n')
          .filter(Boolean)
          .map((l) => l.split('\t'));
        expect(lines).toEqual(expectedTxt);
        expect(txt.body).not.toContain('J300000003');

        const xml = await ctx().request({
          method: 'GET',
          url: `${RET}/declaracionIslr?id_localidad=${company.id}&periodo=${period}`,
          token,
        });
        expect(xml.statusCode, xml.body).toBe(200);
        const [yy, mm, dd] = d.split('-');
        expect(xml.body).toBe(
          [
            '<?xml version="1.0" encoding="ISO-8859-1"?>',
            `<RelacionRetencionesISLR RifAgente="${agentRif}" Periodo="${yyyymm()}">`,
            '  <DetalleRetencion>',
            '    <RifRetenido>V012345678</RifRetenido>',
            '    <NumeroFactura>0001</NumeroFactura>',
            // Manual 60.40.40.039 v2.2 §2.1: the numeric sequence's last 8 digits.
            '    <NumeroControl>00000077</NumeroControl>',
            `    <FechaOperacion>${dd}/${mm}/${yy}</FechaOperacion>`,
            '    <CodigoConcepto>002</CodigoConcepto>',
            '    <MontoOperacion>10000.00</MontoOperacion>',
            '    <PorcentajeRetencion>3.00</PorcentajeRetencion>',
            '  </DetalleRetencion>',
            '</RelacionRetencionesISLR>',
            '',
          ].join('\n'),
        );
        const schema = await readFile(XSD, 'utf8');
        const ok = await validateXML({
          xml: [{ fileName: 'islr.xml', contents: xml.body }],
          schema: [schema],
        });
        expect(ok.errors).toEqual([]);
        expect(ok.valid).toBe(true);
        // The schema is not a formality: a wrong concept code fails it.
        const broken = await validateXML({
          xml: [
            { fileName: 'bad.xml', contents: xml.body.replace('<CodigoConcepto>002', '<CodigoConcepto>02') },
          ],
          schema: [schema],
        });
        expect(broken.valid).toBe(false);

        const bad = await ctx().request({
          method: 'GET',
          url: `${RET}/declaracionIva?id_localidad=${company.id}&periodo=2026-13`,
          token,
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toContain('periodo debe tener el formato AAAA-MM');
      });

      it('getRetencionesIva: filters, purchase-invoice filter, bad input 400, and a foreign tenant sees nothing', async () => {
        const company = await agent(ctx);
        const other = await agent(ctx);
        const token = await retUser(ctx, [company.id]);
        const made = await create(ctx, token, [
          ivaVoucher(company.rif, { facturaCompraId: 4711 }),
          ivaVoucher(company.rif),
        ]);
        const foreignMade = await create(ctx, await admin(), [ivaVoucher(other.rif)]);
        const page = await ctx().request({
          method: 'GET',
          url: `${RET}/getRetencionesIva?facturaCompraId=4711`,
          token,
        });
        expect(page.statusCode, page.body).toBe(200);
        expect(page.json()).toMatchObject({ totalResults: 1, totalPages: 1, page: 1, limit: 10 });
        expect(page.json().results[0]).toMatchObject({
          id: made.DetalleretencionesProcesadas[0].id,
          factura_compra_id: 4711,
          rif: company.rif,
          modeloRetencion: 'IVA',
          estatus: 'Activa',
          peridofiscalAl: today(),
        });
        const byNumber = await ctx().request({
          method: 'GET',
          url: `${RET}/getRetencionesIva?rif=undefined-undefined&nroComprobante=${made.DetalleretencionesProcesadas[1].nroComprobante}&fechaInicio=${today()}&fechaFin=${today()}`,
          token,
        });
        expect(byNumber.json().results.map((r: { id: string }) => r.id)).toEqual([
          made.DetalleretencionesProcesadas[1].id,
        ]);
        const mine = await ctx().request({ method: 'GET', url: `${RET}/getRetencionesIva?limit=50`, token });
        expect(
          mine.json().results.every((r: { id_localidad: string }) => r.id_localidad === company.id),
        ).toBe(true);
        const bad = await ctx().request({
          method: 'GET',
          url: `${RET}/getRetencionesIva?fechaInicio=ayer`,
          token,
        });
        expect(bad.statusCode).toBe(400);
        const foreignId = foreignMade.DetalleretencionesProcesadas[0].id;
        expect(
          (await ctx().request({ method: 'GET', url: `${RET}/getBase64RetencionIva/${foreignId}`, token }))
            .statusCode,
        ).toBe(403);
        expect(
          (await ctx().request({ method: 'PUT', url: `${RET}/anularRetencionIva/${foreignId}`, token }))
            .statusCode,
        ).toBe(403);
        expect(
          (
            await ctx().request({
              method: 'GET',
              url: `${RET}/declaracionIva?id_localidad=${other.id}&periodo=${today().slice(0, 7)}`,
              token,
            })
          ).statusCode,
        ).toBe(403);
        expect((await ctx().request({ method: 'GET', url: `${RET}/getRetencionesIva` })).statusCode).toBe(
          401,
        );
      });

      it('AddNroRetenciones and getnroRetenciones under /retenciones; queryConceptosIsrl shows the UT in force', async () => {
        const company = await agent(ctx);
        const token = await retUser(ctx, [company.id]);
        const numbers = await ctx().request({
          method: 'GET',
          url: `${RET}/getnroRetenciones/${company.id}`,
          token,
        });
        expect(numbers.statusCode, numbers.body).toBe(200);
        expect(numbers.json().results[0]).toMatchObject({
          nroDesde: 0,
          nroHasta: 1000,
          asignaNro: true,
          siguiente: voucher(1),
        });
        const bad = await ctx().request({
          method: 'POST',
          url: `${RET}/AddNroRetenciones`,
          token: await admin(),
          payload: { id_localidad: company.id },
        });
        expect(bad.statusCode).toBe(400);
        const concepts = await ctx().request({
          method: 'GET',
          url: `${RET}/queryConceptosIsrl/?limit=100&page=1`,
          token,
        });
        expect(concepts.statusCode).toBe(200);
        const honorarios = concepts.json().results.find((c: { Codigo: string }) => c.Codigo === '002');
        expect(honorarios).toMatchObject({
          Porcentaje: '3.00',
          Sustraendo: true,
          Factor: '83.3334',
          UT: '43.00',
        });
      });

      it('unidad tributaria values: seeded with their Gaceta, added by the administrator only, bad input 400', async () => {
        const company = await agent(ctx);
        const token = await retUser(ctx, [company.id]);
        const list = await ctx().request({ method: 'GET', url: `${RET}/unidadesTributarias`, token });
        expect(list.statusCode).toBe(200);
        expect(
          list
            .json()
            .results.map((r: { valor: string; gacetaOficial: string }) => [r.valor, r.gacetaOficial]),
        ).toEqual(
          expect.arrayContaining([
            ['43.00', 'G.O. N° 43.140 (junio de 2025)'],
            ['9.00', 'G.O. N° 42.623 del 08-05-2023'],
            ['0.40', 'G.O. N° 42.359 del 20-04-2022'],
          ]),
        );
        const payload = {
          valor: '50.00',
          fechaDesde: '2099-01-01',
          providencia: 'SNAT/2099/1',
          gacetaOficial: 'G.O. N° 99.999',
        };
        expect(
          (await ctx().request({ method: 'POST', url: `${RET}/unidadesTributarias`, token, payload }))
            .statusCode,
        ).toBe(403);
        const added = await ctx().request({
          method: 'POST',
          url: `${RET}/unidadesTributarias`,
          token: await admin(),
          payload,
        });
        expect(added.statusCode, added.body).toBe(200);
        expect(added.json().result).toMatchObject({ valor: '50.00', fechaDesde: '2099-01-01' });
        const again = await ctx().request({
          method: 'POST',
          url: `${RET}/unidadesTributarias`,
          token: await admin(),
          payload,
        });
        expect(again.statusCode).toBe(409);
        const bad = await ctx().request({
          method: 'POST',
          url: `${RET}/unidadesTributarias`,
          token: await admin(),
          payload: { ...payload, valor: '-1' },
        });
        expect(bad.statusCode).toBe(400);
        const later = await ctx().request({
          method: 'GET',
          url: `${RET}/unidadTributariaVigente?fecha=2099-02-01`,
          token,
        });
        expect(later.json().result.valor).toBe('50.00');
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
