// The orders/guides' sample for the family suite: a delivery order without amounts (support/orders.ts).
import type { OrderAnnulAnswer, OrderIngestAnswer } from '@sigece/fiscal';
import { globalLot } from '../invoices.ts';
import { ORDERS, ORDERS_ACTIONS, ORDERS_MODULE, orderItem } from '../orders.ts';
import type { FamilyFixture } from './types.ts';

export const orderFixture: FamilyFixture = {
  grants: {
    [ORDERS_MODULE]: ORDERS_ACTIONS,
    '/facturacion/OrdenesGuias/CrearOrdenesGuias': [],
    '/reportes/ReporteOrdenes': [],
  },
  prepare: (ctx, company) => globalLot(ctx, '/v2/facturas/addcontrolOrdenGuiaLoc', company.id, 1000),
  item: async (_ctx, company, codigoSucursal) =>
    orderItem({ rif: company.rif, extra: codigoSucursal ? { codigoSucursal } : {} }),
  intakeUrl: `${ORDERS}/masivaordenes`,
  accepted: (answer) =>
    (answer as OrderIngestAnswer).resultado.DetalleOrdenesProcesadas.map((d) => ({
      number: d.nroOrden,
      nroControl: d.nroControl,
    })),
  refused: (answer) => (answer as OrderIngestAnswer).resultado.DetalleErrorOrdenes.map((e) => e.msg),
  pdfUrl: (id) => `${ORDERS}/pdf/${id}`,
  pdfBytes: (body) => body,
  publicUrl: (id) => `${ORDERS}/getOrdenId/${id}`,
  listUrl: (companyId) => `${ORDERS}/queryordenes?id_localidad=${companyId}&limit=100`,
  annul: {
    method: 'PUT',
    url: `${ORDERS}/anular`,
    item: (rif, issued, codigoSucursal) => ({
      rif,
      nroOrden: issued.number,
      ...(codigoSucursal ? { codigoSucursal } : {}),
      motivoAnulacion: 'Prueba de la suite de familias',
    }),
    outcome: (answer) => {
      const { result } = answer as OrderAnnulAnswer;
      return {
        annulled: result.DetalleOrdensAnuladaExitosas.map((l) => l.NroOrden),
        errors: result.DetalleErrorOrdenes.map((l) => l.Mensaje),
      };
    },
  },
};
