import {
  describeIssues,
  documentLabel,
  documentTotals,
  type InvoiceIngestAnswer,
  invoiceSchema,
} from '@sigece/fiscal';
import {
  branchColumn,
  checkLineRow,
  clientColumns,
  clientOf,
  currencyColumn,
  dateColumn,
  lineColumns,
  pricedLines,
} from '../columns.ts';
import type { FileTypeDescriptor } from '../descriptor.ts';
import { throughKernel } from '../kernel.ts';

const labelOf = (item: Record<string, unknown>) =>
  documentLabel(String(item.serieNrofactura ?? '').toUpperCase(), String(item.nroFactura ?? ''));

/**
 * `factura`: invoices, one row per line (rows sharing nroFactura form one invoice), processed as
 * POST /v2/facturas/masivafacturacion processes them (spec 000 §7 masivafacturacionXls).
 */
export const invoiceFileType: FileTypeDescriptor = {
  tipo: 'factura',
  nombre: 'Facturas',
  numberColumn: 'nroFactura',
  columns: [
    {
      key: 'nroFactura',
      kind: 'text',
      required: true,
      header: true,
      max: 20,
      help: 'Número de la factura; las filas con el mismo número forman una factura.',
      example: '000001',
    },
    {
      key: 'serieNrofactura',
      kind: 'text',
      header: true,
      max: 2,
      help: 'Serie del número de factura (opcional, hasta 2 caracteres).',
      example: '',
    },
    dateColumn,
    branchColumn,
    {
      key: 'condicionPago',
      kind: 'text',
      required: true,
      header: true,
      list: ['CONTADO', 'CREDITO'],
      help: 'Condición de pago: CONTADO o CREDITO.',
      example: 'CONTADO',
    },
    {
      key: 'diasCredito',
      kind: 'integer',
      header: true,
      help: 'Días de crédito (solo para CREDITO).',
      example: '',
    },
    currencyColumn,
    {
      key: 'cambioDivisa',
      kind: 'amount',
      header: true,
      help: 'Tasa de cambio de la moneda (requerida si no es VEF y no hay tasa del día).',
      example: '',
    },
    {
      key: 'tipoVenta',
      kind: 'text',
      required: true,
      header: true,
      list: ['INTERNA', 'EXPORTACION'],
      help: 'Tipo de venta: INTERNA o EXPORTACION.',
      example: 'INTERNA',
    },
    ...clientColumns,
    {
      key: 'observacion',
      kind: 'text',
      header: true,
      max: 100,
      help: 'Observación impresa en la factura (opcional).',
      example: '',
    },
    ...lineColumns,
  ],
  checkRow: checkLineRow,
  toDocument(rows, company) {
    const [first] = rows;
    const priced = pricedLines(rows);
    const totals = documentTotals(priced.map((p) => p.totals));
    return {
      rif: company.rif,
      codigoSucursal: first.codigoSucursal,
      nroFactura: first.nroFactura,
      serieNrofactura: first.serieNrofactura,
      fechaDocumento: first.fechaDocumento,
      condicionPago: first.condicionPago,
      diasCredito: first.diasCredito,
      facturaDivisa: first.facturaDivisa,
      cambioDivisa: first.cambioDivisa,
      tipoVenta: first.tipoVenta,
      modeloFactura: 'GENERAL',
      tipoColetilla: false,
      observacion: first.observacion,
      subTotal: totals.subTotal,
      totalExento: totals.totalExento,
      totalExonerado: totals.totalExonerado,
      montoDescuento: totals.montoDescuento,
      importeTotal: totals.importeTotal,
      cliente: clientOf(first),
      lstDetallesFacturaGeneral: priced.map((p) => p.line),
    };
  },
  validate(document) {
    const parsed = invoiceSchema.safeParse(document);
    return parsed.success ? null : describeIssues(parsed.error);
  },
  process: throughKernel<InvoiceIngestAnswer>('fact', {
    errors: (a) =>
      (a.DetalleErrorFacturas ?? [])
        .flat()
        .map((e) => ({ posicion: e.posicion, numero: e.NroFactura, msg: e.Msg })),
    done: (a) =>
      a.DetalleFacturaProcesadas.flat().map((d) => ({ numero: d.NroFactura, nroControl: d.NroControl })),
    numberOf: labelOf,
  }),
  counters: {
    total: 'TotalFacturasProcedas',
    created: 'totalFacturaNew',
    failed: 'totalFacturaconError',
    errors: 'DetalleErrorFacturas',
  },
};
