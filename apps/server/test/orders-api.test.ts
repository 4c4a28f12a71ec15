// Integration tests of delivery orders and dispatch guides (spec 001 §2.4, §3.9, §4.5, §7.3,
// §8.4; spec 002 §2.7, §7): every call of the orders API on PGlite and PostgreSQL — masivaordenes with
// and without amounts, its refusals (missing motivo, unknown client, duplicate nroOrden, amounts that
// disagree), numbering from the ORDEN lot (racing requests leave no gap), anular, queryordenes,
// ordencodificada and the signed PDF read back with pdftotext and pdfsig, getOrdenId and isValidChecksum
// with tipoDocumento orden, the order report (PDF and xlsx), invoicing an order, and a foreign tenant.
import { caracasDate } from '@sigece/fiscal';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import { createInvoice, invoice, multipart, verifyChecksum } from './support/invoices.ts';
import {
  annulOrdersBy,
  ingestOrders,
  ORDERS,
  orderCompany,
  orderItem,
  ordersUser,
} from './support/orders.ts';
import { pdfLayoutText, pdfSignatures } from './support/pdf-text.ts';

describe('orders and guides', () => {
  describeWithApp('orders API', (ctx) => {
    const admin = () => ctx().adminToken();
    const counts = async () => {
      const [row] = await ctx().database.query<{ ordenes: string; lineas: string; actual: string }>(
        `select (select count(*) from ordenes)::text as ordenes,
                (select count(*) from orden_lineas)::text as lineas,
                (select coalesce(sum(actual), 0) from control_lots where familia = 'ORDEN')::text as actual`,
      );
      return row;
    };
    const idOf = async (nroOrden: string) => {
      const [row] = await ctx().database.query<{ id: string }>(
        'select id::text as id from ordenes where nro_orden = $1',
        [nroOrden],
      );
      return row.id;
    };

    it('stores a guide without amounts and an order with amounts, numbered from the ORDEN lot', async () => {
      const company = await orderCompany(ctx);
      const guide = orderItem({ rif: company.rif, modeloOrden: 'GUIADESPACHO' });
      const order = orderItem({
        rif: company.rif,
        amounts: [
          { precio: 100, cantidad: 2, alicuota: 16 },
          { precio: 50, cantidad: 1, exento: true },
        ],
      });
      const answer = await ingestOrders(ctx, await admin(), [guide, order]);
      expect(answer.code).toBe(200);
      expect(answer.resultado.totalOrdenesNew).toBe(2);
      expect(answer.resultado.totalOrdenesconError).toBe(0);
      expect(answer.resultado.DetalleOrdenesProcesadas.map((d) => [d.nroOrden, d.nroControl, d.msg])).toEqual(
        [
          [guide.nroOrden, '00-00000001', 'Orden/Guia registrada con exito'],
          [order.nroOrden, '00-00000002', 'Orden/Guia registrada con exito'],
        ],
      );
      const rows = await ctx().database.query<Record<string, unknown>>(
        `select nro_orden, modelo_orden, incluir_montos, sub_total, total_iva, importe_total, motivo, direccion_entrega
         from ordenes where id_localidad = $1 order by secuencia`,
        [company.id],
      );
      expect(rows[0]).toMatchObject({
        modelo_orden: 'GUIADESPACHO',
        incluir_montos: false,
        importe_total: null,
        motivo: 'Venta',
        direccion_entrega: 'Galpón 3, Zona Industrial La Yaguara, Caracas',
      });
      // 2 × 100 at 16 % + 50 exempt: 250.00 + 32.00.
      expect(rows[1]).toMatchObject({
        incluir_montos: true,
        sub_total: '250.00',
        total_iva: '32.00',
        importe_total: '282.00',
      });
      const lines = await ctx().database.query<{ precio: string | null; importe: string | null }>(
        'select l.precio, l.importe from orden_lineas l join ordenes o on o.id = l.id_orden where o.nro_orden = $1',
        [guide.nroOrden],
      );
      expect(lines).toEqual([{ precio: null, importe: null }]);
    });

    it('refuses bad orders one by one with their message, leaving no trace and no consumed number', async () => {
      const company = await orderCompany(ctx);
      const token = await admin();
      const good = orderItem({ rif: company.rif });
      await ingestOrders(ctx, token, [good]);
      const before = await counts();
      const noMotivo = orderItem({ rif: company.rif, extra: { motivo: '' } });
      const unknownClient = orderItem({
        rif: company.rif,
        cliente: { numeroDocumento: '99887766', identificacion: undefined },
      });
      const duplicate = orderItem({ rif: company.rif, nroOrden: String(good.nroOrden) });
      const amounts = orderItem({
        rif: company.rif,
        amounts: [{ precio: 100, cantidad: 1, alicuota: 16 }],
        extra: { importeTotal: '120.00' },
      });
      const noAddress = orderItem({ rif: company.rif, cliente: { direccionEntrega: '' } });
      const noPrice = orderItem({
        rif: company.rif,
        extra: { IncluirMontos: true, subTotal: 1, importeTotal: 1 },
      });
      const answer = await ingestOrders(ctx, token, [
        noMotivo,
        unknownClient,
        duplicate,
        amounts,
        noAddress,
        noPrice,
      ]);
      expect(answer.code).toBe(203);
      expect(answer.resultado.totalOrdenesNew).toBe(0);
      const msgs = answer.resultado.DetalleErrorOrdenes.map((e) => e.msg);
      expect(msgs[0]).toBe('motivo: motivo es requerido');
      expect(msgs[1]).toBe(`El cliente V-99887766 no existe en ${company.rif}: envíe cliente.identificacion`);
      expect(msgs[2]).toBe(`La orden de entrega ${good.nroOrden} ya existe`);
      expect(msgs[3]).toBe('El campo importeTotal enviado (120.00) no coincide con el calculado (116.00)');
      expect(msgs[4]).toBe('direccionEntrega es requerido');
      expect(msgs[5]).toBe(
        'lstDetallesFacturaGeneral[0].precio es requerido cuando IncluirMontos es verdadero',
      );
      expect(answer.resultado.DetalleErrorOrdenes.map((e) => e.posicion)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await counts()).toEqual(before);
      // The same number as a guide is another document (unique per company AND kind).
      const asGuide = await ingestOrders(ctx, token, [
        orderItem({ rif: company.rif, nroOrden: String(good.nroOrden), modeloOrden: 'GUIADESPACHO' }),
      ]);
      expect(asGuide.code).toBe(200);
      // Not an array: 400.
      const res = await ctx().request({
        method: 'POST',
        url: `${ORDERS}/masivaordenes`,
        token,
        payload: { a: 1 },
      });
      expect(res.statusCode).toBe(400);
    });

    it('a client named only by document is taken from the company catalog', async () => {
      const company = await orderCompany(ctx);
      const token = await admin();
      await ingestOrders(ctx, token, [
        orderItem({ rif: company.rif, cliente: { numeroDocumento: '22334455', identificacion: 'ANA DIAZ' } }),
      ]);
      const byDoc = orderItem({
        rif: company.rif,
        cliente: { numeroDocumento: '22334455', identificacion: undefined },
      });
      const answer = await ingestOrders(ctx, token, [byDoc]);
      expect(answer.code, JSON.stringify(answer)).toBe(200);
      const [row] = await ctx().database.query<{ nombre: string }>(
        `select cliente->>'identificacion' as nombre from ordenes where nro_orden = $1`,
        [byDoc.nroOrden],
      );
      expect(row.nombre).toBe('ANA DIAZ');
    });

    it('orders racing on one lot get consecutive control numbers with no gap and no repeat', async () => {
      const company = await orderCompany(ctx);
      const token = await admin();
      const requests = Array.from({ length: 6 }, () =>
        ingestOrders(ctx, token, [orderItem({ rif: company.rif }), orderItem({ rif: company.rif })]),
      );
      const answers = await Promise.all(requests);
      expect(answers.every((a) => a.code === 200)).toBe(true);
      const rows = await ctx().database.query<{ n: string }>(
        'select numero_control::text as n from ordenes where id_localidad = $1 order by numero_control',
        [company.id],
      );
      expect(rows.map((r) => Number(r.n))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      const [ledger] = await ctx().database.query<{ c: string }>(
        `select count(*)::text as c from control_numbers where tipo_doc = 'orden' and id_localidad = $1`,
        [company.id],
      );
      expect(Number(ledger.c)).toBe(12);
    });

    it('the signed PDF of a guide without amounts and of an order with amounts; verified publicly', async () => {
      const company = await orderCompany(ctx, { nombre: `Ordenes PDF ${ctx().driver}, C.A.` });
      const token = await ordersUser(ctx, [company.id]);
      const guide = orderItem({
        rif: company.rif,
        modeloOrden: 'GUIADESPACHO',
        lines: [{ codigo: 'CEM-42', descripcion: 'Cemento gris 42,5 kg', cantidad: 12, unidad: 'SACO' }],
      });
      const order = orderItem({
        rif: company.rif,
        amounts: [{ precio: 1234.5, cantidad: 2, alicuota: 16, descripcion: 'Cabilla 1/2' }],
      });
      const answer = await ingestOrders(ctx, token, [guide, order]);
      expect(answer.code).toBe(200);

      const guideId = await idOf(String(guide.nroOrden));
      const coded = await ctx().request({
        method: 'GET',
        url: `${ORDERS}/ordencodificada/${guideId}`,
        token,
      });
      expect(coded.statusCode, coded.body).toBe(200);
      const guidePdf = Buffer.from(coded.json().facturaCodificada, 'base64');
      const guideText = await pdfLayoutText(guidePdf);
      expect(guideText).toContain('GUÍA DE DESPACHO');
      expect(guideText).toContain(String(guide.nroOrden));
      expect(guideText).toContain('00-00000001');
      expect(guideText).toContain('Cemento gris 42,5 kg');
      expect(guideText).toContain('SACO');
      expect(guideText).toContain('Galpón 3, Zona Industrial La');
      expect(guideText).toContain('Motivo');
      expect(guideText).toContain('Entregar en horario de oficina');
      expect(guideText).toContain('PEDRO PEREZ');
      expect(guideText).not.toContain('Precio unit.');
      expect(guideText).not.toContain('TOTAL');
      expect(guideText.replace(/\s+/g, '')).toContain(`/certificar/${guideId}/orden`);
      expect(await pdfSignatures(guidePdf)).toContain('Signature is Valid');

      const orderId = await idOf(String(order.nroOrden));
      const res = await ctx().request({ method: 'GET', url: `${ORDERS}/pdf/${orderId}`, token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      const orderText = await pdfLayoutText(res.rawPayload);
      expect(orderText).toContain('ORDEN DE ENTREGA');
      expect(orderText).toContain('Precio unit.');
      expect(orderText).toContain('Cabilla 1/2');
      // 2 × 1.234,50 = 2.469,00; IVA 16 % 395,04; total 2.864,04.
      expect(orderText).toContain('2.469,00');
      expect(orderText).toContain('395,04');
      expect(orderText).toContain('2.864,04');
      expect(await pdfSignatures(res.rawPayload)).toContain('Signature is Valid');

      // Public verification: getOrdenId without a token, isValidChecksum with tipoDocumento orden.
      const pub = await ctx().request({ method: 'GET', url: `${ORDERS}/getOrdenId/${guideId}` });
      expect(pub.statusCode).toBe(200);
      expect(pub.json().orden).toMatchObject({
        nroOrden: guide.nroOrden,
        nroControl: '00-00000001',
        estatus: 'Activa',
      });
      expect(pub.json().orden.lstDetallesFacturaGeneral).toBeUndefined();
      const verify = (pdf: Buffer, tipoDocumento = 'orden') =>
        verifyChecksum(ctx, [
          { name: 'tipoDocumento', value: tipoDocumento },
          { name: 'id', value: guideId },
          { name: 'checkSum', value: '' },
          { name: 'file', filename: 'orden.pdf', contentType: 'application/pdf', data: pdf },
        ]);
      expect((await verify(guidePdf)).json().code).toBe(200);
      const altered = Buffer.from(guidePdf);
      altered[altered.length - 10] ^= 1;
      expect((await verify(altered)).json().code).toBe(400);
    });

    it('anular: by rif, branch and number; twice is an error; the list shows it Anulada', async () => {
      const company = await orderCompany(ctx);
      const token = await ordersUser(ctx, [company.id]);
      const item = orderItem({ rif: company.rif });
      await ingestOrders(ctx, token, [item]);
      const first = await annulOrdersBy(ctx, token, [
        { rif: company.rif, codigoSucursal: '', nroOrden: item.nroOrden },
      ]);
      expect(first.code).toBe(200);
      expect(first.result.DetalleOrdensAnuladaExitosas).toEqual([
        { NroOrden: item.nroOrden, Mensaje: 'Orden/Guia anulada con exito' },
      ]);
      const again = await annulOrdersBy(ctx, token, [
        { rif: company.rif, nroOrden: item.nroOrden },
        { rif: company.rif, nroOrden: 'NO-EXISTE' },
        { rif: company.rif },
      ]);
      expect(again.code).toBe(203);
      expect(again.result.DetalleErrorOrdenes).toEqual([
        { NroOrden: item.nroOrden, Mensaje: 'La Orden/Guia ya está anulada' },
        { NroOrden: 'NO-EXISTE', Mensaje: `La Orden/Guia NO-EXISTE no existe en ${company.rif}` },
        { NroOrden: '', Mensaje: 'nroOrden: nroOrden es requerido' },
      ]);
      const list = await ctx().request({
        method: 'GET',
        url: `${ORDERS}/queryordenes?nroOrden=${item.nroOrden}`,
        token,
      });
      expect(list.json().results[0]).toMatchObject({ logEstatusRegistro: 'INACTIVO', estatus: 'Anulada' });
    });

    it('queryordenes: pages from 1, id ascending by default, filters; a bad filter is a 400', async () => {
      const company = await orderCompany(ctx);
      const token = await ordersUser(ctx, [company.id]);
      const items = Array.from({ length: 12 }, () => orderItem({ rif: company.rif }));
      await ingestOrders(ctx, token, items);
      const page = async (query: string) => {
        const res = await ctx().request({ method: 'GET', url: `${ORDERS}/queryordenes?${query}`, token });
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const p1 = await page('limit=10&page=1');
      expect(p1.totalResults).toBe(12);
      expect(p1.totalPages).toBe(2);
      expect(p1.results.map((r: { nroOrden: string }) => r.nroOrden)).toEqual(
        items.slice(0, 10).map((i) => i.nroOrden),
      );
      const p2 = await page('limit=10&page=2');
      expect(p2.results).toHaveLength(2);
      const desc = await page('limit=3&page=1&sort=id&order=desc');
      expect(desc.results[0].nroOrden).toBe(items[11].nroOrden);
      // The list's sortable headers (§2.4): number, control number, kind, date, company, client, amount.
      const numbers = items.map((i) => String(i.nroOrden));
      const byNumber = await page(`id_localidad=${company.id}&limit=20&sort=nroOrden&order=desc`);
      expect(byNumber.results.map((r: { nroOrden: string }) => r.nroOrden)).toEqual(
        [...numbers].sort().reverse(),
      );
      const byControl = await page(`id_localidad=${company.id}&limit=20&sort=nroControl&order=desc`);
      expect(byControl.results[0].nroControl).toBe('00-00000012');
      for (const sort of ['modeloOrden', 'fechaEmision', 'razonSocial', 'cliente', 'importeTotal'])
        expect((await page(`id_localidad=${company.id}&limit=20&sort=${sort}`)).totalResults, sort).toBe(12);
      const badSort = await ctx().request({
        method: 'GET',
        url: `${ORDERS}/queryordenes?sort=secuencia;drop`,
        token,
      });
      expect(badSort.statusCode).toBe(400);
      const today = caracasDate();
      const filtered = await page(
        `rif=${company.rif}&fechaInicio=${today}&fechaFin=${today}&id_localidad=${company.id}&nroOrden=${items[3].nroOrden}`,
      );
      expect(filtered.totalResults).toBe(1);
      const none = await page(`rif=${company.rif}&fechaInicio=2020-01-01&fechaFin=2020-01-02`);
      expect(none.totalResults).toBe(0);
      const bad = await ctx().request({
        method: 'GET',
        url: `${ORDERS}/queryordenes?fechaInicio=ayer`,
        token,
      });
      expect(bad.statusCode).toBe(400);
    });

    it('the order report: PDF with count and total, and the xlsx; both dates and a company required', async () => {
      const company = await orderCompany(ctx);
      const token = await ordersUser(ctx, [company.id]);
      await ingestOrders(ctx, token, [
        orderItem({ rif: company.rif, amounts: [{ precio: 100, cantidad: 1, alicuota: 16 }] }),
        orderItem({ rif: company.rif }),
      ]);
      const today = caracasDate();
      const q = `fechaInicio=${today}&fechaFin=${today}&id_localidad=${company.id}`;
      const res = await ctx().request({
        method: 'GET',
        url: `/v2/mantenimiento/reportes/getlibroOrdenes?${q}`,
        token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const libro = res.json().libro;
      expect(libro.consolidado).toBe(2);
      expect(libro.totalFacturas.totalImporteTotalSinTerceros).toBe('116.00');
      const text = await pdfLayoutText(Buffer.from(libro.reporteVenta, 'base64'));
      expect(text).toContain('Cantidad de Ordenes/Guias: 2');
      expect(text).toContain('Sin montos');
      const xls = await ctx().request({
        method: 'GET',
        url: `/v2/mantenimiento/reportes/getOrdenesExcel?${q}`,
        token,
      });
      expect(xls.statusCode).toBe(200);
      expect(xls.json().libro.nombre).toMatch(/^Ordenes_Guias_\d+\.xlsx$/);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(xls.json().libro.libroExcel, 'base64') as unknown as ArrayBuffer);
      const sheet = book.getWorksheet('Ordenes_Guias')!;
      expect(sheet.getRow(3).getCell(9).value).toBe(116);
      const missing = await ctx().request({
        method: 'GET',
        url: `/v2/mantenimiento/reportes/getlibroOrdenes?fechaInicio=${today}&id_localidad=${company.id}`,
        token,
      });
      expect(missing.statusCode).toBe(400);
    });

    it('the order report totals per currency: a USD order is shown and totalled in USD, apart from Bs.', async () => {
      const company = await orderCompany(ctx);
      const token = await ordersUser(ctx, [company.id]);
      const usd = orderItem({
        rif: company.rif,
        amounts: [{ precio: 80.5, cantidad: 1, alicuota: 16 }],
        extra: { facturaDivisa: 'USD', cambioDivisa: '40.00' },
      });
      const ves = orderItem({ rif: company.rif, amounts: [{ precio: 100, cantidad: 1, alicuota: 16 }] });
      await ingestOrders(ctx, token, [usd, ves]);
      const today = caracasDate();
      const q = `fechaInicio=${today}&fechaFin=${today}&id_localidad=${company.id}`;
      const res = await ctx().request({
        method: 'GET',
        url: `/v2/mantenimiento/reportes/getlibroOrdenes?${q}`,
        token,
      });
      expect(res.statusCode, res.body).toBe(200);
      const libro = res.json().libro;
      // 80.50 + 16 % = 93.38 USD; 100 + 16 % = 116.00 Bs.
      expect(libro.totalesPorMoneda).toEqual([
        { moneda: 'USD', total: '93.38' },
        { moneda: 'VES', total: '116.00' },
      ]);
      expect(libro.totalFacturas.totalImporteTotalSinTerceros).toBe('116.00');
      const text = await pdfLayoutText(Buffer.from(libro.reporteVenta, 'base64'));
      expect(text).toContain('93,38 USD');
      expect(text).not.toContain('Bs. USD');
      expect(text).toContain('Importe Total: 93,38 USD · 116,00 Bs.');
    });

    it('Facturar: an invoice names its order; the order shows it; a second invoice of it is refused', async () => {
      const company = await orderCompany(ctx);
      const token = await admin();
      const item = orderItem({ rif: company.rif, amounts: [{ precio: 100, cantidad: 1, alicuota: 16 }] });
      await ingestOrders(ctx, token, [item]);
      const id = await idOf(String(item.nroOrden));
      const created = await createInvoice(ctx, token, invoice({ rif: company.rif, extra: { idOrden: id } }));
      const list = await ctx().request({
        method: 'GET',
        url: `${ORDERS}/queryordenes?nroOrden=${item.nroOrden}`,
        token,
      });
      expect(list.json().results[0]).toMatchObject({
        facturaGenerada: 'true',
        id_factura: created.id,
        nroFactura: created.NroFactura,
      });
      const second = await ctx().request({
        method: 'POST',
        url: '/v2/facturas/masivafacturacion',
        token,
        payload: [invoice({ rif: company.rif, extra: { idOrden: id } })],
      });
      expect(second.json().DetalleErrorFacturas[0][0].Msg).toBe(
        `La Orden/Guia ${item.nroOrden} ya fue facturada`,
      );
      const other = await orderCompany(ctx);
      const foreign = await ctx().request({
        method: 'POST',
        url: '/v2/facturas/masivafacturacion',
        token,
        payload: [invoice({ rif: other.rif, extra: { idOrden: id } })],
      });
      expect(foreign.json().DetalleErrorFacturas[0][0].Msg).toBe(
        'La Orden/Guia indicada en idOrden no existe en la razón social',
      );
      // Once its invoice is annulled (with a reason, kept), the order can be invoiced again.
      const { renderDocument } = await import('../src/modules/issuance/render/render.ts');
      await renderDocument(ctx().app.deps, 'fact', created.id);
      const annulled = await ctx().request({
        method: 'PUT',
        url: `/v2/facturas/anularfactura/${created.id}`,
        token,
        payload: { motivoAnulacion: 'Precio errado' },
      });
      expect(annulled.statusCode, annulled.body).toBe(200);
      const [kept] = await ctx().database.query<{ motivo: string }>(
        'select motivo_anulacion as motivo from facturas where id = $1',
        [created.id],
      );
      expect(kept.motivo).toBe('Precio errado');
      const reissued = await createInvoice(ctx, token, invoice({ rif: company.rif, extra: { idOrden: id } }));
      const after = await ctx().request({
        method: 'GET',
        url: `${ORDERS}/queryordenes?nroOrden=${item.nroOrden}`,
        token,
      });
      expect(after.json().results[0]).toMatchObject({ facturaGenerada: 'true', id_factura: reissued.id });
    });

    it('annulment by number keeps the reason in the record, the audit and the public page, and honours the branch named', async () => {
      const company = await orderCompany(ctx);
      const token = await admin();
      const item = orderItem({ rif: company.rif });
      await ingestOrders(ctx, token, [item]);
      const id = await idOf(String(item.nroOrden));
      const elsewhere = await annulOrdersBy(ctx, token, [
        { rif: company.rif, codigoSucursal: 'NOEXISTE', nroOrden: item.nroOrden },
      ]);
      expect(elsewhere.code).toBe(203);
      const done = await annulOrdersBy(ctx, token, [
        { rif: company.rif, nroOrden: item.nroOrden, motivoAnulacion: '  Despacho cancelado  ' },
      ]);
      expect(done.code, JSON.stringify(done)).toBe(200);
      const [row] = await ctx().database.query<{ motivo: string; status: string }>(
        'select motivo_anulacion as motivo, log_estatus_registro as status from ordenes where id = $1',
        [id],
      );
      expect(row).toEqual({ motivo: 'Despacho cancelado', status: 'INACTIVO' });
      const audits = await ctx().database.query<{ after: { motivoAnulacion?: string } }>(
        `select after from audit_log where entity = 'orden' and entity_id = $1 and action = 'annul'`,
        [id],
      );
      expect(audits.map((a) => a.after.motivoAnulacion)).toEqual(['Despacho cancelado']);
      const pub = await ctx().request({ method: 'GET', url: `${ORDERS}/getOrdenId/${id}` });
      expect(pub.json().orden).toMatchObject({ estatus: 'Anulada', motivoAnulacion: 'Despacho cancelado' });
    });

    it('sorted by amount and by company; orders without amounts sort after those with amounts', async () => {
      const company = await orderCompany(ctx);
      const token = await ordersUser(ctx, [company.id]);
      const small = orderItem({ rif: company.rif, amounts: [{ precio: 10, cantidad: 1, alicuota: 16 }] });
      const none = orderItem({ rif: company.rif });
      const big = orderItem({ rif: company.rif, amounts: [{ precio: 500, cantidad: 2, alicuota: 16 }] });
      await ingestOrders(ctx, token, [small, none, big]);
      const sorted = async (query: string) => {
        const res = await ctx().request({
          method: 'GET',
          url: `${ORDERS}/queryordenes?id_localidad=${company.id}&${query}`,
          token,
        });
        expect(res.statusCode, res.body).toBe(200);
        return res
          .json()
          .results.map((r: { nroOrden: string; importeTotal: string | null }) => [
            r.nroOrden,
            r.importeTotal,
          ]);
      };
      // 10 + 16 % = 11.60; 1,000 + 16 % = 1,160.00; the guide without amounts has none (nulls last going up).
      expect(await sorted('sort=importeTotal&order=asc')).toEqual([
        [small.nroOrden, '11.60'],
        [big.nroOrden, '1160.00'],
        [none.nroOrden, null],
      ]);
      expect(await sorted('sort=importeTotal&order=desc')).toEqual([
        [none.nroOrden, null],
        [big.nroOrden, '1160.00'],
        [small.nroOrden, '11.60'],
      ]);
    });

    it('reading routes: a malformed id is a 400 and an unknown one a 404; a PDF does not verify as another order', async () => {
      const company = await orderCompany(ctx);
      const token = await ordersUser(ctx, [company.id]);
      const first = orderItem({ rif: company.rif });
      const second = orderItem({ rif: company.rif });
      await ingestOrders(ctx, token, [first, second]);
      const unknown = '00000000-0000-4000-8000-000000000000';
      for (const path of ['ordencodificada', 'pdf', 'detalle', 'getOrdenId']) {
        const bad = await ctx().request({ method: 'GET', url: `${ORDERS}/${path}/not-a-uuid`, token });
        expect(bad.statusCode, path).toBe(400);
        expect(bad.json().message, path).toContain('Identificador no válido');
        const missing = await ctx().request({ method: 'GET', url: `${ORDERS}/${path}/${unknown}`, token });
        expect(missing.statusCode, path).toBe(404);
      }
      const anonymous = await ctx().request({ method: 'GET', url: `${ORDERS}/getOrdenId/${unknown}` });
      expect(anonymous.statusCode).toBe(404);
      // The first order's signed PDF named with the second order's id: not that document.
      const firstId = await idOf(String(first.nroOrden));
      const secondId = await idOf(String(second.nroOrden));
      const coded = await ctx().request({
        method: 'GET',
        url: `${ORDERS}/ordencodificada/${firstId}`,
        token,
      });
      const pdf = Buffer.from(coded.json().facturaCodificada, 'base64');
      // The second one signed too, so it has a checksum to compare with.
      const other = await ctx().request({
        method: 'GET',
        url: `${ORDERS}/ordencodificada/${secondId}`,
        token,
      });
      expect(other.statusCode, other.body).toBe(200);
      const check = async (id: string, tipoDocumento: string) => {
        const { body, contentType } = multipart([
          { name: 'tipoDocumento', value: tipoDocumento },
          { name: 'id', value: id },
          { name: 'checkSum', value: '' },
          { name: 'file', filename: 'orden.pdf', contentType: 'application/pdf', data: pdf },
        ]);
        const res = await ctx().request({
          method: 'POST',
          url: '/v2/facturas/isValidChecksum',
          headers: { 'content-type': contentType },
          payload: body,
        });
        return res.json().code;
      };
      expect(await check(firstId, 'orden')).toBe(200);
      expect(await check(secondId, 'orden')).toBe(400);
      // An order's id is not an invoice's.
      expect(await check(firstId, 'factura')).not.toBe(200);
      // anular takes an array.
      const notArray = await ctx().request({
        method: 'PUT',
        url: `${ORDERS}/anular`,
        token,
        payload: { rif: company.rif, nroOrden: first.nroOrden },
      });
      expect(notArray.statusCode).toBe(400);
    });

    it('getOrdenesExcel: missing or inverted dates, a company of another tenant, an empty period', async () => {
      const mine = await orderCompany(ctx);
      const theirs = await orderCompany(ctx);
      const token = await ordersUser(ctx, [mine.id]);
      await ingestOrders(ctx, await admin(), [orderItem({ rif: theirs.rif })]);
      const excel = (query: string) =>
        ctx().request({ method: 'GET', url: `/v2/mantenimiento/reportes/getOrdenesExcel?${query}`, token });
      const today = caracasDate();
      const missing = await excel(`fechaInicio=${today}&id_localidad=${mine.id}`);
      expect(missing.statusCode).toBe(400);
      const inverted = await excel(`fechaInicio=${today}&fechaFin=2020-01-01&id_localidad=${mine.id}`);
      expect(inverted.statusCode).toBe(400);
      const foreign = await excel(`fechaInicio=${today}&fechaFin=${today}&id_localidad=${theirs.id}`);
      expect(foreign.statusCode).toBe(403);
      // A period without orders is an empty book with its count (the screen then says so, spec 002 §2.7).
      const empty = await excel(`fechaInicio=${today}&fechaFin=${today}&id_localidad=${mine.id}`);
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json().libro.consolidado).toBe(0);
    });

    it('a foreign tenant: no issuing, annulling, listing, PDF, detail or report of another company', async () => {
      const mine = await orderCompany(ctx);
      const theirs = await orderCompany(ctx);
      const token = await ordersUser(ctx, [mine.id]);
      const theirOrder = orderItem({ rif: theirs.rif });
      await ingestOrders(ctx, await admin(), [theirOrder]);
      const theirId = await idOf(String(theirOrder.nroOrden));

      const issue = await ingestOrders(ctx, token, [orderItem({ rif: theirs.rif })]);
      expect(issue.resultado.DetalleErrorOrdenes[0].msg).toBe(
        `No tiene acceso a la razón social ${theirs.rif}`,
      );
      const annul = await annulOrdersBy(ctx, token, [{ rif: theirs.rif, nroOrden: theirOrder.nroOrden }]);
      expect(annul.result.DetalleErrorOrdenes[0].Mensaje).toBe(
        `No tiene acceso a la razón social ${theirs.rif}`,
      );
      const list = await ctx().request({ method: 'GET', url: `${ORDERS}/queryordenes?limit=500`, token });
      expect(list.json().results.some((r: { id: string }) => r.id === theirId)).toBe(false);
      for (const url of [
        `${ORDERS}/ordencodificada/${theirId}`,
        `${ORDERS}/pdf/${theirId}`,
        `${ORDERS}/detalle/${theirId}`,
      ]) {
        expect((await ctx().request({ method: 'GET', url, token })).statusCode, url).toBe(403);
      }
      const pub = await ctx().request({ method: 'GET', url: `${ORDERS}/getOrdenId/${theirId}`, token });
      expect(pub.json().result).toBeUndefined();
      expect(pub.json().orden.nroOrden).toBe(theirOrder.nroOrden);
      const today = caracasDate();
      const report = await ctx().request({
        method: 'GET',
        url: `/v2/mantenimiento/reportes/getlibroOrdenes?fechaInicio=${today}&fechaFin=${today}&id_localidad=${theirs.id}`,
        token,
      });
      expect(report.statusCode).toBe(403);
      // Without the screen's permission, 403 before anything.
      const noRole = await ordersUser(ctx, [mine.id], ['search']);
      const denied = await ctx().request({
        method: 'PUT',
        url: `${ORDERS}/anular`,
        token: noRole,
        payload: [{ rif: mine.rif, nroOrden: '1' }],
      });
      expect(denied.statusCode).toBe(403);
    });
  });
});
