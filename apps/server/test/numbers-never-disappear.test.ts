// The numbers an imprenta assigns never disappear (Providencia SNAT/2024/000102, G.O. 43.032, as integrators
// read it: the register of assignments with date and time, every family reported, numbers never lost). On a
// company of the test's own with invoices (one annulled and 'deleted'), an order and an IVA withholding
// voucher:
// - the sales book keeps the 'deleted' invoice's number (no 00-00000001 → 00-00000003 gap), as does public
//   verification; the database refuses a plain SQL DELETE of any numbered document, its parts and the ledger;
// - the register of assignments: search, filters, paging, the actor, the audit's actor for older lots, CSV and
//   XLSX, bad input, a foreign tenant;
// - the moment each number was assigned, in the integration answers, the detail and the PDF's text;
// - the Art. 28 report lists the order, the voucher and the annulled invoice with zero amounts.
import { caracasDate, formatCaracasDateTime } from '@sigece/fiscal';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { renderDocument } from '../src/modules/issuance/render/render.ts';
import { ADMIN, describeWithApp } from './harness.ts';
import { createInvoice, globalLot, invoice, newCompany, userWith } from './support/invoices.ts';
import { generatedInvoice } from './support/notes.ts';
import { ingestOrders, orderItem } from './support/orders.ts';
import { pdfToText } from './support/pdf-text.ts';
import { ivaVoucher, makeWithholdingAgent, RET } from './support/withholdings.ts';

const REGISTER = '/v2/reportes/seniat/registroAsignaciones';
const SENIAT_MODULE = '/reportes/ReportSeniat';
const R = '/v2/mantenimiento/reportes';
const ISO_CARACAS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-04:00$/;

/** The rows under the header row (the one starting with `first`) of a sheet, as text. */
function tableOf(sheet: ExcelJS.Worksheet | undefined, first: string): string[][] {
  if (!sheet) return [];
  const rows: string[][] = [];
  let inTable = false;
  sheet.eachRow((row) => {
    const values = (row.values as unknown[])
      .slice(1)
      .map((v) => (v === null || v === undefined ? '' : String(v)));
    if (inTable) rows.push(values);
    else if (values[0] === first) inTable = true;
  });
  return rows;
}

async function readBook(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

describeWithApp(
  'the register of assignments, the assignment time on every document, every family reported, numbers never disappear',
  (ctx) => {
    const admin = () => ctx().adminToken();
    const get = async (url: string, token?: string) =>
      ctx().request({ method: 'GET', url, token: token ?? (await admin()) });
    const query = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
      ctx().database.query<T>(text, params);

    let A: { id: string; rif: string; nombre: string };
    let B: { id: string; rif: string; nombre: string };
    let today: string;
    const inv: Record<string, { id: string; nroControl: string; nroFactura: string }> = {};
    let order: { id: string; nroControl: string; fecha?: string };
    let voucher: { id: string; nroControl: string; fecha?: string };
    let invoiceAnswer: Record<string, unknown>;

    beforeAll(async () => {
      const token = await admin();
      today = caracasDate(new Date());
      A = await newCompany(ctx, { lot: 100 });
      B = await newCompany(ctx, { lot: 100 });
      await globalLot(ctx, '/v2/facturas/addcontrolOrdenGuiaLoc', A.id, 100);
      await makeWithholdingAgent(ctx, A.id);
      for (const key of ['f1', 'f2', 'f3']) {
        const made = await generatedInvoice(ctx, token, {
          rif: A.rif,
          lines: [{ precio: 100, cantidad: 1, alicuota: 16 }],
        });
        inv[key] = { id: made.id, nroControl: made.nroControl, nroFactura: made.nroFactura };
      }
      // The second one is annulled, then 'Eliminar' hides it from the lists.
      for (const url of [
        `/v2/facturas/anularfactura/${inv.f2.id}`,
        `/v2/facturas/deletefactura/${inv.f2.id}`,
      ]) {
        const res = await ctx().request({ method: 'PUT', url, token });
        expect(res.statusCode, res.body).toBe(200);
      }
      invoiceAnswer = await createInvoice(ctx, token, invoice({ rif: B.rif }));
      const orders = await ingestOrders(ctx, token, [
        orderItem({ rif: A.rif, amounts: [{ precio: 50, cantidad: 2, alicuota: 16 }] }),
      ]);
      const o = orders.resultado.DetalleOrdenesProcesadas[0];
      order = { id: o.id, nroControl: o.nroControl, fecha: o.fechaAsignacionControl };
      const ret = await ctx().request({
        method: 'POST',
        url: `${RET}/createRetencionIvaMasiva`,
        token,
        payload: [ivaVoucher(A.rif)],
      });
      expect(ret.statusCode, ret.body).toBe(200);
      const v = ret.json().DetalleretencionesProcesadas[0];
      voucher = { id: v.id, nroControl: v.NroControlComprobante, fecha: v.FechaAsignacionControl };
      await renderDocument(ctx().app.deps, 'orden', order.id);
      await renderDocument(ctx().app.deps, 'ret', voucher.id);
    });

    it("item 6: the sales book keeps the 'deleted' invoice's number, annulled, between its neighbours; public verification still finds it", async () => {
      expect([inv.f1, inv.f2, inv.f3].map((f) => f.nroControl)).toEqual([
        '00-00000001',
        '00-00000002',
        '00-00000003',
      ]);
      const res = await get(
        `${R}/getlibroVentas?${new URLSearchParams({ fechaInicio: today, fechaFin: today, id_localidad: A.id })}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const text = await pdfToText(Buffer.from(res.json().libro.reporteVenta, 'base64'));
      const lines = text.split('\n');
      const at = [inv.f1, inv.f2, inv.f3].map((f) => lines.findIndex((l) => l.includes(f.nroControl)));
      expect(
        at.every((i) => i >= 0),
        text,
      ).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      expect(lines[at[1]]).toContain('ANULADA');
      // Hidden from the working list, still answered by public verification (no token) and its checksum.
      const list = await get('/v2/facturas/queryfacturacion?limit=500');
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().results.some((r: { id: string }) => r.id === inv.f2.id)).toBe(false);
      const pub = await ctx().request({ method: 'GET', url: `/v2/facturas/getfacturacion/${inv.f2.id}` });
      expect(pub.statusCode, pub.body).toBe(200);
      expect(pub.json().factura.nroControl).toBe(inv.f2.nroControl);
      const state = await ctx().request({ method: 'GET', url: `/v2/documentos/fact/${inv.f2.id}/anulacion` });
      expect(state.statusCode, state.body).toBe(200);
      expect(state.json().anulado).toBe(true);
    });

    it('item 6: the database refuses a SQL DELETE of a numbered document, of its lines, of the ledger and of a used lot', async () => {
      const refused = async (text: string, params: unknown[], pattern: RegExp) => {
        const error = await query(text, params).then(
          () => null,
          (e: unknown) =>
            e as { code?: string; message?: string; cause?: { code?: string; message?: string } },
        );
        expect(error, `${text} must be refused`).not.toBeNull();
        expect(error?.code ?? error?.cause?.code).toBe('23001');
        expect(error?.message ?? error?.cause?.message).toMatch(pattern);
      };
      await refused(
        'delete from facturas where id = $1',
        [inv.f2.id],
        /No se puede eliminar el documento con número de control 00-00000002/,
      );
      await refused(
        'delete from facturas where id_localidad = $1',
        [A.id],
        /No se puede eliminar el documento/,
      );
      await refused(
        'delete from factura_lineas where id_factura = $1',
        [inv.f1.id],
        /una parte \(factura_lineas\)/,
      );
      await refused('delete from ordenes where id = $1', [order.id], /No se puede eliminar el documento/);
      await refused(
        'delete from retenciones where id = $1',
        [voucher.id],
        /No se puede eliminar el documento/,
      );
      await refused('delete from retencion_lineas where id_retencion = $1', [voucher.id], /una parte/);
      await refused('delete from control_numbers where id_localidad = $1', [A.id], /control_numbers/);
      await refused(
        "delete from control_lots where id_localidad = $1 and familia = 'FACTURA'",
        [A.id],
        /control_lots/,
      );
      await refused('truncate facturas cascade', [], /No se puede vaciar la tabla facturas/);
      const [kept] = await query<{ n: number }>(
        `select (select count(*) from facturas where id_localidad = $1)::int +
              (select count(*) from control_numbers where id_localidad = $1)::int as n`,
        [A.id],
      );
      // Three invoices, and the ledger entries of those, an order and a voucher.
      expect(Number(kept.n)).toBe(3 + 5);
    });

    it('item 3: the register lists every lot of the company with range, date and time, and who assigned it; filters and pages on the server', async () => {
      const res = await get(`${REGISTER}?id_localidad=${A.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.totalResults).toBe(3);
      const byFamily = Object.fromEntries(body.results.map((r: { familia: string }) => [r.familia, r]));
      expect(Object.keys(byFamily).sort()).toEqual(['FACTURA', 'ORDEN', 'RETENCION']);
      expect(byFamily.FACTURA).toMatchObject({
        tipoAsignacion: 'LOTE',
        tipoLote: 'GLOBAL',
        empresaRif: A.rif,
        empresa: A.nombre,
        sucursal: null,
        serie: '00',
        nroControlDesde: '00-00000001',
        nroControlHasta: '00-00000100',
        cantidad: 100,
        usados: 3,
        estatus: 'ACTIVO',
        asignadoPor: ADMIN.email,
      });
      expect(byFamily.FACTURA.fechaAsignacion).toMatch(ISO_CARACAS);
      expect(byFamily.FACTURA.fechaAsignacion.slice(0, 10)).toBe(today);
      expect(byFamily.FACTURA.fechaAsignacionTexto).toBe(
        formatCaracasDateTime(byFamily.FACTURA.fechaAsignacion),
      );
      expect(byFamily.ORDEN.usados).toBe(1);
      expect(byFamily.RETENCION.familiaNombre).toBe('Comprobantes de retención IVA e ISLR');

      const page2 = (await get(`${REGISTER}?id_localidad=${A.id}&limit=1&page=2`)).json();
      expect(page2).toMatchObject({ page: 2, limit: 1, totalPages: 3, totalResults: 3 });
      expect(page2.results).toHaveLength(1);
      expect(page2.results[0].id).toBe(body.results[1].id);
      const orders = (await get(`${REGISTER}?id_localidad=${A.id}&familia=ORDEN`)).json();
      expect(orders.results.map((r: { familia: string }) => r.familia)).toEqual(['ORDEN']);
      const dated = (
        await get(`${REGISTER}?id_localidad=${A.id}&fechaInicio=2020-01-01&fechaFin=2020-01-31`)
      ).json();
      expect(dated.totalResults).toBe(0);
      const searched = (await get(`${REGISTER}?search=${encodeURIComponent(A.nombre)}`)).json();
      expect(searched.results.every((r: { id_localidad: string }) => r.id_localidad === A.id)).toBe(true);
      expect(searched.totalResults).toBe(3);
    });

    it("item 3: a lot written as 'sistema' before migration 0026 shows the audit entry's actor", async () => {
      const [lot] = await query<{ id: string }>(
        `insert into control_lots (id_localidad, familia, tipo, serie, cantidad, desde, hasta, actual, status)
       values ($1, 'FACTURA', 'GLOBAL', '07', 10, 0, 10, 0, 'ENCOLA') returning id::text`,
        [B.id],
      );
      await query(
        `insert into audit_log (user_email, method, route, entity, entity_id, action)
       values ('operadora@imprenta.example', 'POST', '/v2/facturas/addcontrolLoc', 'controlLote', $1, 'create')`,
        [lot.id],
      );
      const res = (await get(`${REGISTER}?id_localidad=${B.id}&serie=07`)).json();
      expect(res.results).toHaveLength(1);
      expect(res.results[0]).toMatchObject({
        asignadoPor: 'operadora@imprenta.example',
        nroControlDesde: '07-00000001',
      });
      // Never used, so it may still be removed; a used one may not (the test above).
      await query('delete from control_lots where id = $1', [lot.id]);
    });

    it('item 3: the register downloads as CSV (documented layout) and XLSX with the same rows', async () => {
      const csv = await get(`${REGISTER}/descargar?formato=csv&id_localidad=${A.id}`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/RegistroAsignaciones_\d{4}-\d{2}-\d{2}\.csv/);
      const records = csv.body.split('\r\n').filter(Boolean);
      expect(records).toHaveLength(4);
      expect(records[0].split(';')[0]).toBe('"RIF Razón Social"');
      const factura = records.slice(1).find((r) => r.includes('"Facturas y notas de crédito y débito"'));
      expect(factura?.split(';').slice(5, 10)).toEqual([
        '"00"',
        '"00-00000001"',
        '"00-00000100"',
        '100',
        '3',
      ]);
      const xlsx = await get(`${REGISTER}/descargar?formato=XLSX&id_localidad=${A.id}`);
      expect(xlsx.statusCode).toBe(200);
      const rows = tableOf((await readBook(xlsx.rawPayload)).getWorksheet('Registro'), 'RIF Razón Social');
      expect(rows).toHaveLength(3);
      expect(rows.map((r) => r[6]).sort()).toEqual(['00-00000001', '00-00000001', '00-00000001']);
    });

    it('item 3: bad filters are a Spanish 400; a foreign company is a 403 and never listed; no token is a 401', async () => {
      const bad = await get(`${REGISTER}?familia=FACTURAS`);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('familia debe ser FACTURA, ORDEN o RETENCION');
      const reversed = await get(`${REGISTER}?fechaInicio=2026-06-10&fechaFin=2026-06-01`);
      expect(reversed.statusCode).toBe(400);
      expect(reversed.body).toContain('La fecha Hasta no puede ser anterior a la fecha Desde');
      expect((await get(`${REGISTER}?id_localidad=no-es-un-id`)).statusCode).toBe(400);
      expect((await get(`${REGISTER}/descargar?formato=PDF`)).statusCode).toBe(400);

      const userOfB = await userWith(ctx, { [SENIAT_MODULE]: [] }, [B.id]);
      const foreign = await get(`${REGISTER}?id_localidad=${A.id}`, userOfB);
      expect(foreign.statusCode).toBe(403);
      expect((await get(`${REGISTER}/descargar?formato=CSV&id_localidad=${A.id}`, userOfB)).statusCode).toBe(
        403,
      );
      const own = (await get(`${REGISTER}?limit=500`, userOfB)).json();
      expect(own.totalResults).toBeGreaterThan(0);
      expect(own.results.every((r: { id_localidad: string }) => r.id_localidad === B.id)).toBe(true);
      const withoutModule = await userWith(ctx, { '/facturacion/generales': ['search'] }, [A.id]);
      expect((await get(REGISTER, withoutModule)).statusCode).toBe(403);
      expect((await ctx().request({ method: 'GET', url: REGISTER })).statusCode).toBe(401);
    });

    it('item 4: the integration answers, the detail and the PDF state when the control number was assigned (Caracas)', async () => {
      const [ledger] = await query<{ at: string }>(
        `select to_char(emitido_en at time zone 'America/Caracas', 'YYYY-MM-DD"T"HH24:MI:SS') || '-04:00' as at
       from control_numbers where tipo_doc = 'fact' and id_documento = $1`,
        [invoiceAnswer.id],
      );
      expect(invoiceAnswer.FechaAsignacionControl).toBe(ledger.at);
      expect(invoiceAnswer.FechaAsignacionControl).toMatch(ISO_CARACAS);
      expect(String(invoiceAnswer.FechaAsignacionControl).slice(0, 10)).toBe(today);
      expect(order.fecha).toMatch(ISO_CARACAS);
      expect(voucher.fecha).toMatch(ISO_CARACAS);

      const detail = await get(`/v2/facturas/getfacturacion/${inv.f1.id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      const assigned = detail.json().result.fechaAsignacionControl as string;
      expect(assigned).toMatch(ISO_CARACAS);
      const orderDetail = await get(`/v2/ordenes/detalle/${order.id}`);
      expect(orderDetail.statusCode, orderDetail.body).toBe(200);
      expect(orderDetail.json().result.fechaAsignacionControl).toBe(order.fecha);

      const [stored] = await query<{ pdf: Buffer }>('select pdf from facturas where id = $1', [inv.f1.id]);
      const text = await pdfToText(Buffer.from(stored.pdf));
      const [d, t] = formatCaracasDateTime(assigned).split(' ');
      expect(text).toContain(`N° de Control asignado: ${d}`);
      // The time as the header prints it (hh:mm AM/PM).
      const hour = Number(t.slice(0, 2));
      const clock = `${String(hour % 12 || 12).padStart(2, '0')}:${t.slice(3, 5)} ${hour < 12 ? 'AM' : 'PM'}`;
      expect(text).toContain(`N° de Control asignado: ${d} ${clock}`);
      const [orderPdf] = await query<{ pdf: Buffer }>('select pdf from ordenes where id = $1', [order.id]);
      expect(await pdfToText(Buffer.from(orderPdf.pdf))).toContain('N° de Control asignado:');
    });

    it('item 5: the Art. 28 report lists the order and the withholding voucher, and the annulled invoice with zero amounts', async () => {
      const res = await get(
        `${R}/descargarReportSemanalSeniat?${new URLSearchParams({
          tipoReporte: '1',
          fechaInicio: today,
          fechaFin: today,
          rif: A.rif,
        })}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().documentos).toBe(5);
      const book = await readBook(Buffer.from(res.json().resultExcel, 'base64'));
      const docs = tableOf(book.getWorksheet('Documentos'), 'RIF Empresa');
      const byControl = new Map(docs.map((r) => [`${r[3]}|${r[5]}`, r]));
      const annulled = byControl.get(`Factura|${inv.f2.nroControl}`);
      expect(annulled?.slice(10)).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00', 'Anulado']);
      const active = byControl.get(`Factura|${inv.f1.nroControl}`);
      expect(active?.slice(10)).toEqual(['100.00', '0.00', '16.00', '116.00', '0.00', 'Emitido']);
      const ord = byControl.get(`Orden de Entrega|${order.nroControl}`);
      expect(ord?.slice(10)).toEqual(['100.00', '0.00', '16.00', '116.00', '0.00', 'Emitido']);
      const ret = byControl.get(`Comprobante de Retención IVA|${voucher.nroControl}`);
      expect(ret?.[7]).toBe('J-000000019');
      expect(ret?.slice(10)).toEqual(['1000.00', '0.00', '160.00', '1160.00', '120.00', 'Emitido']);
      const summary = tableOf(book.getWorksheet('Resumen'), 'RIF Empresa');
      // Facturas, NC, ND, órdenes, guías, retenciones IVA, ISLR, anulados, total.
      expect(summary[0].slice(2, 11)).toEqual(['3', '0', '0', '1', '0', '1', '0', '1', '5']);
      const ranges = tableOf(book.getWorksheet('Rangos'), 'RIF Empresa');
      expect(ranges.map((r) => `${r[2]} ${r[4]} ${r[5]} ${r[6]}`).sort()).toEqual([
        'FACTURA 00-00000001 00-00000003 3',
        `ORDEN ${order.nroControl} ${order.nroControl} 1`,
        `RETENCION ${voucher.nroControl} ${voucher.nroControl} 1`,
      ]);
    });
  },
);
