import { DOCUMENT_FAMILIES, documentLabel, z } from '@sigece/fiscal';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { facturas } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import type { AuditContext } from '../audit/service.ts';
import { annulByNumber, type FamilyAnnulment } from '../issuance/annulment/annul.ts';
import { realDocuments, visibleIssued } from '../issuance/read/issued.ts';
import { annulInvoiceByNumberSchema, type InvoiceAnnulItem } from './annul-schema.ts';

export interface InvoiceAnnulAnswer {
  code: 200 | 203;
  TotalFacturasProcedas: number;
  totalFacturasAnuladas: number;
  totalFacturaconError: number;
  DetalleErrorFacturas: Array<Array<{ NroFactura: string; Msg: string }>>;
  DetalleFacturasAnuladas: Array<Array<{ NroFactura: string; Msg: string }>>;
}
type Line = InvoiceAnnulAnswer['DetalleErrorFacturas'][number];
type InvoiceRow = typeof facturas.$inferSelect;

export const invoiceLabel = (f: { serieFactura: string; nroFactura: string }) =>
  documentLabel(f.serieFactura, f.nroFactura);
const itemLabel = (item: InvoiceAnnulItem) =>
  documentLabel(item.serieNrofactura?.toUpperCase() ?? '', item.nroFactura);

/**
 * How an invoice is annulled: ACTIVO → INACTIVO ('Anulada') once generated; the signed PDF's bytes stay
 * as they were (spec 001 §4.1). By number: company RIF, number and series, each invoice on its own
 * (code 200, or 203 with each failed invoice's message).
 */
export const invoiceAnnulment: FamilyAnnulment<InvoiceRow, InvoiceAnnulItem, Line, Line, InvoiceAnnulAnswer> =
  {
    table: facturas,
    tipoDoc: 'fact',
    auditEntity: DOCUMENT_FAMILIES.fact.auditEntity,
    visible: (tx, scope, id) => visibleIssued(tx, facturas, scope, id, 'Factura no encontrada', true),
    refuse(_tx, invoice) {
      if (!invoice.pdf) throw badRequest('La factura aún no está generada');
      if (invoice.status !== 'ACTIVO')
        throw badRequest(`La factura N° ${invoiceLabel(invoice)} ya está anulada`);
    },
    byNumber: {
      schema: annulInvoiceByNumberSchema,
      describe: (error) => z.prettifyError(error),
      numberSent: (raw) => String((raw as Record<string, unknown> | null)?.nroFactura ?? ''),
      label: itemLabel,
      find: (db, localidadId, item) =>
        db
          .select()
          .from(facturas)
          .where(
            and(
              eq(facturas.localidadId, localidadId),
              eq(facturas.serieFactura, item.serieNrofactura?.toUpperCase() ?? ''),
              eq(facturas.nroFactura, item.nroFactura),
              eq(facturas.deleted, false),
              // Annulment by number reaches real invoices only (a test key cannot call it).
              realDocuments(facturas),
            ),
          ),
      missing: (item) => `La factura ${itemLabel(item)} no existe en ${item.rif}`,
      message: (invoice) => `Anulada Factura N°: ${invoiceLabel(invoice)}`,
      answer: {
        error: ({ label, message }) => [{ NroFactura: label, Msg: message }],
        done: ({ label, message }) => [{ NroFactura: label, Msg: message }],
        build: ({ code, received, errors, done }) => ({
          code,
          TotalFacturasProcedas: received,
          totalFacturasAnuladas: done.length,
          totalFacturaconError: errors.length,
          DetalleErrorFacturas: errors,
          DetalleFacturasAnuladas: done,
        }),
      },
    },
  };

/** Annuls invoices named by number, each on its own like one click of 'Anular' (the kernel's annulment). */
export const annulInvoicesByNumber = (db: Db, scope: TenantScope, body: unknown[], audit: AuditContext) =>
  annulByNumber<InvoiceAnnulAnswer>(db, invoiceAnnulment, scope, body, audit);
