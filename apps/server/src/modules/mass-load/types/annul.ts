import {
  annulNoteSchema,
  annulOrderSchema,
  describeIssues,
  documentLabel,
  NOTE_TYPES,
  ORDER_KINDS,
  z,
} from '@sigece/fiscal';
import type { Deps } from '../../../deps.ts';
import { annulInvoiceByNumberSchema } from '../../invoices/annul-schema.ts';
import { branchColumn } from '../columns.ts';
import type { FileTypeDescriptor, Outcome } from '../descriptor.ts';

/*
 * The annulments themselves (the families' tables, the kernel) are imported when a chunk is processed, not
 * with the file type: the upload's parse thread loads the file types only to read a workbook.
 */
async function queueRenders(deps: Deps): Promise<void> {
  const { queueAnnulledRenders } = await import('../../issuance/annulment/annulment-render.ts');
  await queueAnnulledRenders(deps);
}

/** Annulling a document annulled before (this file processed twice) is reported as already done. */
const ALREADY_ANNULLED = /ya está anulada/i;

/** One outcome per item from an annulment answer's error and done lines, matched by number. */
function outcomesOf(
  numbers: string[],
  errors: Array<{ numero: string; msg: string }>,
  done: Array<{ numero: string; msg: string }>,
): Outcome[] {
  const failed = new Map(errors.map((e) => [e.numero, e.msg]));
  const annulled = new Map(done.map((d) => [d.numero, d.msg]));
  return numbers.map((numero) => {
    const ok = annulled.get(numero);
    if (ok !== undefined) return { estado: 'NUEVO', mensaje: ok };
    const msg = failed.get(numero) ?? 'El documento no fue procesado';
    return { estado: ALREADY_ANNULLED.test(msg) ? 'EXISTENTE' : 'ERROR', mensaje: msg };
  });
}

/** `anularFactura`: one row per invoice to annul (spec 001 §7.1 masivaAnularfacturacionXls). */
export const annulInvoiceFileType: FileTypeDescriptor = {
  tipo: 'anularFactura',
  nombre: 'Anulación de facturas',
  numberColumn: 'nroFactura',
  columns: [
    {
      key: 'nroFactura',
      kind: 'text',
      required: true,
      header: true,
      max: 20,
      help: 'Número de la factura generada que se anula.',
      example: '000001',
    },
    {
      key: 'serieNrofactura',
      kind: 'text',
      header: true,
      max: 2,
      help: 'Serie del número de factura (opcional).',
      example: '',
    },
    branchColumn,
  ],
  toDocument: ([first], company) => ({
    rif: company.rif,
    codigoSucursal: first.codigoSucursal,
    nroFactura: first.nroFactura,
    serieNrofactura: first.serieNrofactura,
  }),
  validate(document) {
    const parsed = annulInvoiceByNumberSchema.safeParse(document);
    return parsed.success ? null : z.prettifyError(parsed.error);
  },
  async process(deps, requester, items) {
    const { annulInvoicesByNumber } = await import('../../invoices/annul-by-number.ts');
    const answer = await annulInvoicesByNumber(deps.db, requester.scope, items, requester.audit);
    await queueRenders(deps);
    const label = (i: unknown) => {
      const item = i as Record<string, unknown>;
      return documentLabel(String(item.serieNrofactura ?? '').toUpperCase(), String(item.nroFactura));
    };
    return outcomesOf(
      items.map(label),
      answer.DetalleErrorFacturas.flat().map((e) => ({ numero: e.NroFactura, msg: e.Msg })),
      answer.DetalleFacturasAnuladas.flat().map((d) => ({ numero: d.NroFactura, msg: d.Msg })),
    );
  },
  counters: {
    total: 'TotalFacturasAnularProcedas',
    created: 'totalFacturaAnuladas',
    failed: 'totalFacturaAnularconError',
    errors: 'DetalleErrorFacturas',
  },
};

/** `anularNota`: one row per note to annul, as PUT /v2/facturas/nota/masivaanularnotas. */
export const annulNoteFileType: FileTypeDescriptor = {
  tipo: 'anularNota',
  nombre: 'Anulación de notas',
  numberColumn: 'nroNota',
  columns: [
    {
      key: 'nroNota',
      kind: 'text',
      required: true,
      header: true,
      max: 9,
      help: 'Número de la nota generada que se anula.',
      example: '00000001',
    },
    {
      key: 'tipo',
      kind: 'text',
      header: true,
      list: NOTE_TYPES,
      help: 'Credito o Debito: solo cuando ambas notas tienen el mismo número.',
      example: 'Credito',
    },
    branchColumn,
  ],
  toDocument: ([first], company) => ({
    rif: company.rif,
    codigoSucursal: first.codigoSucursal,
    nroNota: first.nroNota,
    tipo: first.tipo,
  }),
  validate(document) {
    const parsed = annulNoteSchema.safeParse(document);
    return parsed.success ? null : describeIssues(parsed.error);
  },
  async process(deps, requester, items) {
    const { annulNotes } = await import('../../notes/annul.ts');
    const answer = await annulNotes(deps.db, requester.scope, items, requester.audit);
    await queueRenders(deps);
    return outcomesOf(
      items.map((i) => String((i as Record<string, unknown>).nroNota)),
      answer.DetalleErrorNotas.flat().map((e) => ({ numero: e.nroNota, msg: e.Msg })),
      answer.DetalleNotasAnuladas.flat().map((d) => ({ numero: d.nroNota, msg: d.Msg })),
    );
  },
  counters: {
    total: 'TotalNotasAnularProcedas',
    created: 'totalNotasAnuladas',
    failed: 'totalNotasAnularconError',
    errors: 'DetalleErrorNotas',
  },
};

/** `anularOrden`: one row per order or guide to annul, as PUT /v2/ordenes/anular. */
export const annulOrderFileType: FileTypeDescriptor = {
  tipo: 'anularOrden',
  nombre: 'Anulación de órdenes de entrega y guías de despacho',
  numberColumn: 'nroOrden',
  columns: [
    {
      key: 'nroOrden',
      kind: 'text',
      required: true,
      header: true,
      max: 20,
      help: 'Número de la orden de entrega o guía de despacho generada que se anula.',
      example: 'OE-000001',
    },
    {
      key: 'modeloOrden',
      kind: 'text',
      header: true,
      list: ORDER_KINDS,
      help: 'ORDENENTREGA o GUIADESPACHO: solo cuando una orden y una guía tienen el mismo número.',
      example: 'ORDENENTREGA',
    },
    branchColumn,
  ],
  toDocument: ([first], company) => ({
    rif: company.rif,
    codigoSucursal: first.codigoSucursal,
    nroOrden: first.nroOrden,
    modeloOrden: first.modeloOrden,
  }),
  validate(document) {
    const parsed = annulOrderSchema.safeParse(document);
    return parsed.success ? null : describeIssues(parsed.error);
  },
  async process(deps, requester, items) {
    const { annulOrders } = await import('../../orders/annul.ts');
    const { result } = await annulOrders(deps.db, requester.scope, items, requester.audit);
    await queueRenders(deps);
    return outcomesOf(
      items.map((i) => String((i as Record<string, unknown>).nroOrden)),
      result.DetalleErrorOrdenes.map((e) => ({ numero: e.NroOrden, msg: e.Mensaje })),
      result.DetalleOrdensAnuladaExitosas.map((d) => ({ numero: d.NroOrden, msg: d.Mensaje })),
    );
  },
  counters: {
    total: 'TotalOrdenesAnularProcedas',
    created: 'totalOrdenesAnuladas',
    failed: 'totalOrdenesAnularconError',
    errors: 'DetalleErrorOrdenes',
  },
};
