// Integration tests of the withholding rules to the letter of the law, through the API on PGlite and
// PostgreSQL: the UT in force (Bs. 43,00, G.O. 43.140), ISLR concepts 002/053 with it, Tarifa N° 2
// accumulated per supplier from the stored vouchers, the ISLR XML validated against the XSD of SENIAT's
// manual 60.40.40.039 v2.2 and compared field by field with a hand-computed file, one TXT line per rate of a
// document, the IVA TXT by fortnight, and declared periods (stored bytes and SHA-256; annulment refused;
// overlap refused; tenancy).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { caracasDate } from '@sigece/fiscal';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { taxUnitInForceMessage } from '../src/modules/reference/tax-units.ts';
import { describeWithApp } from './harness.ts';
import { type Ctx, userWith } from './support/invoices.ts';
import { lastAudit } from './support/users.ts';
import { ivaVoucher, RET, withholdingAgent } from './support/withholdings.ts';

const LIST = '/retenciones/iva-islr';
const XSD = new URL('../src/modules/withholdings/RelacionRetencionesISLR.xsd', import.meta.url);
const today = () => caracasDate(new Date());
const month = () => today().slice(0, 7);
/** The test clock's fortnight: 1 for days 1-15, 2 for 16 to the end. */
const quincena = () => (Number(today().slice(8, 10)) <= 15 ? 1 : 2);
const sha256 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

const retUser = (ctx: Ctx, companies: string[], actions = ['search', 'add', 'print', 'delete']) =>
  userWith(ctx, { [LIST]: actions, [`${LIST}/Agregar`]: [] }, companies);

function islrVoucher(rif: string, rifProveedor: string, lines: Record<string, unknown>[]) {
  return {
    rif,
    periodoFiscalDel: `${month()}-01`,
    periodoFiscalAl: today(),
    rifProveedor,
    identificacion: 'Proveedor',
    direccion: 'Caracas',
    correo: 'proveedor@example.com',
    modeloRetencion: 'ISLR',
    tipoDocumento: '06',
    lstRetenciones: lines,
  };
}
const islrLine = (over: Record<string, unknown>) => ({
  fechaDocumento: today(),
  nroDocumento: 'FAC-000012345678',
  nroControlDocumento: '00-00168441',
  montoTotalDocumento: '100000.00',
  ...over,
});

async function post(ctx: Ctx, token: string, body: unknown[]) {
  const res = await ctx().request({
    method: 'POST',
    url: `${RET}/createRetencionIvaMasiva`,
    token,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    code: number;
    DetalleErrorRetencionesIva: Array<{ msg: string }>;
    DetalleretencionesProcesadas: Array<{ id: string; nroComprobante: string }>;
  };
}

describe('withholdings to the letter of the law', () => {
  describeWithApp('withholdings-law', (ctx) => {
    it('item 1: the UT in force is Bs. 43,00; concept 002 on 10,000.00 withholds 192.50 and 053 on 800.00 nothing', async () => {
      const company = await withholdingAgent(ctx);
      const token = await retUser(ctx, [company.id]);
      const ut = await ctx().request({
        method: 'GET',
        url: `${RET}/unidadTributariaVigente?fecha=2025-07-01`,
        token,
      });
      expect(ut.json().result).toMatchObject({
        valor: '43.00',
        gacetaOficial: 'G.O. N° 43.140 (junio de 2025)',
      });
      // The start-up log's line (main.ts) names it with its gazette.
      expect(await taxUnitInForceMessage(ctx().database.db, '2025-07-01')).toBe(
        'unidad tributaria vigente: Bs. 43.00 desde 2025-06-04 (SNAT/2025 (número no hallado en las copias públicas), G.O. N° 43.140 (junio de 2025))',
      );
      expect(await taxUnitInForceMessage(ctx().database.db, '2020-01-01')).toContain(
        'no hay unidad tributaria vigente',
      );
      const before = await ctx().request({
        method: 'GET',
        url: `${RET}/unidadTributariaVigente?fecha=2025-06-01`,
        token,
      });
      expect(before.json().result.valor).toBe('9.00');
      // 002: 10,000.00 × 3 % = 300.00 − 43 × 83.3334 × 3 % (107.50) = 192.50
      // 053: 800.00 × 1 % = 8.00 < 43 × 83.3334 × 1 % (35.83): 0.00
      const made = await post(ctx, token, [
        islrVoucher(company.rif, 'V-012345678', [
          islrLine({
            conceptoIslr: '002',
            montoTotalDocumento: '10000.00',
            baseImponible: '10000.00',
            causadoRetenido: '192.50',
          }),
          islrLine({
            nroDocumento: 'F-2',
            conceptoIslr: '053',
            montoTotalDocumento: '800.00',
            baseImponible: '800.00',
            causadoRetenido: '0.00',
          }),
        ]),
        // The old UT's figure (9 × 83.3334 × 3 % = 22.50 → 277.50) is now refused.
        islrVoucher(company.rif, 'V-012345678', [
          islrLine({
            conceptoIslr: '002',
            montoTotalDocumento: '10000.00',
            baseImponible: '10000.00',
            causadoRetenido: '277.50',
          }),
        ]),
      ]);
      expect(made.code).toBe(203);
      expect(made.DetalleErrorRetencionesIva[0].msg).toContain('no coincide con el calculado (192.50)');
      const detail = await ctx().request({
        method: 'GET',
        url: `${RET}/getRetencionId/${made.DetalleretencionesProcesadas[0].id}`,
        token,
      });
      expect(
        detail
          .json()
          .result.lstRetenciones.map((l: Record<string, string>) => [l.sustraendo, l.causadoRetenido]),
      ).toEqual([
        ['107.50', '192.50'],
        ['35.83', '0.00'],
      ]);
    });

    it('items 2 and 3: Tarifa N° 2 accumulates per supplier from the stored vouchers; the XML passes the XSD and matches the hand-computed file', async () => {
      const company = await withholdingAgent(ctx);
      const other = await withholdingAgent(ctx);
      const token = await retUser(ctx, [company.id, other.id]);
      // First payment: 100,000.00 × 90 % = 90,000.00; 22 % × 90,000 − 140 × 43 = 13,780.00 (not 13,500.00 at 15 %).
      const first = await post(ctx, token, [
        islrVoucher(company.rif, 'J-400000001', [
          islrLine({ conceptoIslr: '005', baseImponible: '100000.00', causadoRetenido: '13780.00' }),
        ]),
      ]);
      expect(first.code, JSON.stringify(first.DetalleErrorRetencionesIva)).toBe(200);
      // Second voucher, same supplier: 90,000.00 already paid, two lines of 100,000.00 (90,000.00 each).
      // Line 1: T(180,000) − T(90,000) = (34 % × 180,000 − 500 × 43) − 13,780 = 39,700 − 13,780 = 25,920.00
      // Line 2: T(270,000) − T(180,000) = 90,000 × 34 % = 30,600.00
      const second = await post(ctx, token, [
        islrVoucher(company.rif, 'J-400000001', [
          islrLine({
            nroDocumento: 'A-2',
            nroControlDocumento: 'sin control',
            conceptoIslr: '009',
            baseImponible: '100000.00',
            causadoRetenido: '25920.00',
          }),
          islrLine({
            nroDocumento: 'A-3',
            nroControlDocumento: '00-3',
            conceptoIslr: '005',
            baseImponible: '100000.00',
            causadoRetenido: '30600.00',
          }),
        ]),
        // Another supplier starts at zero: 13,780.00 again.
        islrVoucher(company.rif, 'J-400000002', [
          islrLine({ conceptoIslr: '005', baseImponible: '100000.00', causadoRetenido: '13780.00' }),
        ]),
        // Another agent paying the same supplier starts at zero too.
        islrVoucher(other.rif, 'J-400000001', [
          islrLine({ conceptoIslr: '005', baseImponible: '100000.00', causadoRetenido: '13780.00' }),
        ]),
      ]);
      expect(second.code, JSON.stringify(second.DetalleErrorRetencionesIva)).toBe(200);

      const res = await ctx().request({
        method: 'GET',
        url: `${RET}/declaracionIslr?id_localidad=${company.id}&periodo=${month()}`,
        token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const xml = res.body;
      const ok = await validateXML({
        xml: [{ fileName: 'islr.xml', contents: xml }],
        schema: [await readFile(XSD, 'utf8')],
      });
      expect(ok.errors).toEqual([]);
      const [y, m, d] = today().split('-');
      const rec = (
        rif: string,
        factura: string,
        controlNo: string,
        concepto: string,
        monto: string,
        pct: string,
      ) => [
        '  <DetalleRetencion>',
        `    <RifRetenido>${rif}</RifRetenido>`,
        `    <NumeroFactura>${factura}</NumeroFactura>`,
        `    <NumeroControl>${controlNo}</NumeroControl>`,
        `    <FechaOperacion>${d}/${m}/${y}</FechaOperacion>`,
        `    <CodigoConcepto>${concepto}</CodigoConcepto>`,
        `    <MontoOperacion>${monto}</MontoOperacion>`,
        `    <PorcentajeRetencion>${pct}</PorcentajeRetencion>`,
        '  </DetalleRetencion>',
      ];
      const agentRif = company.rif.replace(/-/g, '');
      expect(xml).toBe(
        [
          '<?xml version="1.0" encoding="ISO-8859-1"?>',
          `<RelacionRetencionesISLR RifAgente="${agentRif}" Periodo="${y}${m}">`,
          // FAC-000012345678 → last 10 digits 0012345678; 00-00168441 → 00168441. 86,000 (2,000 UT) at 15 %, 4,000 at 22 %.
          ...rec('J400000001', '0012345678', '00168441', '005', '86000.00', '15.00'),
          ...rec('J400000001', '0012345678', '00168441', '005', '4000.00', '22.00'),
          // Up to 3,000 UT (129,000.00): 39,000.00 at 22 %, the rest 51,000.00 at 34 %; no control number → NA.
          ...rec('J400000001', '2', 'NA', '009', '39000.00', '22.00'),
          ...rec('J400000001', '2', 'NA', '009', '51000.00', '34.00'),
          ...rec('J400000001', '3', '3', '005', '90000.00', '34.00'),
          ...rec('J400000002', '0012345678', '00168441', '005', '86000.00', '15.00'),
          ...rec('J400000002', '0012345678', '00168441', '005', '4000.00', '22.00'),
          '</RelacionRetencionesISLR>',
          '',
        ].join('\n'),
      );
      // Σ MontoOperacion × PorcentajeRetencion = what the vouchers withheld: 13,780 + 25,920 + 30,600 + 13,780.
      const withheld = [
        ...xml.matchAll(/<MontoOperacion>([\d.]+)<\/MontoOperacion>\s*<PorcentajeRetencion>([\d.]+)</g),
      ]
        .map((r) => Math.round(Number(r[1]) * Number(r[2])))
        .reduce((a, b) => a + b, 0);
      expect(withheld / 100).toBe(13780 + 25920 + 30600 + 13780);
    });

    it('items 4 and 6: one line per rate of a document gives one TXT line per rate; the TXT by fortnight', async () => {
      const company = await withholdingAgent(ctx);
      const token = await retUser(ctx, [company.id]);
      const line = {
        tipoTransaccion: '01-REG',
        fechaDocumento: today(),
        nroDocumento: '000777',
        nroControlDocumento: '00-00000777',
        montoTotalDocumento: '1700.00',
        compraExento: '0',
      };
      // 16 %: 1,000.00 → IVA 160.00, 75 % = 120.00; 8 %: 500.00 → IVA 40.00, 75 % = 30.00.
      const made = await post(ctx, token, [
        ivaVoucher(company.rif, {}, [
          {
            ...line,
            baseImponible: '1000.00',
            Alicuota: '16',
            impuestoCausado: '160.00',
            impuestoRetenido: '120.00',
          },
          {
            ...line,
            baseImponible: '500.00',
            Alicuota: '8',
            impuestoCausado: '40.00',
            impuestoRetenido: '30.00',
          },
        ]),
        // The same rate twice for one document is still the spec's duplicate.
        ivaVoucher(company.rif, {}, [
          {
            ...line,
            baseImponible: '1000.00',
            Alicuota: '16',
            impuestoCausado: '160.00',
            impuestoRetenido: '120.00',
          },
          {
            ...line,
            baseImponible: '1000.00',
            Alicuota: '16',
            impuestoCausado: '160.00',
            impuestoRetenido: '120.00',
          },
        ]),
      ]);
      expect(made.code).toBe(203);
      expect(made.DetalleErrorRetencionesIva[0].msg).toBe(
        'No se puede agregar la retencion porque ya existe una retencion con el mismo nroDocumento, nroControlDocumento y tipoTransaccion',
      );
      const nro = made.DetalleretencionesProcesadas[0].nroComprobante;
      const q = quincena();
      const txt = await ctx().request({
        method: 'GET',
        url: `${RET}/declaracionIva?id_localidad=${company.id}&periodo=${month()}&quincena=${q}`,
        token,
      });
      expect(txt.statusCode, txt.body).toBe(200);
      const agentRif = company.rif.replace(/-/g, '');
      const period = month().replace('-', '');
      const expected = [
        [
          agentRif,
          period,
          today(),
          'C',
          '01',
          'J000000019',
          '000777',
          '00-00000777',
          '1700.00',
          '1000.00',
          '120.00',
          '0',
          nro,
          '0.00',
          '16.00',
          '0',
        ],
        [
          agentRif,
          period,
          today(),
          'C',
          '01',
          'J000000019',
          '000777',
          '00-00000777',
          '1700.00',
          '500.00',
          '30.00',
          '0',
          nro,
          '0.00',
          '8.00',
          '0',
        ],
      ];
      expect(
        txt.body
          .split('\r\n')
          .filter(Boolean)
          .map((l) => l.split('\t')),
      ).toEqual(expected);
      expect(txt.headers['content-disposition']).toContain(`_${period}-Q${q}.txt`);
      expect(txt.headers['x-sha256']).toBe(sha256(txt.body));
      // The other fortnight has none of them; the month has both lines.
      const otherHalf = await ctx().request({
        method: 'GET',
        url: `${RET}/declaracionIva?id_localidad=${company.id}&periodo=${month()}&quincena=${3 - q}`,
        token,
      });
      expect(otherHalf.body).toBe('');
      const wholeMonth = await ctx().request({
        method: 'GET',
        url: `${RET}/declaracionIva?id_localidad=${company.id}&periodo=${month()}`,
        token,
      });
      expect(wholeMonth.body).toBe(txt.body);
      const bad = await ctx().request({
        method: 'GET',
        url: `${RET}/declaracionIva?id_localidad=${company.id}&periodo=${month()}&quincena=3`,
        token,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('quincena debe ser 1');
    });

    it('item 7: a declared fortnight keeps its file and SHA-256, freezes its vouchers, refuses overlaps and other tenants', async () => {
      const company = await withholdingAgent(ctx);
      const other = await withholdingAgent(ctx);
      const token = await retUser(ctx, [company.id]);
      const made = await post(ctx, token, [
        ivaVoucher(company.rif),
        ivaVoucher(company.rif, { rifProveedor: 'J-000000027' }),
      ]);
      const [kept, later] = made.DetalleretencionesProcesadas;
      const q = quincena();
      const url = `${RET}/declaracionIva?id_localidad=${company.id}&periodo=${month()}&quincena=${q}`;
      const file = await ctx().request({ method: 'GET', url, token });
      const hash = sha256(file.body);
      const body = { id_localidad: company.id, periodo: month(), quincena: q, modelo: 'IVA', sha256: hash };

      // Bad input: 400 and nothing stored; a file that changed since the download: 409.
      const bad = await ctx().request({
        method: 'POST',
        url: `${RET}/declaraciones`,
        token,
        payload: { ...body, sha256: 'abc' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('sha256 debe ser el SHA-256');
      const stale = await ctx().request({
        method: 'POST',
        url: `${RET}/declaraciones`,
        token,
        payload: { ...body, sha256: sha256('otro') },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toContain('descárguelo de nuevo');
      // Another company's user and a user without the annul right: 403.
      const foreign = await retUser(ctx, [other.id]);
      expect(
        (await ctx().request({ method: 'POST', url: `${RET}/declaraciones`, token: foreign, payload: body }))
          .statusCode,
      ).toBe(403);
      const viewer = await retUser(ctx, [company.id], ['search']);
      expect(
        (await ctx().request({ method: 'POST', url: `${RET}/declaraciones`, token: viewer, payload: body }))
          .statusCode,
      ).toBe(403);
      const none = await ctx().database.query<{ n: number }>(
        'select count(*)::int as n from declaraciones_retencion where id_localidad = $1',
        [company.id],
      );
      expect(none[0].n).toBe(0);

      const declared = await ctx().request({
        method: 'POST',
        url: `${RET}/declaraciones`,
        token,
        payload: body,
      });
      expect(declared.statusCode, declared.body).toBe(200);
      const row = declared.json().result;
      expect(row).toMatchObject({
        modelo: 'IVA',
        periodo: month(),
        quincena: q,
        sha256: hash,
        comprobantes: 2,
        declaradoPor: expect.stringContaining('@'),
      });
      const audit = await lastAudit(ctx, row.id, 'declaracionRetencion');
      expect(audit).toMatchObject({ action: 'declare', method: 'POST' });
      expect(audit.after).toMatchObject({ sha256: hash, comprobantes: 2 });
      const stored = await ctx().database.query<{ archivo: Buffer | Uint8Array }>(
        'select archivo from declaraciones_retencion where id = $1',
        [row.id],
      );
      expect(sha256(Buffer.from(stored[0].archivo))).toBe(hash);

      // Annulment of a declared voucher: 409 with why and what to do; the voucher stays active.
      const annul = await ctx().request({
        method: 'PUT',
        url: `${RET}/anularRetencionIva/${kept.id}`,
        token,
      });
      expect(annul.statusCode).toBe(409);
      expect(annul.json().message).toBe(
        `La retención ${kept.nroComprobante} ya fue declarada al SENIAT en el período ${month().replace('-', '')}-Q${q}: no se puede anular ni modificar. Registre el ajuste en un período posterior (un comprobante con una línea 02-AJUSND o 03-AJUSNC que afecte el documento).`,
      );
      const mass = await ctx().request({
        method: 'POST',
        url: `${RET}/anularMasivaRetencionesIva`,
        token,
        payload: [{ rif: company.rif, nroComprobante: later.nroComprobante }],
      });
      expect(mass.json().result.code).toBe(203);
      expect(mass.json().result.DetalleErrorRetencionesIva[0].msg).toContain('ya fue declarada');
      const statuses = await ctx().database.query<{ status: string }>(
        'select log_estatus_registro as status from retenciones where id_localidad = $1',
        [company.id],
      );
      expect(statuses.map((s) => s.status)).toEqual(['ACTIVO', 'ACTIVO']);

      // A voucher issued after the declaration does not change the declared file: it is served as stored.
      await post(ctx, token, [ivaVoucher(company.rif, { rifProveedor: 'J-000000035' })]);
      const again = await ctx().request({ method: 'GET', url, token });
      expect(again.body).toBe(file.body);
      expect(again.headers['x-sha256']).toBe(hash);
      expect(again.headers['x-declarada']).toBe(row.fechaDeclaracion);
      // The month overlaps the declared fortnight: refused (whatever file is sent).
      const month409 = await ctx().request({
        method: 'POST',
        url: `${RET}/declaraciones`,
        token,
        payload: { ...body, quincena: undefined },
      });
      expect(month409.statusCode).toBe(409);
      expect(month409.json().message).toContain('se superpone con el ya declarado');
      // The list of declared periods, and tenancy on it.
      const list = await ctx().request({
        method: 'GET',
        url: `${RET}/declaraciones?id_localidad=${company.id}`,
        token,
      });
      expect(list.json().result).toEqual([row]);
      expect(
        (
          await ctx().request({
            method: 'GET',
            url: `${RET}/declaraciones?id_localidad=${company.id}`,
            token: foreign,
          })
        ).statusCode,
      ).toBe(403);
    });
  });
});
