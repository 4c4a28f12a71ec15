// The mass load reads a legacy .xls (BIFF8, written here with SheetJS as Excel 97–2003
// saves it) as it reads an .xlsx, and the spec's two remaining invoice paths (spec 000 §7, 001 §7.1):
// POST /v2/facturas/masivafacturacionXls and POST /v2/facturas/masivaAnularfacturacionXls take the list
// a workbook converts to and answer code 200 with each document's result.
import * as XLSX from '@e965/xlsx';
import { beforeAll, expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import {
  type Ctx,
  footprint,
  invoice,
  lotActual,
  newCompany,
  SECOND_RIF,
  userWith,
} from './support/invoices.ts';
import { addProducts, invoiceRow, processLoad, type Row, uploadOk } from './support/mass-load.ts';
import { generatedInvoice } from './support/notes.ts';

const XLS_INVOICES = '/v2/facturas/masivafacturacionXls';
const XLS_ANNUL = '/v2/facturas/masivaAnularfacturacionXls';
const COMPANY_SCREEN = '/mantenimiento/Localidad';

/** A real .xls (BIFF8 in an OLE compound file) whose first sheet has these rows. */
function xlsOf(rows: Row[]): Buffer {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const sheet = XLSX.utils.aoa_to_sheet([keys, ...rows.map((r) => keys.map((k) => r[k] ?? null))]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Datos');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

const post = (ctx: Ctx, token: string, url: string, payload: unknown) =>
  ctx().request({ method: 'POST', url, token, payload: payload as object });

describeWithApp(
  'mass load: .xls files and the masivafacturacionXls / masivaAnularfacturacionXls paths',
  (ctx) => {
    let admin: string;
    beforeAll(async () => {
      admin = await ctx().adminToken();
    });

    it('an .xls upload is read like an .xlsx: its invoices are processed and numbered', async () => {
      const company = await newCompany(ctx);
      await addProducts(ctx, company.id, ['P-001', 'P-002']);
      const data = xlsOf([
        invoiceRow('X1', 'P-001'),
        invoiceRow('X1', 'P-002', { cantidad: 1, precio: '99,99' }),
        invoiceRow('X2', 'P-404'),
      ]);
      // The bytes are an OLE compound file (Excel 97–2003), not a zip.
      expect(data.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1');
      const uploaded = await uploadOk(ctx, admin, company.id, 'factura', data, 'carga.xls');
      expect(uploaded.documentos).toEqual([{ numero: 'X1', filas: '2-3' }]);
      expect(uploaded.carga.detalleErrores).toEqual([
        { numero: 'X2', filas: '4', msg: 'fila 4: El producto P-404 no existe en la razón social' },
      ]);
      const done = await processLoad(ctx, admin, uploaded.carga.id);
      expect(done.resultado).toEqual({
        TotalFacturasProcedas: 2,
        totalFacturaNew: 1,
        totalFacturaconError: 1,
      });
      const [stored] = await ctx().database.query<{ nro_control: string; importe_total: string }>(
        'select nro_control, importe_total::text from facturas where id_localidad = $1',
        [company.id],
      );
      // 2 × 10.50 + 99.99 at 16 %: 120.99 + 19.36.
      expect(stored).toEqual({ nro_control: '00-00000001', importe_total: '140.35' });
      expect(await lotActual(ctx, company.id)).toBe(1);
    });

    it('an .xls date cell is its calendar day', async () => {
      const company = await newCompany(ctx);
      await addProducts(ctx, company.id, ['P-001']);
      const row = invoiceRow('D1', 'P-001');
      const [d, m, y] = String(row.fechaDocumento).split('/').map(Number);
      const sheet = XLSX.utils.aoa_to_sheet(
        [
          Object.keys(row),
          Object.values(row).map((v, i) =>
            Object.keys(row)[i] === 'fechaDocumento' ? new Date(Date.UTC(y, m - 1, d)) : v,
          ),
        ],
        { cellDates: true, UTC: true },
      );
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, sheet, 'Datos');
      const data = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
      const uploaded = await uploadOk(ctx, admin, company.id, 'factura', data, 'carga.xls');
      expect(uploaded.carga.detalleErrores).toEqual([]);
      // The document the load keeps carries the cell's calendar day, whatever the server's zone.
      const [kept] = await ctx().database.query<{ fecha: string }>(
        `select documento->>'fechaDocumento' as fecha from cargas_masivas_documentos where id_carga = $1`,
        [uploaded.carga.id],
      );
      expect(kept.fecha).toBe(`${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    });

    it('POST masivafacturacionXls: code 200 with each invoice’s result; a bad item and a foreign company are that invoice’s error and take no number', async () => {
      const company = await newCompany(ctx);
      const user = await userWith(ctx, { [COMPANY_SCREEN]: ['view', 'genMasivaFactura'] }, [company.id]);
      const a = invoice({ rif: company.rif });
      const bad = invoice({ rif: company.rif, extra: { importeTotal: 'mucho' } });
      const foreign = invoice({ rif: SECOND_RIF });
      const b = invoice({ rif: company.rif });
      const res = await post(ctx, user, XLS_INVOICES, [a, bad, foreign, b]);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer).toMatchObject({
        code: 200,
        TotalFacturasProcedas: 4,
        totalFacturasNew: 2,
        totalFacturaconError: 2,
      });
      expect(answer.DetalleErrorFacturas.map(([e]: [{ NroFactura: string }]) => e.NroFactura)).toEqual([
        bad.nroFactura,
        foreign.nroFactura,
      ]);
      expect(answer.DetalleErrorFacturas[1][0].Msg).toBe(`No tiene acceso a la razón social ${SECOND_RIF}`);
      expect(answer.DetalleFacturaProcesadas.map(([d]: [{ NroControl: string }]) => d.NroControl)).toEqual([
        '00-00000001',
        '00-00000002',
      ]);
      expect(await lotActual(ctx, company.id)).toBe(2);
      const [origin] = await ctx().database.query<{ origen: string }>(
        'select distinct origen from facturas where id_localidad = $1',
        [company.id],
      );
      expect(origin.origen).toBe('WEB');

      // Not a list: 400 in Spanish, nothing written.
      const before = await footprint(ctx);
      const notList = await post(ctx, user, XLS_INVOICES, { facturas: [a] });
      expect(notList.statusCode).toBe(400);
      expect(notList.json().message).toContain('El cuerpo debe ser un arreglo de facturas');
      expect(await footprint(ctx)).toEqual(before);
      // Without the bulk action nor the invoices' 'add': 403.
      const viewer = await userWith(ctx, { [COMPANY_SCREEN]: ['view'] }, [company.id]);
      expect((await post(ctx, viewer, XLS_INVOICES, [invoice({ rif: company.rif })])).statusCode).toBe(403);
      expect(await footprint(ctx)).toEqual(before);
    });

    it('POST masivaAnularfacturacionXls: code 200 with each annulment’s result; an unknown invoice and a foreign company are errors', async () => {
      const company = await newCompany(ctx);
      const done = await generatedInvoice(ctx, admin, { rif: company.rif });
      const user = await userWith(ctx, { [COMPANY_SCREEN]: ['view', 'genMasivaFactura'] }, [company.id]);
      const res = await post(ctx, user, XLS_ANNUL, [
        { rif: company.rif, nroFactura: done.nroFactura },
        { rif: company.rif, nroFactura: 'NOEXISTE' },
        { rif: SECOND_RIF, nroFactura: done.nroFactura },
        { rif: company.rif },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      expect(answer).toMatchObject({
        code: 200,
        TotalFacturasProcedas: 4,
        totalFacturasAnuladas: 1,
        totalFacturaconError: 3,
      });
      expect(answer.DetalleFacturasAnuladas[0][0].NroFactura).toBe(done.nroFactura);
      expect(answer.DetalleErrorFacturas.slice(0, 2)).toEqual([
        [{ NroFactura: 'NOEXISTE', Msg: `La factura NOEXISTE no existe en ${company.rif}` }],
        [{ NroFactura: done.nroFactura, Msg: `No tiene acceso a la razón social ${SECOND_RIF}` }],
      ]);
      expect(answer.DetalleErrorFacturas[2][0].Msg).toContain('nroFactura');
      const [row] = await ctx().database.query<{ log_estatus_registro: string }>(
        'select log_estatus_registro from facturas where id = $1',
        [done.id],
      );
      expect(row.log_estatus_registro).toBe('INACTIVO');
      const notList = await post(ctx, user, XLS_ANNUL, { nroFactura: 'F1' });
      expect(notList.statusCode).toBe(400);
      const viewer = await userWith(ctx, { [COMPANY_SCREEN]: ['view'] }, [company.id]);
      expect((await post(ctx, viewer, XLS_ANNUL, [{ rif: company.rif, nroFactura: 'X' }])).statusCode).toBe(
        403,
      );
    });
  },
  { config: { jobs: true }, jobPollingSeconds: 1 },
);
