import { documentLabel, tolerant, z } from '@sigece/fiscal';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { facturas } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import type { AuditContext } from '../audit/service.ts';
import { DocumentRejected } from '../issuance/family.ts';
import { issuerResolver } from '../issuance/issuer.ts';
import { annulInvoice } from './service.ts';

/** One invoice to annul, named by company RIF, number and series (spec 001 §7.1 masivaAnularfacturacionXls). */
export const annulInvoiceByNumberSchema = tolerant.tolerantObject({
  rif: tolerant.text('rif', 12),
  codigoSucursal: tolerant.optionalText('codigoSucursal', 16),
  nroFactura: tolerant.text('nroFactura', 20),
  serieNrofactura: tolerant.optionalText('serieNrofactura', 2),
});

export interface InvoiceAnnulAnswer {
  code: 200 | 203;
  TotalFacturasProcedas: number;
  totalFacturasAnuladas: number;
  totalFacturaconError: number;
  DetalleErrorFacturas: Array<Array<{ NroFactura: string; Msg: string }>>;
  DetalleFacturasAnuladas: Array<Array<{ NroFactura: string; Msg: string }>>;
}

/**
 * Annuls invoices named by number, each on its own like one click of 'Anular' (`annulInvoice`, its own
 * transaction and audit): code 200, or 203 with each failed invoice's message.
 */
export async function annulInvoicesByNumber(
  db: Db,
  scope: TenantScope,
  body: unknown[],
  audit: AuditContext,
): Promise<InvoiceAnnulAnswer> {
  const issuer = issuerResolver(db, scope);
  const errors: InvoiceAnnulAnswer['DetalleErrorFacturas'] = [];
  const done: InvoiceAnnulAnswer['DetalleFacturasAnuladas'] = [];
  for (const raw of body) {
    const sent = raw as Record<string, unknown>;
    let label = String(sent?.nroFactura ?? '');
    try {
      const parsed = annulInvoiceByNumberSchema.safeParse(raw);
      if (!parsed.success) throw new DocumentRejected(z.prettifyError(parsed.error));
      const input = parsed.data;
      const serie = input.serieNrofactura?.toUpperCase() ?? '';
      label = documentLabel(serie, input.nroFactura);
      const { company } = await issuer(input.rif, input.codigoSucursal);
      const [found] = await db
        .select({ id: facturas.id })
        .from(facturas)
        .where(
          and(
            eq(facturas.localidadId, company.id),
            eq(facturas.serieFactura, serie),
            eq(facturas.nroFactura, input.nroFactura),
            eq(facturas.deleted, false),
          ),
        )
        .limit(1);
      if (!found) throw new DocumentRejected(`La factura ${label} no existe en ${input.rif}`);
      const { message } = await annulInvoice(db, scope, found.id, audit);
      done.push([{ NroFactura: label, Msg: message }]);
    } catch (error) {
      if (!(error instanceof DocumentRejected || error instanceof AppError)) throw error;
      errors.push([{ NroFactura: label, Msg: error.message }]);
    }
  }
  return {
    code: errors.length > 0 ? 203 : 200,
    TotalFacturasProcedas: body.length,
    totalFacturasAnuladas: done.length,
    totalFacturaconError: errors.length,
    DetalleErrorFacturas: errors,
    DetalleFacturasAnuladas: done,
  };
}
