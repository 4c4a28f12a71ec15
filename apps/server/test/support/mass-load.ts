// Helpers of the mass-load suites (mass-load*.test.ts): products of a test's own company, spreadsheets
// written with exceljs (as a user fills the template), the rows of each template, the upload call and the
// wait for a load's end.
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
export async function uploadOk(
  ctx: Ctx,
  token: string,
  localidadId: string,
  tipo: string,
  data: Buffer,
  filename = 'carga.xlsx',
) {
  const res = await upload(ctx, token, localidadId, tipo, data, filename);
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

/** Uploads a file the server must accept, then processes it: the finished load. */
export async function uploadAndProcess(
  ctx: Ctx,
  token: string,
  localidadId: string,
  tipo: string,
  data: Buffer,
): Promise<MassLoadStatus> {
  return processLoad(ctx, token, (await uploadOk(ctx, token, localidadId, tipo, data)).carga.id);
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

/** One line row of the `ordenEntrega` template: an order without amounts unless `extra` says so. */
export function orderRow(nroOrden: string, codigo: string, extra: Row = {}): Row {
  return {
    nroOrden,
    modeloOrden: 'ORDENENTREGA',
    codigoSucursal: null,
    IncluirMontos: 'NO',
    facturaDivisa: 'VEF',
    cambioDivisa: null,
    motivo: 'Venta',
    direccionEntrega: 'Galpón 3, Zona Industrial La Yaguara, Caracas',
    observacion: null,
    clienteTipoDocumento: 'V',
    clienteNumeroDocumento: '12345678',
    clienteNombre: 'PEDRO PEREZ',
    clienteDireccion: 'Caracas',
    clienteTelefono: null,
    clienteCorreo: null,
    clienteTipoProveedor: 'PNR',
    codigoProducto: codigo,
    descripcion: `Producto ${codigo}`,
    unidadMedida: 'UNIDAD',
    cantidad: 2,
    precio: null,
    descuento: null,
    alicuotaGravamen: null,
    exento: null,
    ...extra,
  };
}

/** An order without amounts (two lines) and a guide with amounts: 2 × 100 at 16 % + 50 exempt. */
export const orderAndGuide = (a: string, b: string) => [
  orderRow(a, 'P-001'),
  orderRow(a, 'P-002', { cantidad: 3 }),
  orderRow(b, 'P-001', {
    modeloOrden: 'GUIADESPACHO',
    IncluirMontos: 'SI',
    precio: 100,
    alicuotaGravamen: '16',
  }),
  orderRow(b, 'P-002', {
    modeloOrden: 'GUIADESPACHO',
    IncluirMontos: 'SI',
    cantidad: 1,
    precio: 50,
    alicuotaGravamen: '16',
    exento: 'SI',
  }),
];

/** One line row of the `retencion` template (an IVA voucher at 75 % unless `extra` says otherwise). */
export function withholdingRow(referencia: string, extra: Row = {}): Row {
  return {
    referencia,
    modeloRetencion: 'IVA',
    codigoSucursal: null,
    periodoFiscalDel: dayFromToday(-10),
    periodoFiscalAl: dayFromToday(0),
    rifProveedor: 'J-000000019',
    identificacion: 'Suministros del Centro, C.A.',
    direccion: 'Calle 5, Valencia',
    correo: 'proveedor@example.com',
    tasaRetencion: '75',
    fechaDocumento: dayFromToday(-1),
    tipoTransaccion: '01-REG',
    nroDocumento: '000123',
    nroControlDocumento: '00-00168441',
    nroNota: null,
    nroDocumentoAfectado: null,
    montoTotalDocumento: 1160,
    compraExento: 0,
    baseImponible: 1000,
    alicuota: '16',
    impuestoCausado: null,
    impuestoRetenido: null,
    conceptoIslr: null,
    causadoRetenido: null,
    ...extra,
  };
}

/** An IVA voucher of two documents (taxes computed by the load) and an ISLR voucher of one. */
export const twoVouchers = () => [
  withholdingRow('1'),
  withholdingRow('1', {
    nroDocumento: '000124',
    nroControlDocumento: '00-00168442',
    montoTotalDocumento: 540,
    baseImponible: 500,
    alicuota: '8',
  }),
  // Concept 004: honorarios PJD, 5 % of 100 %, no sustraendo: 2,000 × 5 % = 100.00.
  withholdingRow('2', {
    modeloRetencion: 'ISLR',
    rifProveedor: 'J-000000027',
    tasaRetencion: null,
    tipoTransaccion: null,
    nroDocumento: 'F-0001',
    nroControlDocumento: '00-00000077',
    montoTotalDocumento: 2000,
    baseImponible: 2000,
    alicuota: null,
    conceptoIslr: '004',
    causadoRetenido: 100,
  }),
];

/** The voucher number of the test clock's month (year, month, 8-digit sequence). */
export const voucherNumber = (n: number) =>
  `${caracasDate(new Date()).slice(0, 7).replace('-', '')}${String(n).padStart(8, '0')}`;
