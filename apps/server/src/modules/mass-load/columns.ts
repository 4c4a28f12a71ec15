import {
  CLIENT_DOCUMENT_TYPES,
  INVOICE_CURRENCIES,
  lineTotals,
  PROVIDER_TYPES,
  TAX_RATES,
} from '@sigece/fiscal';
import type { Column, RowContext, RowValues } from './descriptor.ts';

/**
 * Columns and row rules several file types share: the client, the product lines, their totals and the
 * document date. One row per document line; header columns repeat on each line of a document.
 */

export const YES_NO = ['SI', 'NO'] as const;

export const clientColumns: readonly Column[] = [
  {
    key: 'clienteTipoDocumento',
    kind: 'text',
    required: true,
    header: true,
    list: CLIENT_DOCUMENT_TYPES,
    help: 'Tipo de documento del cliente: V, E, J, G, P o C.',
    example: 'V',
  },
  {
    key: 'clienteNumeroDocumento',
    kind: 'text',
    required: true,
    header: true,
    max: 9,
    help: 'Número de documento del cliente, hasta 9 dígitos.',
    example: '12345678',
  },
  {
    key: 'clienteNombre',
    kind: 'text',
    required: true,
    header: true,
    max: 90,
    help: 'Nombre o razón social del cliente.',
    example: 'PEDRO PEREZ',
  },
  {
    key: 'clienteDireccion',
    kind: 'text',
    header: true,
    max: 200,
    help: 'Dirección fiscal del cliente (opcional).',
    example: 'Caracas',
  },
  {
    key: 'clienteTelefono',
    kind: 'text',
    header: true,
    max: 20,
    help: 'Teléfono del cliente (opcional).',
    example: '04145550001',
  },
  {
    key: 'clienteCorreo',
    kind: 'text',
    header: true,
    max: 50,
    help: 'Correo del cliente: recibe el documento (opcional).',
    example: 'pedro@example.com',
  },
  {
    key: 'clienteTipoProveedor',
    kind: 'text',
    header: true,
    list: PROVIDER_TYPES,
    help: 'Tipo de persona del cliente: PJD, PJND, PNR o PNNR (por defecto PNR).',
    example: 'PNR',
  },
];

export const lineColumns: readonly Column[] = [
  {
    key: 'codigoProducto',
    kind: 'text',
    required: true,
    max: 30,
    help: 'Código de un producto registrado en la razón social.',
    example: 'P-001',
  },
  {
    key: 'descripcion',
    kind: 'text',
    required: true,
    max: 250,
    help: 'Descripción del producto en la línea.',
    example: 'Producto de ejemplo',
  },
  {
    key: 'unidadMedida',
    kind: 'text',
    max: 10,
    help: 'Unidad de medida (por defecto UNIDAD).',
    example: 'UNIDAD',
  },
  { key: 'cantidad', kind: 'quantity', required: true, help: 'Cantidad, mayor a 0.', example: 2 },
  {
    key: 'precio',
    kind: 'amount',
    required: true,
    help: 'Precio unitario, con punto o coma decimal.',
    example: 100,
  },
  { key: 'descuento', kind: 'percent', help: 'Descuento en porcentaje (opcional).', example: 0 },
  {
    key: 'alicuotaGravamen',
    kind: 'text',
    required: true,
    list: TAX_RATES,
    help: 'Alícuota de IVA: 0, 8, 16 o 31.',
    example: '16',
  },
  {
    key: 'exento',
    kind: 'yesno',
    list: YES_NO,
    help: 'SI cuando el producto está exento de IVA (por defecto NO).',
    example: 'NO',
  },
];

export const currencyColumn: Column = {
  key: 'facturaDivisa',
  kind: 'text',
  required: true,
  header: true,
  list: INVOICE_CURRENCIES,
  help: 'Moneda del documento: VEF, USD, EUR o PTR.',
  example: 'VEF',
};

export const dateColumn: Column = {
  key: 'fechaDocumento',
  kind: 'date',
  required: true,
  header: true,
  help: 'Fecha del documento (dd/mm/aaaa); no puede ser posterior a hoy.',
  example: '01/06/2026',
};

export const branchColumn: Column = {
  key: 'codigoSucursal',
  kind: 'text',
  header: true,
  max: 16,
  help: 'Código de la sucursal que emite; vacío para la razón social.',
  example: '',
};

const yes = (v: string | undefined) => v === 'SI';

/** The client object of the integration API, from a document's first row. */
export const clientOf = (r: RowValues) => ({
  tipoDocumento: r.clienteTipoDocumento,
  numeroDocumento: r.clienteNumeroDocumento,
  identificacion: r.clienteNombre,
  direccion: r.clienteDireccion,
  telefonoMovil: r.clienteTelefono,
  correo: r.clienteCorreo,
  tipoPersona: 'CLIENTE',
  tipoProveedor: r.clienteTipoProveedor,
});

/**
 * The lines and totals of a document, priced with the one set of totals rules (fiscal
 * `lineTotals`/`documentTotals` are applied again by the family, which compares them).
 */
export function pricedLines(rows: RowValues[]) {
  return rows.map((r) => {
    const t = lineTotals({
      cantidad: r.cantidad ?? '0',
      precio: r.precio ?? '0',
      descuentoPorcentaje: r.descuento,
      exento: yes(r.exento),
      alicuota: r.alicuotaGravamen ?? '0',
    });
    return {
      line: {
        codigoProducto: r.codigoProducto,
        descripcion: r.descripcion,
        unidadMedida: r.unidadMedida,
        cantidad: r.cantidad,
        precio: r.precio,
        exento: yes(r.exento),
        exonerado: false,
        importe: t.importe,
        alicuotaGravamen: yes(r.exento) ? '0' : r.alicuotaGravamen,
        montoGravamen: t.impuesto,
        montoDescuento: t.descuento,
        descuento: r.descuento ?? '0',
      },
      totals: t,
    };
  });
}

/** Unknown product codes and dates after today are refused row by row. */
export async function checkLineRow(row: RowValues, ctx: RowContext): Promise<string | null> {
  if (row.fechaDocumento && row.fechaDocumento > ctx.today)
    return `fechaDocumento (${row.fechaDocumento.split('-').reverse().join('/')}) no puede ser posterior a hoy`;
  if (row.codigoProducto && !(await ctx.productExists(row.codigoProducto)))
    return `El producto ${row.codigoProducto} no existe en la razón social`;
  return null;
}
