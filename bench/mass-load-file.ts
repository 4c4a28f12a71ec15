// The mass load as a user runs it, over HTTP against a running server: a generated invoice file
// (the `factura` template, one row per line), uploaded (POST /v2/mantenimiento/localidad/excelToJson),
// then processed (the pg-boss job, polled until done). Used by mass-load.ts and signed-documents.ts.
import ExcelJS from 'exceljs';

const LOADS = '/v2/mantenimiento/localidad/cargaMasiva';
const PRODUCTS = ['P-001', 'P-002', 'P-003', 'P-004'];

/** The `factura` template's columns, filled as a user would: one row per line. */
export async function generatedFile(invoices: number, lines: number): Promise<Buffer> {
  const yesterday = new Date(Date.now() - 86_400_000)
    .toISOString()
    .slice(0, 10)
    .split('-')
    .reverse()
    .join('/');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Datos');
  const header = [
    'nroFactura',
    'serieNrofactura',
    'fechaDocumento',
    'codigoSucursal',
    'condicionPago',
    'diasCredito',
    'facturaDivisa',
    'cambioDivisa',
    'tipoVenta',
    'clienteTipoDocumento',
    'clienteNumeroDocumento',
    'clienteNombre',
    'clienteDireccion',
    'clienteTelefono',
    'clienteCorreo',
    'clienteTipoProveedor',
    'observacion',
    'codigoProducto',
    'descripcion',
    'unidadMedida',
    'cantidad',
    'precio',
    'descuento',
    'alicuotaGravamen',
    'exento',
  ];
  sheet.addRow(header);
  const run = Date.now().toString(36);
  for (let i = 1; i <= invoices; i++) {
    for (let l = 0; l < lines; l++) {
      const code = PRODUCTS[l % PRODUCTS.length];
      sheet.addRow([
        `${run}-${i}`,
        null,
        yesterday,
        null,
        'CONTADO',
        null,
        'VEF',
        null,
        'INTERNA',
        'V',
        String(10_000_000 + (i % 5000)),
        `Cliente ${i % 5000}`,
        'Caracas',
        null,
        null,
        'PNR',
        null,
        code,
        `Artículo ${code}`,
        'UNIDAD',
        1 + (l % 3),
        12.5 * (l + 1),
        0,
        l === 3 ? '8' : '16',
        l === 4 ? 'SI' : 'NO',
      ]);
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

type Auth = { authorization: string };

/** The id of the demo company J-123456789, which the generated files are for. */
export async function demoCompanyId(address: string, auth: Auth): Promise<string> {
  const companies = await (
    await fetch(`${address}/v2/mantenimiento/localidad/getlocalidades?limit=50`, { headers: auth })
  ).json();
  const company = (companies.results as Array<{ id: string; numeroDocumento: string }>).find(
    (c) => c.numeroDocumento === '123456789',
  );
  if (!company) throw new Error('sin la razón social demo J-123456789');
  return company.id;
}

/** Uploads the file (read and checked by the server); answers the load's id. */
export async function uploadMassLoad(address: string, auth: Auth, companyId: string, file: Buffer) {
  const form = new FormData();
  form.append('tipo', 'factura');
  form.append('id_localidad', companyId);
  form.append('nombreArchivo', 'bench.xlsx');
  form.append('archivoXls', new Blob([new Uint8Array(file)]), 'bench.xlsx');
  const uploaded = await fetch(`${address}/v2/mantenimiento/localidad/excelToJson`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const answer = await uploaded.json();
  if (!uploaded.ok) throw new Error(`carga: ${uploaded.status} ${JSON.stringify(answer).slice(0, 500)}`);
  return answer.result.carga.id as string;
}

export interface MassLoadStatus {
  estado: string;
  procesados: number;
  nuevos: number;
  errores: number;
  total: number;
}

/** Asks for the load's processing and polls it every 250 ms (calling `onPoll`) until it is done. */
export async function processMassLoad(
  address: string,
  auth: Auth,
  id: string,
  onPoll?: () => void,
): Promise<MassLoadStatus> {
  await fetch(`${address}${LOADS}/${id}/procesar`, { method: 'POST', headers: auth });
  for (;;) {
    const status: MassLoadStatus = (await (await fetch(`${address}${LOADS}/${id}`, { headers: auth })).json())
      .result;
    if (status.estado === 'TERMINADO') return status;
    onPoll?.();
    if (process.env.BENCH_TRACE) console.log(`  ${status.estado} ${status.procesados}/${status.total}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
