// Helpers of the mass-load suites (mass-load*.test.ts): products of a test's own company, spreadsheets
// written with exceljs (as a user fills the template), the upload call and the wait for a load's end.
import { caracasDate, type MassLoadStatus } from '@sigece/fiscal';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type Ctx, multipart, waitFor } from './invoices.ts';

export const LOADS = '/v2/mantenimiento/localidad/cargaMasiva';
export const UPLOAD = '/v2/mantenimiento/localidad/excelToJson';

/** Registers products (code → description) in a company: the mass load refuses unknown codes. */
export async function addProducts(ctx: Ctx, localidadId: string, codes: string[]): Promise<void> {
  for (const codigo of codes)
    await ctx().database.query(
      `insert into productos (id_localidad, codigo, descripcion, unidad_medida, tipo_venta)
       values ($1, $2, $3, 'UNIDAD', 'INTERNA') on conflict do nothing`,
      [localidadId, codigo, `Producto ${codigo}`],
    );
}

/** A Caracas calendar day `days` from the test clock's today, as dd/mm/aaaa. */
export function dayFromToday(days: number): string {
  const iso = caracasDate(new Date(Date.now() + days * 86_400_000));
  return iso.split('-').reverse().join('/');
}

/** An .xlsx whose first sheet has `header` and `rows` (cells as the user typed them). */
export async function workbookOf(
  header: string[],
  rows: Array<Array<string | number | null>>,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Datos');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export type Row = Record<string, string | number | null>;

/** A sheet from rows given by column name; the header is the union of their keys, in order. */
export async function sheetOf(rows: Row[], header?: string[]): Promise<Buffer> {
  const keys = header ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return workbookOf(
    keys,
    rows.map((r) => keys.map((k) => r[k] ?? null)),
  );
}

/** One invoice line row of the `factura` template. */
export function invoiceRow(nroFactura: string, codigo: string, extra: Row = {}): Row {
  return {
    nroFactura,
    serieNrofactura: null,
    fechaDocumento: dayFromToday(-1),
    codigoSucursal: null,
    condicionPago: 'CONTADO',
    diasCredito: null,
    facturaDivisa: 'VEF',
    cambioDivisa: null,
    tipoVenta: 'INTERNA',
    clienteTipoDocumento: 'V',
    clienteNumeroDocumento: '12345678',
    clienteNombre: 'PEDRO PEREZ',
    clienteDireccion: 'Caracas',
    clienteTelefono: '04145550001',
    clienteCorreo: 'pedro@example.com',
    clienteTipoProveedor: 'PNR',
    observacion: null,
    codigoProducto: codigo,
    descripcion: `Producto ${codigo}`,
    unidadMedida: 'UNIDAD',
    cantidad: 2,
    precio: 10.5,
    descuento: 0,
    alicuotaGravamen: '16',
    exento: 'NO',
    ...extra,
  };
}

/** POST excelToJson with the given file name and type. */
export async function upload(
  ctx: Ctx,
  token: string,
  localidadId: string,
  tipo: string,
  data: Buffer,
  filename = 'carga.xlsx',
): Promise<LightMyRequestResponse> {
  const form = multipart([
    { name: 'tipo', value: tipo },
    { name: 'id_localidad', value: localidadId },
    { name: 'nombreArchivo', value: filename },
    { name: 'archivoXls', filename, data },
  ]);
  return ctx().request({
    method: 'POST',
    url: UPLOAD,
    token,
    headers: { 'content-type': form.contentType },
    payload: form.body,
  });
}

/** Uploads a file that must be accepted; returns the load's id. */
export async function uploadOk(ctx: Ctx, token: string, localidadId: string, tipo: string, data: Buffer) {
  const res = await upload(ctx, token, localidadId, tipo, data);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { carga: MassLoadStatus; documentos: Array<{ numero: string; filas: string }> };
}

export async function status(ctx: Ctx, token: string, id: string): Promise<MassLoadStatus> {
  const res = await ctx().request({ method: 'GET', url: `${LOADS}/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}

/** Asks for the processing and waits for the job to finish the load. */
export async function processLoad(ctx: Ctx, token: string, id: string): Promise<MassLoadStatus> {
  const res = await ctx().request({ method: 'POST', url: `${LOADS}/${id}/procesar`, token });
  expect(res.statusCode, res.body).toBe(200);
  return waitFor(
    `la carga ${id} terminada`,
    async () => {
      const s = await status(ctx, token, id);
      return s.estado === 'TERMINADO' ? s : undefined;
    },
    60_000,
  );
}

/** Reads the first sheet of an .xlsx into arrays of cell values. */
export async function readXlsx(data: Buffer, sheet = 1): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const ws = workbook.worksheets[sheet - 1];
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
