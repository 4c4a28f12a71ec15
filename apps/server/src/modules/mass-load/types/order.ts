import {
  deliveryAddressOf,
  describeIssues,
  documentTotals,
  ORDER_CURRENCIES,
  ORDER_KINDS,
  ORDER_LIMITS,
  type OrderIngestAnswer,
  type OrderInput,
  OrderRuleError,
  orderSchema,
  priceOrder,
} from '@sigece/fiscal';
import {
  branchColumn,
  checkLineRow,
  clientColumns,
  clientOf,
  lineColumns,
  pricedLines,
  YES_NO,
} from '../columns.ts';
import type { Column, FileTypeDescriptor, RowValues } from '../descriptor.ts';
import { throughKernel } from '../kernel.ts';

/** An order names its client by document alone when the client is in the company's catalog. */
const orderClientColumns: readonly Column[] = clientColumns.map((c) =>
  c.key === 'clienteNombre'
    ? {
        ...c,
        required: false,
        help: 'Nombre o razón social del cliente (opcional si el cliente ya está registrado en la razón social).',
      }
    : c,
);

/** Price, rate and exemption only matter in an order with amounts (IncluirMontos SI). */
const orderLineColumns: readonly Column[] = lineColumns.map((c) =>
  c.key === 'precio' || c.key === 'alicuotaGravamen'
    ? { ...c, required: false, help: `${c.help} Solo para órdenes con montos (IncluirMontos SI).` }
    : c,
);

const withAmounts = (r: RowValues) => r.IncluirMontos === 'SI';

/**
 * `ordenEntrega`: delivery orders and dispatch guides, one row per line (rows sharing nroOrden form one
 * document), processed as POST /v2/ordenes/masivaordenes processes them. With IncluirMontos SI the lines
 * are priced with the invoice rules and the totals computed here (the family checks them again);
 * without, only code, description, quantity and unit are sent.
 */
export const orderFileType: FileTypeDescriptor = {
  tipo: 'ordenEntrega',
  nombre: 'Órdenes de entrega y guías de despacho',
  numberColumn: 'nroOrden',
  columns: [
    {
      key: 'nroOrden',
      kind: 'text',
      required: true,
      header: true,
      max: ORDER_LIMITS.nroOrden,
      help: 'Número de la orden o guía; las filas con el mismo número forman un documento (una orden y una guía con el mismo número van en archivos distintos).',
      example: 'OE-000001',
    },
    {
      key: 'modeloOrden',
      kind: 'text',
      required: true,
      header: true,
      list: ORDER_KINDS,
      help: 'ORDENENTREGA (orden de entrega) o GUIADESPACHO (guía de despacho).',
      example: 'ORDENENTREGA',
    },
    branchColumn,
    {
      key: 'IncluirMontos',
      kind: 'yesno',
      header: true,
      list: YES_NO,
      help: 'SI: las líneas llevan precio e IVA y se imprimen con montos; NO (por defecto): solo código, descripción, cantidad y unidad.',
      example: 'NO',
    },
    {
      key: 'facturaDivisa',
      kind: 'text',
      header: true,
      list: ORDER_CURRENCIES,
      help: 'Moneda de la orden: VEF, USD o EUR (por defecto VEF).',
      example: 'VEF',
    },
    {
      key: 'cambioDivisa',
      kind: 'amount',
      header: true,
      help: 'Tasa de cambio de la moneda (opcional).',
      example: '',
    },
    {
      key: 'motivo',
      kind: 'text',
      required: true,
      header: true,
      max: ORDER_LIMITS.motivo,
      help: 'Motivo del traslado o de la entrega.',
      example: 'Venta',
    },
    {
      key: 'direccionEntrega',
      kind: 'text',
      required: true,
      header: true,
      max: ORDER_LIMITS.direccionEntrega,
      help: 'Dirección de entrega de la mercancía.',
      example: 'Galpón 3, Zona Industrial La Yaguara, Caracas',
    },
    {
      key: 'observacion',
      kind: 'text',
      header: true,
      max: ORDER_LIMITS.observacion,
      help: 'Observación impresa en el documento (opcional).',
      example: '',
    },
    ...orderClientColumns,
    ...orderLineColumns,
  ],
  checkRow: checkLineRow,
  toDocument(rows, company) {
    const [first] = rows;
    const head = {
      rif: company.rif,
      codigoSucursal: first.codigoSucursal,
      nroOrden: first.nroOrden,
      modeloOrden: first.modeloOrden,
      facturaDivisa: first.facturaDivisa,
      cambioDivisa: first.cambioDivisa,
      motivo: first.motivo,
      direccionEntrega: first.direccionEntrega,
      observacion: first.observacion,
      cliente: clientOf(first),
    };
    if (!withAmounts(first))
      return {
        ...head,
        IncluirMontos: false,
        lstDetallesFacturaGeneral: rows.map((r) => ({
          codigoProducto: r.codigoProducto,
          descripcion: r.descripcion,
          unidadMedida: r.unidadMedida,
          cantidad: r.cantidad,
        })),
      };
    const priced = pricedLines(rows);
    const totals = documentTotals(priced.map((p) => p.totals));
    return {
      ...head,
      IncluirMontos: true,
      subTotal: totals.subTotal,
      totalExento: totals.totalExento,
      totalExonerado: totals.totalExonerado,
      montoDescuento: totals.montoDescuento,
      importeTotal: totals.importeTotal,
      lstDetallesFacturaGeneral: priced.map((p) => p.line),
    };
  },
  validate(document) {
    const parsed = orderSchema.safeParse(document);
    if (!parsed.success) return describeIssues(parsed.error);
    // The family's own rules (prices required with amounts, the delivery address): pure, checked now.
    try {
      priceOrder(parsed.data as OrderInput);
      deliveryAddressOf(parsed.data as OrderInput);
      return null;
    } catch (error) {
      if (error instanceof OrderRuleError) return error.message;
      throw error;
    }
  },
  process: throughKernel<OrderIngestAnswer>('orden', {
    errors: (a) =>
      a.resultado.DetalleErrorOrdenes.map((e) => ({ posicion: e.posicion, numero: e.nroOrden, msg: e.msg })),
    done: (a) =>
      a.resultado.DetalleOrdenesProcesadas.map((d) => ({ numero: d.nroOrden, nroControl: d.nroControl })),
    numberOf: (item) => String(item.nroOrden ?? ''),
  }),
  counters: {
    total: 'TotalOrdenesProcedas',
    created: 'totalOrdenesNew',
    failed: 'totalOrdenesconError',
    errors: 'DetalleErrorOrdenes',
  },
};
