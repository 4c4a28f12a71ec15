// The mass load's generated invoice file, shared by the benchmarks that upload one: `invoices` invoices
// of `lines` lines each in the `factura` template, dated yesterday.
import ExcelJS from 'exceljs';

const PRODUCTS = ['P-001', 'P-002', 'P-003', 'P-004'];

/** The `factura` template's columns, filled as a user would: one row per line. */
export async function massLoadWorkbook(invoices: number, lines: number): Promise<Buffer> {
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
