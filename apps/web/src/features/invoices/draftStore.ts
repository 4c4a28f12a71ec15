import type { InvoiceDetail } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Client } from '../../components/ClientPicker/index.ts';
import { invoiceDetail } from './api.ts';
import { type Draft, type DraftLine, emptyDraft, INVOICE_CURRENCIES, type InvoiceModel } from './draft.ts';

/**
 * Drafts that survive. They are kept in the browser's localStorage, one per user and invoice
 * model, rather than on the server: a draft is personal and short-lived, is written on every keystroke
 * (no request per change, no table that fills with abandoned drafts, no tenancy or retention rules), and
 * it survives a reload, a closed tab or an expired session on the machine where the clerk works. The price
 * is that it does not follow the user to another device. The key carries the user's id, so two users of
 * one browser never see each other's drafts; signing out leaves it for the same user's next visit.
 */
const VERSION = 1;
const keyOf = (userId: string, model: InvoiceModel) => `sigece:invoice-draft:v${VERSION}:${userId}:${model}`;

/** A draft worth keeping: the user has chosen a client or typed something of the invoice. */
export const isDirty = (d: Draft) =>
  d.cliente !== null || d.lines.length > 0 || d.pagos.length > 0 || d.observacion.trim() !== '';

export function loadDraft(userId: string, model: InvoiceModel): Draft | null {
  try {
    const raw = localStorage.getItem(keyOf(userId, model));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { draft?: Partial<Draft> };
    if (!parsed.draft || typeof parsed.draft !== 'object') return null;
    const draft = { ...emptyDraft(), ...parsed.draft, modelo: model } as Draft;
    return isDirty(draft) ? draft : null;
  } catch {
    return null;
  }
}

export function saveDraft(userId: string, draft: Draft): void {
  try {
    const key = keyOf(userId, draft.modelo);
    if (isDirty(draft))
      localStorage.setItem(key, JSON.stringify({ draft, savedAt: new Date().toISOString() }));
    else localStorage.removeItem(key);
  } catch {
    // A full or disabled storage only costs the autosave.
  }
}

function clientOf(detail: InvoiceDetail): Client {
  const c = detail.cliente as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    id: '',
    _id: '',
    id_localidad: detail.id_localidad,
    tipoDocumento: String(c.tipoDocumento ?? ''),
    numeroDocumento: String(c.numeroDocumento ?? ''),
    identificacion: String(c.identificacion ?? ''),
    correo: text(c.correo),
    ccCorreo: text(c.ccCorreo),
    direccion: text(c.direccion),
    telefonoMovil: text(c.telefonoMovil),
    telefonoHabitacion: null,
    contribuyenteEspecial: c.contribuyenteEspecial === true,
    tipoProveedor: text(c.tipoProveedor) ?? 'PNR',
    tipoPersona: 'CLIENTE',
    etiqueta: `${c.tipoDocumento}-${c.numeroDocumento} / ${c.identificacion}`,
    logEstatusRegistro: 'ACTIVO',
  };
}

/**
 * 'Duplicar': a new draft with the invoice's company, branch, client, currency, sale type, condition and
 * lines (prices as issued). Numbers, payments and the order link are not copied: they belong to one invoice.
 */
export function draftOfInvoice(detail: InvoiceDetail): Partial<Draft> {
  const lines: DraftLine[] = detail.lstDetallesFacturaGeneral.map((l, i) => ({
    productId: `dup-${i}-${l.codigoProducto}`,
    codigoProducto: l.codigoProducto,
    descripcion: l.descripcion,
    unidadMedida: l.unidadMedida,
    precio: l.precio,
    exento: l.exento,
    exonerado: l.exonerado,
    alicuota: l.exento || l.exonerado ? '0' : l.alicuotaGravamen,
    idgravamen: null,
    cantidad: l.cantidad,
    descuentoTipo: Number(l.descuento) > 0 ? 'percent' : Number(l.montoDescuento) > 0 ? 'amount' : 'none',
    descuentoValor:
      Number(l.descuento) > 0 ? l.descuento : Number(l.montoDescuento) > 0 ? l.montoDescuento : '',
  }));
  const d = detail as InvoiceDetail & {
    facturaDivisa?: string;
    tipoVenta?: string;
    condicionPago?: string;
    diasCredito?: number | null;
  };
  const divisa = (INVOICE_CURRENCIES as readonly string[]).includes(d.facturaDivisa ?? '')
    ? (d.facturaDivisa as Draft['divisa'])
    : 'VEF';
  return {
    localidadId: detail.id_localidad,
    sucursalId: detail.id_sucursal ?? '',
    divisa,
    tipoVenta: d.tipoVenta === 'EXPORTACION' ? 'EXPORTACION' : 'INTERNA',
    condicion: d.condicionPago === 'CREDITO' ? 'CREDITO' : 'CONTADO',
    diasCredito: d.diasCredito ? String(d.diasCredito) : '',
    cliente: clientOf(detail),
    lines,
    observacion: detail.observacion?.replace(/\/n/g, '\n') ?? '',
  };
}

/** Reads `?duplicar=<id>` once and hands the duplicated draft to the new-invoice page. */
export function useDuplicate(apply: (draft: Partial<Draft>, nro: string) => void, onError: () => void): void {
  const [params] = useSearchParams();
  const id = params.get('duplicar') ?? '';
  const done = useRef('');
  const invoice = useQuery({
    queryKey: ['invoices', 'detail', id],
    queryFn: ({ signal }) => invoiceDetail(id, signal),
    select: (answer) => answer.result,
    enabled: Boolean(id),
    meta: { silent: true },
  });
  useEffect(() => {
    if (invoice.isError && done.current !== id) {
      done.current = id;
      onError();
    }
    if (!invoice.data || done.current === invoice.data.id) return;
    done.current = invoice.data.id;
    const nro = String((invoice.data as { nroFactura?: string }).nroFactura ?? '');
    apply(draftOfInvoice(invoice.data), nro);
  }, [invoice.data, invoice.isError, id, apply, onError]);
}
