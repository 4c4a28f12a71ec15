// The invoices' sample for the family suite: a contract invoice of one line (support/invoices.ts).
import type { InvoiceIngestAnswer } from '@sigece/fiscal';
import type { InvoiceAnnulAnswer } from '../../../src/modules/invoices/annul-by-number.ts';
import { globalLot, INGEST, invoice, LIST_ACTIONS, LIST_MODULE } from '../invoices.ts';
import type { FamilyFixture } from './types.ts';

const flat = <T>(lines: T[][] | null | undefined): T[] => (lines ?? []).flat();

export const invoiceFixture: FamilyFixture = {
  grants: { [LIST_MODULE]: LIST_ACTIONS, '/facturacion/generales/facturaGeneral': [] },
  prepare: (ctx, company) => globalLot(ctx, '/v2/facturas/addcontrolLoc', company.id, 1000),
  item: async (_ctx, company, codigoSucursal) => invoice({ rif: company.rif, codigoSucursal }),
  intakeUrl: INGEST,
  accepted: (answer) =>
    flat((answer as InvoiceIngestAnswer).DetalleFacturaProcesadas).map((d) => ({
      number: d.NroFactura,
      nroControl: d.NroControl,
    })),
  refused: (answer) => flat((answer as InvoiceIngestAnswer).DetalleErrorFacturas).map((e) => e.Msg),
  pdfUrl: (id) => `/v2/facturas/pdf/${id}`,
  pdfBytes: (body) => body,
  publicUrl: (id) => `/v2/facturas/getfacturacion/${id}`,
  listUrl: (companyId) => `/v2/facturas/queryfacturacion?id_localidad=${companyId}&limit=100`,
  annul: {
    method: 'POST',
    url: '/v2/facturas/masivaAnularfacturacionXls',
    item: (rif, issued, codigoSucursal) => ({
      rif,
      nroFactura: issued.number,
      ...(codigoSucursal ? { codigoSucursal } : {}),
      motivoAnulacion: 'Prueba de la suite de familias',
    }),
    outcome: (answer) => {
      const a = answer as InvoiceAnnulAnswer;
      return {
        annulled: flat(a.DetalleFacturasAnuladas).map((l) => l.NroFactura),
        errors: flat(a.DetalleErrorFacturas).map((l) => l.Msg),
      };
    },
  },
};
