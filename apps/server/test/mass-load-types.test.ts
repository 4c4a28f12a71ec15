// Integration tests of the mass-load file types of the order and withholding families
// (spec 001 §5.8, §7.3, §8.7; spec 002 §5): `ordenEntrega`, `anularOrden` and `retencion` — valid rows
// processed by the job through the families' own pipelines, bad rows reported with their sheet row,
// and the same file processed twice creating nothing new. Also the template columns in the API docs.
import { beforeAll, expect, it } from 'vitest';
import { countRows, describeWithApp } from './harness.ts';
import { unique, waitFor } from './support/invoices.ts';
import {
  addProducts,
  dayFromToday,
  LOADS,
  orderAndGuide,
  orderRow,
  processLoad,
  readXlsx,
  sheetOf,
  twoVouchers,
  upload,
  uploadAndProcess,
  uploadOk,
  voucherNumber,
  withholdingRow,
} from './support/mass-load.ts';
import { orderCompany } from './support/orders.ts';
import { withholdingAgent } from './support/withholdings.ts';

describeWithApp(
  'mass load: orders, order annulments and withholdings',
  (ctx) => {
    let admin: string;
    beforeAll(async () => {
      admin = await ctx().adminToken();
    });

    // In file order: control numbers follow it (the kernel stores by key, so secuencia may not).
    const ordersOf = (localidadId: string) =>
      ctx().database.query<Record<string, unknown>>(
        `select nro_orden, modelo_orden, incluir_montos, importe_total::text, nro_control, origen,
                log_estatus_registro as estado
         from ordenes where id_localidad = $1 order by nro_control`,
        [localidadId],
      );

    it('ordenEntrega: an order without amounts and a guide with amounts, numbered from the ORDEN lot; the same file again creates nothing', async () => {
      const company = await orderCompany(ctx);
      await addProducts(ctx, company.id, ['P-001', 'P-002']);
      const [a, b] = [unique('OE').slice(-12), unique('GD').slice(-12)];
      const file = await sheetOf(orderAndGuide(a, b));
      const uploaded = await uploadOk(ctx, admin, company.id, 'ordenEntrega', file);
      expect(uploaded.documentos).toEqual([
        { numero: a, filas: '2-3' },
        { numero: b, filas: '4-5' },
      ]);
      expect(await ordersOf(company.id)).toEqual([]);

      const done = await processLoad(ctx, admin, uploaded.carga.id);
      expect(done.detalleErrores).toEqual([]);
      expect(done.resultado).toEqual({
        TotalOrdenesProcedas: 2,
        totalOrdenesNew: 2,
        totalOrdenesconError: 0,
      });
      expect(await ordersOf(company.id)).toEqual([
        {
          nro_orden: a,
          modelo_orden: 'ORDENENTREGA',
          incluir_montos: false,
          importe_total: null,
          nro_control: '00-00000001',
          origen: 'WEB',
          estado: 'ACTIVO',
        },
        {
          nro_orden: b,
          modelo_orden: 'GUIADESPACHO',
          incluir_montos: true,
          // 2 × 100 at 16 % + 50 exempt: 250.00 + 32.00.
          importe_total: '282.00',
          nro_control: '00-00000002',
          origen: 'WEB',
          estado: 'ACTIVO',
        },
      ]);
      const lines = await ctx().database.query<{ cantidad: string; precio: string | null }>(
        `select l.cantidad::text, l.precio::text from orden_lineas l join ordenes o on o.id = l.id_orden
         where o.nro_orden = $1 order by l.posicion`,
        [a],
      );
      expect(lines.map((l) => [Number(l.cantidad), l.precio])).toEqual([
        [2, null],
        [3, null],
      ]);
      const result = await ctx().request({
        method: 'GET',
        url: `${LOADS}/${done.id}/resultado`,
        token: admin,
      });
      expect((await readXlsx(result.rawPayload)).slice(1).map((r) => r.slice(0, 4))).toEqual([
        [a, '2, 3', 'Procesado', '00-00000001'],
        [b, '4, 5', 'Procesado', '00-00000002'],
      ]);

      // The new orders' PDF jobs are queued when the load ends, from the documents it recorded.
      const recorded = await ctx().database.query<{ tipo_doc: string; id_documento: string }>(
        `select tipo_doc, id_documento::text from cargas_masivas_documentos where id_carga = $1 order by posicion`,
        [done.id],
      );
      const orderIds = await ctx().database.query<{ id: string }>(
        'select id::text from ordenes where id_localidad = $1 order by nro_control',
        [company.id],
      );
      expect(recorded).toEqual(orderIds.map((o) => ({ tipo_doc: 'orden', id_documento: o.id })));
      await waitFor(
        'los PDF de las órdenes cargadas',
        async () => {
          const [row] = await ctx().database.query<{ n: number }>(
            'select count(*)::int as n from ordenes where id_localidad = $1 and pdf is not null',
            [company.id],
          );
          return row.n === 2 ? true : undefined;
        },
        60_000,
      );

      const repeated = await uploadAndProcess(ctx, admin, company.id, 'ordenEntrega', file);
      expect(repeated).toMatchObject({ procesados: 2, nuevos: 0, existentes: 2 });
      expect(repeated.resultado).toEqual({
        TotalOrdenesProcedas: 2,
        totalOrdenesNew: 0,
        totalOrdenesconError: 2,
      });
      expect(repeated.detalleErrores).toEqual([
        { numero: a, filas: '2-3', msg: `La orden de entrega ${a} ya existe` },
        { numero: b, filas: '4-5', msg: `La guía de despacho ${b} ya existe` },
      ]);
      expect(await ordersOf(company.id)).toHaveLength(2);
    });

    it('ordenEntrega bad rows: a missing reason, an unknown product, an unknown kind, amounts without price and a duplicate order, each with its row', async () => {
      const company = await orderCompany(ctx);
      await addProducts(ctx, company.id, ['P-001']);
      const before = await countRows(ctx().database, 'cargas_masivas');
      const rows = [
        orderRow('O1', 'P-001'),
        orderRow('O2', 'P-001', { motivo: null }),
        orderRow('O3', 'P-404'),
        orderRow('O4', 'P-001', { modeloOrden: 'FACTURA' }),
        orderRow('O5', 'P-001', { IncluirMontos: 'SI', alicuotaGravamen: '16' }),
        orderRow('O1', 'P-001'),
      ];
      const uploaded = await uploadOk(ctx, admin, company.id, 'ordenEntrega', await sheetOf(rows));
      // Each bad row is its document's error; nothing is left to process.
      expect(uploaded.documentos).toEqual([]);
      expect(uploaded.carga.detalleErrores).toEqual([
        {
          numero: 'O1',
          filas: '2, 7',
          msg: 'fila 7: Documento duplicado: O1 ya aparece en la fila 2 (las filas de un documento van seguidas)',
        },
        { numero: 'O2', filas: '3', msg: 'fila 3: motivo es requerido' },
        { numero: 'O3', filas: '4', msg: 'fila 4: El producto P-404 no existe en la razón social' },
        { numero: 'O4', filas: '5', msg: 'fila 5: modeloOrden debe ser uno de: ORDENENTREGA, GUIADESPACHO' },
        {
          numero: 'O5',
          filas: '6',
          msg: 'lstDetallesFacturaGeneral[0].precio es requerido cuando IncluirMontos es verdadero',
        },
      ]);
      expect(await countRows(ctx().database, 'cargas_masivas')).toBe(before + 1);
      const done = await processLoad(ctx, admin, uploaded.carga.id);
      expect(done).toMatchObject({ total: 5, procesados: 5, nuevos: 0, errores: 5 });
    });

    it('anularOrden: annuls through PUT ordenes/anular, reports an unknown order, and a second run finds it already annulled', async () => {
      const company = await orderCompany(ctx);
      await addProducts(ctx, company.id, ['P-001', 'P-002']);
      const [a, b] = [unique('OA').slice(-12), unique('GA').slice(-12)];
      const created = await uploadAndProcess(
        ctx,
        admin,
        company.id,
        'ordenEntrega',
        await sheetOf(orderAndGuide(a, b)),
      );
      expect(created.nuevos).toBe(2);

      const rows = [
        { nroOrden: b, modeloOrden: 'GUIADESPACHO', codigoSucursal: null },
        { nroOrden: 'NO-EXISTE', modeloOrden: null, codigoSucursal: null },
      ];
      const annulled = await uploadAndProcess(ctx, admin, company.id, 'anularOrden', await sheetOf(rows));
      expect(annulled).toMatchObject({ nuevos: 1, errores: 1, existentes: 0 });
      expect(annulled.resultado).toEqual({
        TotalOrdenesAnularProcedas: 2,
        totalOrdenesAnuladas: 1,
        totalOrdenesAnularconError: 1,
      });
      expect(annulled.detalleErrores).toEqual([
        { numero: 'NO-EXISTE', filas: '3', msg: `La Orden/Guia NO-EXISTE no existe en ${company.rif}` },
      ]);
      expect((await ordersOf(company.id)).map((o) => [o.nro_orden, o.estado])).toEqual([
        [a, 'ACTIVO'],
        [b, 'INACTIVO'],
      ]);

      const repeated = await uploadAndProcess(
        ctx,
        admin,
        company.id,
        'anularOrden',
        await sheetOf(rows.slice(0, 1)),
      );
      expect(repeated).toMatchObject({ nuevos: 0, existentes: 1 });
      expect(repeated.detalleErrores).toEqual([
        { numero: b, filas: '2', msg: 'La Orden/Guia ya está anulada' },
      ]);

      const bad = await upload(
        ctx,
        admin,
        company.id,
        'anularOrden',
        await sheetOf([
          { nroOrden: a, modeloOrden: 'OTRA', codigoSucursal: null },
          { nroOrden: 'X'.repeat(21), modeloOrden: null, codigoSucursal: null },
        ]),
      );
      expect(bad.statusCode, bad.body).toBe(200);
      expect(bad.json().result.carga.detalleErrores).toEqual([
        { numero: a, filas: '2', msg: 'fila 2: modeloOrden debe ser uno de: ORDENENTREGA, GUIADESPACHO' },
        { numero: '', filas: '3', msg: 'fila 3: nroOrden admite máximo 20 caracteres' },
      ]);
      expect((await ordersOf(company.id)).map((o) => o.estado)).toEqual(['ACTIVO', 'INACTIVO']);
    });

    it('retencion: an IVA voucher of two documents and an ISLR voucher, numbered by the system; the same file again creates nothing', async () => {
      const company = await withholdingAgent(ctx);
      const file = await sheetOf(twoVouchers());
      const uploaded = await uploadOk(ctx, admin, company.id, 'retencion', file);
      expect(uploaded.documentos).toEqual([
        { numero: '1', filas: '2-3' },
        { numero: '2', filas: '4' },
      ]);
      const done = await processLoad(ctx, admin, uploaded.carga.id);
      expect(done.detalleErrores).toEqual([]);
      expect(done.resultado).toEqual({
        TotalRentecionIvaProcedas: 2,
        totalRetencionesNew: 2,
        TotalRetencionIvaconError: 0,
      });
      const vouchers = () =>
        ctx().database.query<Record<string, unknown>>(
          `select modelo_retencion, rif_proveedor, nro_comprobante, nro_control, total_retenido::text, origen
           from retenciones where id_localidad = $1 order by numero_control`,
          [company.id],
        );
      // IVA at 75 %: 1,000 × 16 % = 160 → 120; 500 × 8 % = 40 → 30.
      expect(await vouchers()).toEqual([
        {
          modelo_retencion: 'IVA',
          rif_proveedor: 'J-000000019',
          nro_comprobante: voucherNumber(1),
          nro_control: '00-00000001',
          total_retenido: '150.00',
          origen: 'WEB',
        },
        {
          modelo_retencion: 'ISLR',
          rif_proveedor: 'J-000000027',
          nro_comprobante: voucherNumber(2),
          nro_control: '00-00000002',
          total_retenido: '100.00',
          origen: 'WEB',
        },
      ]);
      const result = await ctx().request({
        method: 'GET',
        url: `${LOADS}/${done.id}/resultado`,
        token: admin,
      });
      expect((await readXlsx(result.rawPayload)).slice(1)).toEqual([
        [
          '1',
          '2, 3',
          'Procesado',
          '00-00000001',
          `Retencion Creada con Exito: comprobante N° ${voucherNumber(1)}`,
        ],
        [
          '2',
          '4',
          'Procesado',
          '00-00000002',
          `Retencion Creada con Exito: comprobante N° ${voucherNumber(2)}`,
        ],
      ]);

      const repeated = await uploadAndProcess(ctx, admin, company.id, 'retencion', file);
      expect(repeated).toMatchObject({ procesados: 2, nuevos: 0, existentes: 2 });
      expect(repeated.detalleErrores).toEqual([
        { numero: '1', filas: '2-3', msg: `El comprobante de retención ya existe: N° ${voucherNumber(1)}` },
        { numero: '2', filas: '4', msg: `El comprobante de retención ya existe: N° ${voucherNumber(2)}` },
      ]);
      expect(await vouchers()).toHaveLength(2);
    });

    it('retencion bad rows: a bad supplier RIF, text in an amount, a future date, a document withheld twice and IVA without its rate', async () => {
      const company = await withholdingAgent(ctx);
      const before = await countRows(ctx().database, 'cargas_masivas');
      const rows = [
        withholdingRow('A'),
        withholdingRow('B', { rifProveedor: 'J-1234' }),
        withholdingRow('C', { baseImponible: 'mil' }),
        withholdingRow('D', { fechaDocumento: dayFromToday(3) }),
        withholdingRow('E'),
        withholdingRow('F', { tasaRetencion: null, nroDocumento: '000999' }),
      ];
      const uploaded = await uploadOk(ctx, admin, company.id, 'retencion', await sheetOf(rows));
      expect(uploaded.documentos).toEqual([{ numero: 'A', filas: '2' }]);
      expect(uploaded.carga.detalleErrores).toEqual([
        { numero: 'B', filas: '3', msg: 'rifProveedor: RIF debe tener el formato J-123456789' },
        { numero: 'C', filas: '4', msg: 'fila 4: baseImponible debe ser un número' },
        {
          numero: 'D',
          filas: '5',
          msg: `fila 5: fechaDocumento (${dayFromToday(3)}) no puede ser posterior a hoy`,
        },
        {
          numero: 'E',
          filas: '6',
          msg: 'Un documento de este comprobante ya se retiene en el comprobante de la fila 2 (mismo proveedor, número, número de control y tipo de transacción)',
        },
        { numero: 'F', filas: '7', msg: 'tasaRetencion: para IVA debe ser 75 o 100' },
      ]);
      expect(await countRows(ctx().database, 'cargas_masivas')).toBe(before + 1);
    });

    it('offers the seven types, each template with its lists, and documents every column at /docs', async () => {
      const types = await ctx().request({ method: 'GET', url: `${LOADS}/tipos`, token: admin });
      expect(types.json().result.map((t: { tipo: string }) => t.tipo)).toEqual([
        'factura',
        'nota',
        'anularFactura',
        'anularNota',
        'ordenEntrega',
        'anularOrden',
        'retencion',
      ]);
      const { default: ExcelJS } = await import('exceljs');
      for (const [tipo, column, list] of [
        ['ordenEntrega', 'modeloOrden', '"ORDENENTREGA,GUIADESPACHO"'],
        ['anularOrden', 'modeloOrden', '"ORDENENTREGA,GUIADESPACHO"'],
        ['retencion', 'tipoTransaccion', '"01-REG,02-AJUSND,03-AJUSNC,04-ANULA"'],
      ]) {
        const res = await ctx().request({ method: 'GET', url: `${LOADS}/plantilla/${tipo}`, token: admin });
        expect(res.statusCode, tipo).toBe(200);
        const [header, example] = await readXlsx(res.rawPayload);
        const help = await readXlsx(res.rawPayload, 2);
        // Every column is explained on the second sheet, in Spanish.
        expect(help.slice(1, header.length + 1).map((r) => r[0])).toEqual(header);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const col = String.fromCharCode(65 + header.indexOf(column));
        expect(wb.worksheets[0].getCell(`${col}3`).dataValidation, tipo).toMatchObject({
          type: 'list',
          formulae: [list],
        });
        expect(example.length, tipo).toBeGreaterThan(0);
      }

      const docs = await ctx().request({ method: 'GET', url: '/docs/json' });
      expect(docs.statusCode).toBe(200);
      const paths = docs.json().paths;
      const uploadDoc: string = paths['/v2/mantenimiento/localidad/excelToJson'].post.description;
      const templateDoc: string =
        paths['/v2/mantenimiento/localidad/cargaMasiva/plantilla/{tipo}'].get.description;
      expect(templateDoc).toBe(uploadDoc);
      for (const heading of ['### factura:', '### ordenEntrega:', '### anularOrden:', '### retencion:'])
        expect(uploadDoc).toContain(heading);
      expect(uploadDoc).toContain('| `modeloOrden` | Sí | Texto | ORDENENTREGA, GUIADESPACHO |');
      expect(uploadDoc).toContain('| `referencia` | Sí | Texto | Hasta 20 caracteres |');
      expect(uploadDoc).toContain('TotalOrdenesProcedas, totalOrdenesNew, totalOrdenesconError');
    });
  },
  { config: { jobs: true }, jobPollingSeconds: 1 },
);
