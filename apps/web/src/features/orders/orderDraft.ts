import { type DocumentTotals, documentTotals, type OrderKind, z } from '@sigece/fiscal';
import type { Client } from '../../components/ClientPicker/index.ts';
import type { DraftLine } from '../invoices/draft.ts';
import { totalsOfLine } from '../invoices/draft.ts';

/** Orders are priced in Bs., USD or EUR (spec 001 §2.4; §4.5 default VEF). */
export const ORDER_CURRENCIES = ['VEF', 'USD', 'EUR'] as const;
export type OrderCurrency = (typeof ORDER_CURRENCIES)[number];

/** The new order/guide being typed (spec 001 §2.4). */
export interface OrderDraft {
  divisa: OrderCurrency;
  localidadId: string;
  sucursalId: string;
  modeloOrden: OrderKind;
  nroOrden: string;
  cliente: Client | null;
  incluirMontos: boolean;
  lines: DraftLine[];
  motivo: string;
  observacion: string;
  direccionEntrega: string;
}

export const emptyOrderDraft = (): OrderDraft => ({
  divisa: 'VEF',
  localidadId: '',
  sucursalId: '',
  modeloOrden: 'ORDENENTREGA',
  nroOrden: '',
  cliente: null,
  incluirMontos: false,
  lines: [],
  motivo: '',
  observacion: '',
  direccionEntrega: '',
});

/** The order's totals with the invoice rules (§4.4), shown only when amounts are included. */
export function orderTotals(draft: OrderDraft): {
  lines: ReturnType<typeof totalsOfLine>[];
  totals: DocumentTotals;
} {
  const lines = draft.lines.map(totalsOfLine);
  return { lines, totals: documentTotals(lines) };
}

/** §2.4: 'Guardar Orden/Guia' is disabled while no client, no company or no line is chosen. */
export const canSaveOrder = (draft: OrderDraft) =>
  Boolean(draft.cliente && draft.localidadId && draft.lines.length > 0);

/** What the page's form fields hold; the client and the lines come from their picker and dialog. */
export type OrderFormValues = Omit<OrderDraft, 'cliente' | 'lines'>;

export function emptyOrderForm(): OrderFormValues {
  const { cliente: _cliente, lines: _lines, ...form } = emptyOrderDraft();
  return form;
}

/**
 * The number and the shipping card's required fields (§2.4), checked when saving and then as they are
 * typed: `required` ('Requerido') goes next to each empty one.
 */
export function orderFormSchema(required: string) {
  const filled = z.string().refine((v) => v.trim() !== '', required);
  return z.looseObject({ nroOrden: filled, motivo: filled, direccionEntrega: filled });
}

/**
 * The order as POST masivaordenes receives it (spec 001 §3.9): without amounts, the lines carry only
 * code, description, quantity and unit; with amounts, the prices and the totals of the invoice rules.
 */
export function orderPayload(
  draft: OrderDraft,
  ctx: { rif: string; codigoSucursal?: string; rateOf: (iso: string) => string | null },
) {
  const c = draft.cliente!;
  const { lines, totals } = orderTotals(draft);
  const usd = ctx.rateOf('USD');
  return {
    rif: ctx.rif,
    codigoSucursal: ctx.codigoSucursal,
    nroOrden: draft.nroOrden.trim(),
    modeloOrden: draft.modeloOrden,
    IncluirMontos: draft.incluirMontos,
    ...(draft.incluirMontos ? { importeTotal: totals.importeTotal, subTotal: totals.subTotal } : {}),
    facturaDivisa: draft.divisa,
    cambioDivisa: draft.divisa === 'VEF' ? 1 : (ctx.rateOf(draft.divisa) ?? undefined),
    tipoCambioDiaUsd: usd ?? undefined,
    fechaVencimiento: new Date().toISOString(),
    motivo: draft.motivo.trim(),
    observacion: draft.observacion.trim().replace(/\r?\n/g, '/n') || undefined,
    cliente: {
      tipoDocumento: c.tipoDocumento,
      numeroDocumento: c.numeroDocumento,
      identificacion: c.identificacion,
      direccion: c.direccion ?? undefined,
      telefonoMovil: c.telefonoMovil ?? undefined,
      correo: c.correo ?? undefined,
      ...(c.ccCorreo ? { ccCorreo: c.ccCorreo } : {}),
      tipoPersona: 'CLIENTE',
      direccionEntrega: draft.direccionEntrega.trim(),
      tipoProveedor: 'PNR',
    },
    lstDetallesFacturaGeneral: draft.lines.map((l, i) =>
      draft.incluirMontos
        ? {
            codigoProducto: l.codigoProducto,
            descripcion: l.descripcion,
            cantidad: l.cantidad,
            unidadMedida: l.unidadMedida,
            precio: l.precio,
            exento: l.exento,
            exonerado: l.exonerado,
            descuento: l.descuentoTipo === 'percent' ? l.descuentoValor : 0,
            montoDescuento: lines[i].descuento,
            alicuotaGravamen: Number(lines[i].alicuota),
            idgravamen: l.idgravamen ?? undefined,
            montoGravamen: lines[i].impuesto,
            importe: lines[i].importe,
          }
        : {
            codigoProducto: l.codigoProducto,
            descripcion: l.descripcion,
            cantidad: l.cantidad,
            unidadMedida: l.unidadMedida,
          },
    ),
  };
}
