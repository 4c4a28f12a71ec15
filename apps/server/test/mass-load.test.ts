// Integration tests of the mass load from Excel (spec 000 "Mass load" and POST /excelToJson,
// spec 001 §5.8 and §8.7): templates, the upload's checks row by row, the processing job through the
// families' own pipelines for each file type, re-processing the same file, and tenancy.
import { MASS_LOAD_MESSAGES, MASS_LOAD_TYPES } from '@sigece/fiscal';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDocument } from '../src/modules/issuance/render/render.ts';
import { countRows, describeWithApp } from './harness.ts';
import { type Ctx, newCompany, unique, userWith } from './support/invoices.ts';
import {
  addProducts,
  dayFromToday,
  invoiceRow,
  LOADS,
  processLoad,
  readXlsx,
  sheetOf,
  status,
  upload,
  uploadOk,
} from './support/mass-load.ts';

const COMPANY_SCREEN = '/mantenimiento/Localidad';
const CODES = ['P-001', 'P-002', 'P-003'];

/** Two invoices of three lines each. */
const twoInvoices = (a: string, b: string) => [
  invoiceRow(a, 'P-001'),
  invoiceRow(a, 'P-002', { cantidad: 1, precio: '99,99' }),
  invoiceRow(a, 'P-003', { alicuotaGravamen: '8', descuento: 10 }),
  invoiceRow(b, 'P-001', { clienteNumeroDocumento: '87654321', clienteNombre: 'ANA GOMEZ' }),
  invoiceRow(b, 'P-002', { clienteNumeroDocumento: '87654321', clienteNombre: 'ANA GOMEZ', exento: 'SI' }),
  invoiceRow(b, 'P-003', { clienteNumeroDocumento: '87654321', clienteNombre: 'ANA GOMEZ', cantidad: 3 }),
];

async function companyWithProducts(ctx: Ctx) {
  const company = await newCompany(ctx);
  await addProducts(ctx, company.id, CODES);
  return company;
}

async function invoicesOf(ctx: Ctx, localidadId: string) {
  return ctx().database.query<{
    nro_factura: string;
    nro_control: string;
    importe_total: string;
    origen: string;
  }>(
    `select nro_factura, nro_control, importe_total::text, origen from facturas
     where id_localidad = $1 order by numero_control`,
    [localidadId],
  );
}

describeWithApp(
  'mass load: templates, upload and processing',
  (ctx) => {
    let admin: string;
    beforeAll(async () => {
      admin = await ctx().adminToken();
    });

    it('offers each file type a template: header row, example row, drop-down lists and an explanation sheet', async () => {
      const types = await ctx().request({ method: 'GET', url: `${LOADS}/tipos`, token: admin });
      expect(types.statusCode).toBe(200);
      expect(types.json().result.map((t: { tipo: string }) => t.tipo)).toEqual([...MASS_LOAD_TYPES]);
      const res = await ctx().request({ method: 'GET', url: `${LOADS}/plantilla/factura`, token: admin });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('plantilla_factura.xlsx');
      const data = res.rawPayload;
      const [header, example] = await readXlsx(data);
      expect(header).toContain('nroFactura');
      expect(header).toContain('codigoProducto');
      expect(header).toContain('alicuotaGravamen');
      expect(example[header.indexOf('facturaDivisa')]).toBe('VEF');
      const help = await readXlsx(data, 2);
      expect(help[0]).toEqual(['Columna', 'Requerida', 'Tipo', 'Valores admitidos', 'Descripción']);
      const currency = help.find((r) => r[0] === 'facturaDivisa');
      expect(currency?.[3]).toBe('VEF, USD, EUR, PTR');
      // The drop-down list is in the sheet's XML as a list validation.
      const { default: ExcelJS } = await import('exceljs');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(data as unknown as ArrayBuffer);
      const col = String.fromCharCode(65 + header.indexOf('facturaDivisa'));
      expect(wb.worksheets[0].getCell(`${col}3`).dataValidation).toMatchObject({
        type: 'list',
        formulae: ['"VEF,USD,EUR,PTR"'],
      });
      const unknown = await ctx().request({ method: 'GET', url: `${LOADS}/plantilla/recibo`, token: admin });
      expect(unknown.statusCode).toBe(400);
    });

    it('factura: two invoices of three lines are uploaded, processed by the job and stored with consecutive control numbers', async () => {
      const company = await companyWithProducts(ctx);
      const [a, b] = [unique('A').slice(-12), unique('B').slice(-12)];
      const uploaded = await uploadOk(ctx, admin, company.id, 'factura', await sheetOf(twoInvoices(a, b)));
      expect(uploaded.documentos).toEqual([
        { numero: a, filas: '2-4' },
        { numero: b, filas: '5-7' },
      ]);
      expect(uploaded.carga).toMatchObject({ estado: 'CARGADO', total: 2, filas: 6, procesados: 0 });
      // Nothing is issued by the upload.
      expect(await invoicesOf(ctx, company.id)).toEqual([]);

      const done = await processLoad(ctx, admin, uploaded.carga.id);
      expect(done).toMatchObject({ total: 2, procesados: 2, nuevos: 2, errores: 0 });
      expect(done.resultado).toEqual({
        TotalFacturasProcedas: 2,
        totalFacturaNew: 2,
        totalFacturaconError: 0,
      });
      const stored = await invoicesOf(ctx, company.id);
      expect(stored.map((s) => [s.nro_factura, s.nro_control, s.origen])).toEqual([
        [a, '00-00000001', 'WEB'],
        [b, '00-00000002', 'WEB'],
      ]);
      // Invoice a: 2 × 10.50 + 99.99 at 16 %, 2 × 10.50 − 10 % at 8 %: 120.99 + 19.36 + 18.90 + 1.51.
      expect(stored[0].importe_total).toBe('160.76');
      // Invoice b: 21.00 at 16 %, 21.00 exempt, 31.50 at 16 %: 52.50 + 8.40 + 21.00.
      expect(stored[1].importe_total).toBe('81.90');

      const file = await ctx().request({ method: 'GET', url: `${LOADS}/${done.id}/resultado`, token: admin });
      expect(file.statusCode).toBe(200);
      const rows = await readXlsx(file.rawPayload);
      expect(rows[0]).toEqual(['Documento', 'Filas', 'Resultado', 'Nro. Control', 'Mensaje']);
      expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
        [a, '2, 3, 4', 'Procesado', '00-00000001'],
        [b, '5, 6, 7', 'Procesado', '00-00000002'],
      ]);

      // Reopening the dialog shows the company's latest load.
      const latest = await ctx().request({
        method: 'GET',
        url: `${LOADS}?id_localidad=${company.id}`,
        token: admin,
      });
      expect(latest.json().result).toMatchObject({ id: done.id, estado: 'TERMINADO' });
      // 'Procesar' twice processes nothing twice.
      const again = await ctx().request({
        method: 'POST',
        url: `${LOADS}/${done.id}/procesar`,
        token: admin,
      });
      expect(again.statusCode).toBe(409);

      // The same file uploaded and processed again creates nothing: each invoice already exists.
      const second = await uploadOk(ctx, admin, company.id, 'factura', await sheetOf(twoInvoices(a, b)));
      const repeated = await processLoad(ctx, admin, second.carga.id);
      expect(repeated).toMatchObject({ procesados: 2, nuevos: 0, existentes: 2, errores: 2 });
      expect(repeated.resultado).toEqual({
        TotalFacturasProcedas: 2,
        totalFacturaNew: 0,
        totalFacturaconError: 2,
      });
      expect(repeated.detalleErrores).toEqual([
        { numero: a, filas: '2-4', msg: `La factura ${a} ya existe` },
        { numero: b, filas: '5-7', msg: `La factura ${b} ya existe` },
      ]);
      expect(await invoicesOf(ctx, company.id)).toHaveLength(2);
    });

    it('bad rows: an empty required cell, text in an amount, an unknown product, a future date and a duplicate document each make their document an error with its row; the others are processed with consecutive control numbers', async () => {
      const company = await companyWithProducts(ctx);
      const rows = [
        invoiceRow('F1', 'P-001'),
        invoiceRow('F2', 'P-001', { clienteNombre: null }),
        invoiceRow('F3', 'P-001', { precio: 'diez' }),
        invoiceRow('F4', 'P-404'),
        invoiceRow('F5', 'P-001', { fechaDocumento: dayFromToday(3) }),
        invoiceRow('F6', 'P-001'),
        invoiceRow('F1', 'P-002'),
        invoiceRow('F7', 'P-002'),
      ];
      const uploaded = await uploadOk(ctx, admin, company.id, 'factura', await sheetOf(rows));
      // Only the good documents are listed to process; the refused ones are decided already.
      expect(uploaded.documentos).toEqual([
        { numero: 'F6', filas: '7' },
        { numero: 'F7', filas: '9' },
      ]);
      expect(uploaded.carga).toMatchObject({ estado: 'CARGADO', total: 7, procesados: 5, errores: 5 });
      const refused = [
        {
          numero: 'F1',
          filas: '2, 8',
          msg: 'fila 8: Documento duplicado: F1 ya aparece en la fila 2 (las filas de un documento van seguidas)',
        },
        { numero: 'F2', filas: '3', msg: 'fila 3: clienteNombre es requerido' },
        { numero: 'F3', filas: '4', msg: 'fila 4: precio debe ser un número' },
        { numero: 'F4', filas: '5', msg: 'fila 5: El producto P-404 no existe en la razón social' },
        {
          numero: 'F5',
          filas: '6',
          msg: `fila 6: fechaDocumento (${dayFromToday(3)}) no puede ser posterior a hoy`,
        },
      ];
      expect(uploaded.carga.detalleErrores).toEqual(refused);

      const done = await processLoad(ctx, admin, uploaded.carga.id);
      expect(done).toMatchObject({ total: 7, procesados: 7, nuevos: 2, errores: 5 });
      expect(done.resultado).toEqual({
        TotalFacturasProcedas: 7,
        totalFacturaNew: 2,
        totalFacturaconError: 5,
      });
      expect(done.detalleErrores).toEqual(refused);
      // The refused rows took no control number: the two good invoices are 1 and 2.
      const stored = await invoicesOf(ctx, company.id);
      expect(stored.map((s) => [s.nro_factura, s.nro_control])).toEqual([
        ['F6', '00-00000001'],
        ['F7', '00-00000002'],
      ]);
      const [lot] = await ctx().database.query<{ actual: string }>(
        `select actual::text from control_lots where id_localidad = $1 and familia = 'FACTURA'`,
        [company.id],
      );
      expect(lot.actual).toBe('2');
      const file = await ctx().request({ method: 'GET', url: `${LOADS}/${done.id}/resultado`, token: admin });
      const resultRows = await readXlsx(file.rawPayload);
      expect(resultRows.find((r) => r[0] === 'F3')?.[4]).toBe('fila 4: precio debe ser un número');
      const before = await countRows(ctx().database, 'cargas_masivas');

      // A missing column is a problem of the whole file.
      const noPrice = await sheetOf(
        [invoiceRow('F1', 'P-001')],
        Object.keys(invoiceRow('F1', 'P-001')).filter((k) => k !== 'precio'),
      );
      const missing = await upload(ctx, admin, company.id, 'factura', noPrice);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('Faltan columnas en la fila 1: precio');
      expect(await countRows(ctx().database, 'cargas_masivas')).toBe(before);
    });

    it('refuses other extensions, a non-spreadsheet renamed .xlsx or .xls, an 11 MB file and a missing type', async () => {
      const company = await companyWithProducts(ctx);
      const good = await sheetOf([invoiceRow('X1', 'P-001')]);
      const before = await countRows(ctx().database, 'cargas_masivas');
      for (const name of ['carga.ods', 'carga.csv', 'carga.xlsx.pdf']) {
        const res = await upload(ctx, admin, company.id, 'factura', good, name);
        expect(res.statusCode, name).toBe(400);
        expect(res.json().message).toBe('Solo se Admiten archivos con formato .xls');
      }
      for (const [data, name] of [
        [Buffer.from('nroFactura;precio\nF1;10\n'), 'carga.xlsx'],
        [Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2000, 7)]), 'carga.xlsx'],
        [Buffer.from('nroFactura;precio\nF1;10\n'), 'carga.xls'],
        [Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(2000, 7)]), 'carga.xls'],
      ] as const) {
        const res = await upload(ctx, admin, company.id, 'factura', data, name);
        expect(res.statusCode, name).toBe(400);
        expect(res.json().message).toBe(MASS_LOAD_MESSAGES.notSpreadsheet);
      }
      const huge = await upload(
        ctx,
        admin,
        company.id,
        'factura',
        Buffer.alloc(11 * 1024 * 1024, 1),
        'big.xlsx',
      );
      expect(huge.statusCode).toBe(400);
      expect(huge.json().message).toBe(MASS_LOAD_MESSAGES.tooLarge);
      const noType = await upload(ctx, admin, company.id, '', good);
      expect(noType.statusCode).toBe(400);
      expect(noType.json().message).toBe(MASS_LOAD_MESSAGES.chooseType);
      expect(await countRows(ctx().database, 'cargas_masivas')).toBe(before);
    });

    it('tenancy and permission: a foreign company is refused on every route; without genMasivaFactura nothing opens', async () => {
      const mine = await companyWithProducts(ctx);
      const foreign = await companyWithProducts(ctx);
      const user = await userWith(ctx, { [COMPANY_SCREEN]: ['view', 'genMasivaFactura'] }, [mine.id]);
      const file = await sheetOf([invoiceRow('T1', 'P-001')]);
      const refused = await upload(ctx, user, foreign.id, 'factura', file);
      expect(refused.statusCode).toBe(403);
      const theirs = await uploadOk(ctx, admin, foreign.id, 'factura', file);
      for (const [method, url] of [
        ['GET', `${LOADS}/${theirs.carga.id}`],
        ['POST', `${LOADS}/${theirs.carga.id}/procesar`],
        ['GET', `${LOADS}/${theirs.carga.id}/resultado`],
        ['GET', `${LOADS}?id_localidad=${foreign.id}`],
      ] as const) {
        const res = await ctx().request({ method, url, token: user });
        expect(res.statusCode, url).toBe(403);
      }
      expect((await status(ctx, admin, theirs.carga.id)).estado).toBe('CARGADO');
      const own = await uploadOk(ctx, user, mine.id, 'factura', file);
      expect(own.carga.estado).toBe('CARGADO');

      const noPermission = await userWith(ctx, { [COMPANY_SCREEN]: ['view'] }, [mine.id]);
      const denied = await upload(ctx, noPermission, mine.id, 'factura', file);
      expect(denied.statusCode).toBe(403);
      const template = await ctx().request({
        method: 'GET',
        url: `${LOADS}/plantilla/factura`,
        token: noPermission,
      });
      expect(template.statusCode).toBe(403);
    });

    it('nota, anularNota and anularFactura: each through its family, and again as already done', async () => {
      const company = await companyWithProducts(ctx);
      const nro = unique('N').slice(-12);
      const invoices = await uploadOk(
        ctx,
        admin,
        company.id,
        'factura',
        await sheetOf(twoInvoices(nro, `${nro}B`)),
      );
      expect((await processLoad(ctx, admin, invoices.carga.id)).nuevos).toBe(2);
      const ids = await ctx().database.query<{ id: string }>(
        'select id::text as id from facturas where id_localidad = $1 order by numero_control',
        [company.id],
      );
      // Notes need a generated invoice: its PDF rendered now rather than waiting for the job.
      for (const { id } of ids) await renderDocument(ctx().app.deps, 'fact', id).catch(() => {});

      const noteRows = [
        {
          nroNota: '00000001',
          tipo: 'Credito',
          serie: null,
          categoria: '0',
          concepto: null,
          nroFactura: nro,
          serieNrofactura: null,
          fechaDocumento: dayFromToday(0),
          codigoSucursal: null,
          facturaDivisa: 'VEF',
          tasaCambio: null,
          codigoProducto: 'P-001',
          descripcion: 'Producto P-001',
          unidadMedida: 'UNIDAD',
          cantidad: 1,
          precio: 10.5,
          descuento: 0,
          alicuotaGravamen: '16',
          exento: 'NO',
        },
      ];
      const notes = await uploadOk(ctx, admin, company.id, 'nota', await sheetOf(noteRows));
      const noted = await processLoad(ctx, admin, notes.carga.id);
      expect(noted.detalleErrores).toEqual([]);
      expect(noted.resultado).toEqual({ TotalNotasProcedas: 1, totalNotasNew: 1, totalNotasconError: 0 });
      const [note] = await ctx().database.query<{ id: string; nro_control: string }>(
        'select id::text as id, nro_control from notas where id_localidad = $1',
        [company.id],
      );
      // Notes share the invoices' control sequence.
      expect(note.nro_control).toBe('00-00000003');
      await renderDocument(ctx().app.deps, 'nota', note.id).catch(() => {});

      const annulNote = await uploadOk(
        ctx,
        admin,
        company.id,
        'anularNota',
        await sheetOf([{ nroNota: '00000001', tipo: 'Credito', codigoSucursal: null }]),
      );
      const annulledNote = await processLoad(ctx, admin, annulNote.carga.id);
      expect(annulledNote.resultado).toEqual({
        TotalNotasAnularProcedas: 1,
        totalNotasAnuladas: 1,
        totalNotasAnularconError: 0,
      });

      const annulRows = [
        { nroFactura: `${nro}B`, serieNrofactura: null, codigoSucursal: null },
        { nroFactura: 'NO-EXISTE', serieNrofactura: null, codigoSucursal: null },
      ];
      const annul = await uploadOk(ctx, admin, company.id, 'anularFactura', await sheetOf(annulRows));
      const annulled = await processLoad(ctx, admin, annul.carga.id);
      expect(annulled).toMatchObject({ nuevos: 1, errores: 1, existentes: 0 });
      expect(annulled.detalleErrores).toEqual([
        { numero: 'NO-EXISTE', filas: '3', msg: `La factura NO-EXISTE no existe en ${company.rif}` },
      ]);
      const [row] = await ctx().database.query<{ log_estatus_registro: string }>(
        'select log_estatus_registro from facturas where id_localidad = $1 and nro_factura = $2',
        [company.id, `${nro}B`],
      );
      expect(row.log_estatus_registro).toBe('INACTIVO');
      // The same annulment file again: already annulled.
      const again = await uploadOk(
        ctx,
        admin,
        company.id,
        'anularFactura',
        await sheetOf(annulRows.slice(0, 1)),
      );
      expect(await processLoad(ctx, admin, again.carga.id)).toMatchObject({ nuevos: 0, existentes: 1 });
    });
  },
  { config: { jobs: true }, jobPollingSeconds: 1 },
);

describe('mass load file types', () => {
  it('registers every type of spec 001 §5.8 and the withholdings, in the dialog order', async () => {
    const { fileTypes } = await import('../src/modules/mass-load/registry.ts');
    expect(fileTypes().map((t) => t.tipo)).toEqual([...MASS_LOAD_TYPES]);
  });
});
