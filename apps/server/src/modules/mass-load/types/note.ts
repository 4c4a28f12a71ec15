import {
  describeIssues,
  documentTotals,
  NOTE_CATEGORY_CODES,
  NOTE_TYPES,
  type NoteIngestAnswer,
  noteSchema,
} from '@sigece/fiscal';
import { branchColumn, checkLineRow, dateColumn, lineColumns, pricedLines } from '../columns.ts';
import type { FileTypeDescriptor } from '../descriptor.ts';
import { throughKernel } from '../kernel.ts';

/**
 * `nota`: credit and debit notes, one row per line (rows sharing nroNota form one note), processed as
 * POST /v2/facturas/nota/masivanotasXls processes them.
 */
export const noteFileType: FileTypeDescriptor = {
  tipo: 'nota',
  nombre: 'Notas de crédito y débito',
  numberColumn: 'nroNota',
  columns: [
    {
      key: 'nroNota',
      kind: 'text',
      required: true,
      header: true,
      max: 9,
      help: 'Número de la nota; las filas con el mismo número forman una nota.',
      example: '00000001',
    },
    {
      key: 'tipo',
      kind: 'text',
      required: true,
      header: true,
      list: NOTE_TYPES,
      help: 'Tipo de nota: Credito o Debito.',
      example: 'Credito',
    },
    {
      key: 'serie',
      kind: 'text',
      header: true,
      max: 2,
      help: 'Serie del número de nota (opcional).',
      example: '',
    },
    {
      key: 'categoria',
      kind: 'text',
      required: true,
      header: true,
      list: NOTE_CATEGORY_CODES,
      help: 'Categoría: 0, 1 o 2 (ver las categorías de notas de crédito y débito).',
      example: '0',
    },
    {
      key: 'concepto',
      kind: 'text',
      header: true,
      max: 99,
      help: 'Concepto (por defecto, el de la categoría).',
      example: 'Devolución de mercancía',
    },
    {
      key: 'nroFactura',
      kind: 'text',
      required: true,
      header: true,
      max: 20,
      help: 'Número de la factura afectada (generada).',
      example: '000001',
    },
    {
      key: 'serieNrofactura',
      kind: 'text',
      header: true,
      max: 2,
      help: 'Serie de la factura afectada (opcional).',
      example: '',
    },
    dateColumn,
    branchColumn,
    {
      key: 'facturaDivisa',
      kind: 'text',
      header: true,
      max: 3,
      help: 'Moneda de la factura afectada (opcional).',
      example: 'VEF',
    },
    { key: 'tasaCambio', kind: 'amount', header: true, help: 'Tasa de cambio (opcional).', example: '' },
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
      nroNota: first.nroNota,
      tipo: first.tipo,
      serie: first.serie,
      categoria: first.categoria,
      concepto: first.concepto,
      nroFactura: first.nroFactura,
      serieNrofactura: first.serieNrofactura,
      fechaDocumento: first.fechaDocumento,
      facturaDivisa: first.facturaDivisa,
      tasaCambio: first.tasaCambio,
      subTotal: totals.subTotal,
      totalExento: totals.totalExento,
      totalExonerado: totals.totalExonerado,
      montoDescuento: totals.montoDescuento,
      importeTotal: totals.importeTotal,
      lstDetallesNota: priced.map((p) => ({ ...p.line, cantidadDevolucion: p.line.cantidad })),
    };
  },
  validate(document) {
    const parsed = noteSchema.safeParse(document);
    return parsed.success ? null : describeIssues(parsed.error);
  },
  process: throughKernel<NoteIngestAnswer>('nota', {
    errors: (a) => a.DetalleErrorNotas.flat().map((e) => ({ numero: e.nroNota, msg: e.Msg })),
    done: (a) =>
      a.DetalleNotasProcesadas.flat().map((d) => ({ numero: d.nroNota, nroControl: d.nroControl })),
    numberOf: (item) => String(item.nroNota ?? ''),
  }),
  counters: {
    total: 'TotalNotasProcedas',
    created: 'totalNotasNew',
    failed: 'totalNotasconError',
    errors: 'DetalleErrorNotas',
  },
};
