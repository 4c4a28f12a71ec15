// Helpers of the orders suites (orders-*.test.ts): a company with an ORDEN lot, a masivaordenes item as a
// connector sends it (amounts computed here with the invoice suites' independent arithmetic), and a role
// on the orders screen.
import type { OrderAnnulAnswer, OrderIngestAnswer } from '@sigece/fiscal';
import { expect } from 'vitest';
import { type Ctx, globalLot, type LineSpec, lineOf, newCompany, totalsOf, userWith } from './invoices.ts';

export const ORDERS = '/v2/ordenes';
export const ORDERS_MODULE = '/facturacion/OrdenesGuias';
export const ORDERS_ACTIONS = ['search', 'add', 'print', 'delete'];

/** A company of the test's own with an invoice lot and an orders/guides lot of `lot` numbers from 0. */
export async function orderCompany(ctx: Ctx, options: { lot?: number; nombre?: string } = {}) {
  const company = await newCompany(ctx, { nombre: options.nombre });
  await globalLot(ctx, '/v2/facturas/addcontrolOrdenGuiaLoc', company.id, options.lot ?? 1000);
  return company;
}

let seq = 0;
export const nextOrder = () => `OE-${String(++seq).padStart(6, '0')}`;

export interface OrderSpec {
  rif: string;
  nroOrden?: string;
  modeloOrden?: 'ORDENENTREGA' | 'GUIADESPACHO';
  /** With amounts when given (IncluirMontos true); without otherwise. */
  amounts?: LineSpec[];
  lines?: Array<{ codigo: string; descripcion: string; cantidad: number; unidad?: string }>;
  extra?: Record<string, unknown>;
  cliente?: Record<string, unknown>;
}

/** A masivaordenes item as a connector sends it (spec 001 §3.9). */
export function orderItem(spec: OrderSpec): Record<string, unknown> {
  const base = {
    rif: spec.rif,
    nroOrden: spec.nroOrden ?? nextOrder(),
    modeloOrden: spec.modeloOrden ?? 'ORDENENTREGA',
    facturaDivisa: 'VEF',
    cambioDivisa: 1,
    tipoCambioDiaUsd: '237.7529',
    fechaVencimiento: '2026-11-24T12:00:00.000Z',
    motivo: 'Venta',
    observacion: 'Entregar en horario de oficina',
    cliente: {
      tipoDocumento: 'V',
      numeroDocumento: '12345678',
      identificacion: 'PEDRO PEREZ',
      direccion: 'Caracas',
      telefonoMovil: '04145550001',
      correo: 'pedro@example.com',
      tipoPersona: 'CLIENTE',
      direccionEntrega: 'Galpón 3, Zona Industrial La Yaguara, Caracas',
      tipoProveedor: 'PNR',
      ...spec.cliente,
    },
  };
  if (spec.amounts) {
    const t = totalsOf(spec.amounts);
    return {
      ...base,
      IncluirMontos: true,
      importeTotal: t.importeTotal,
      subTotal: t.subTotal,
      lstDetallesFacturaGeneral: spec.amounts.map(lineOf),
      ...spec.extra,
    };
  }
  const lines = spec.lines ?? [{ codigo: 'P-001', descripcion: 'Cemento gris 42,5 kg', cantidad: 10 }];
  return {
    ...base,
    IncluirMontos: false,
    lstDetallesFacturaGeneral: lines.map((l) => ({
      codigoProducto: l.codigo,
      descripcion: l.descripcion,
      cantidad: l.cantidad,
      unidadMedida: l.unidad ?? 'SACO',
    })),
    ...spec.extra,
  };
}

export async function ingestOrders(ctx: Ctx, token: string, body: unknown): Promise<OrderIngestAnswer> {
  const res = await ctx().request({
    method: 'POST',
    url: `${ORDERS}/masivaordenes`,
    token,
    payload: body as object,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderIngestAnswer;
}

export async function annulOrdersBy(ctx: Ctx, token: string, body: unknown): Promise<OrderAnnulAnswer> {
  const res = await ctx().request({ method: 'PUT', url: `${ORDERS}/anular`, token, payload: body as object });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderAnnulAnswer;
}

export const ordersUser = (ctx: Ctx, companies: string[], actions = ORDERS_ACTIONS) =>
  userWith(
    ctx,
    {
      [ORDERS_MODULE]: actions,
      '/facturacion/OrdenesGuias/CrearOrdenesGuias': [],
      '/reportes/ReporteOrdenes': [],
    },
    companies,
  );
