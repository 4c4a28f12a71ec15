import type { OrderDetail } from '@sigece/fiscal';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Client } from '../../components/ClientPicker/index.ts';
import type { Draft, DraftLine } from '../invoices/draft.ts';
import { orderDetail } from './api.ts';

/** The order's client as the invoice's client card holds it. */
function clientOf(order: OrderDetail): Client {
  const c = order.clienteDetalle as Record<string, string | boolean | null | undefined>;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    id: '',
    _id: '',
    id_localidad: order.id_localidad,
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
    etiqueta: order.cliente,
    logEstatusRegistro: 'ACTIVO',
  };
}

/**
 * The new invoice prefilled from an order ('Facturar'): company, branch, currency, client and
 * lines (an order without amounts gives its lines at price 0, to be priced before generating; prices are
 * the order's otherwise), and the order's id, which the stored invoice records.
 */
export function invoiceDraftOfOrder(order: OrderDetail): Partial<Draft> {
  const lines: DraftLine[] = order.lstDetallesFacturaGeneral.map((l) => ({
    productId: '',
    codigoProducto: l.codigoProducto,
    descripcion: l.descripcion,
    unidadMedida: l.unidadMedida,
    precio: l.precio ?? '0',
    exento: l.exento,
    exonerado: l.exonerado,
    alicuota: l.exento || l.exonerado ? '0' : (l.alicuotaGravamen ?? '0'),
    idgravamen: null,
    cantidad: l.cantidad,
    descuentoTipo: l.descuento && Number(l.descuento) > 0 ? 'percent' : 'none',
    descuentoValor: l.descuento && Number(l.descuento) > 0 ? l.descuento : '',
  }));
  return {
    idOrden: order.id,
    localidadId: order.id_localidad,
    sucursalId: order.id_sucursal ?? '',
    divisa: order.facturaDivisa as Draft['divisa'],
    tipoVenta: 'INTERNA',
    cliente: clientOf(order),
    lines,
    observacion: `${order.modeloOrden === 'GUIADESPACHO' ? 'Guía de despacho' : 'Orden de entrega'} N° ${order.nroOrden}`,
  };
}

/** Reads `?orden=<id>` once and hands the prefilled draft to the new-invoice page. */
export function useOrderPrefill(apply: (draft: Partial<Draft>) => void): void {
  const [params] = useSearchParams();
  const id = params.get('orden') ?? '';
  const done = useRef('');
  const order = useQuery({
    queryKey: ['orders', 'detail', id],
    queryFn: ({ signal }) => orderDetail(id, signal),
    select: (answer) => answer.result,
    enabled: Boolean(id),
  });
  useEffect(() => {
    if (!order.data || done.current === order.data.id) return;
    done.current = order.data.id;
    apply(invoiceDraftOfOrder(order.data));
  }, [order.data, apply]);
}
