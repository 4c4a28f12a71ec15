import { dec, money, SANDBOX_MARK } from '@sigece/fiscal';
import { asc, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { facturaGravamenes, facturaLineas, facturaPagos, facturas } from '../../db/schema.ts';
import type { DocumentTotals, FiscalDocument } from '../../documents/index.ts';
import { customerOf, issuerOf, printerOf, totalsInBolivares } from '../../documents/parts.ts';
import { notFound } from '../../http/errors.ts';
import { cachedIssuerRows } from '../companies/service.ts';
import { verificationUrl } from '../issuance/urls.ts';
import { lotOfDocument } from '../numbering/service.ts';
import { invoiceModelPrint } from './models.ts';

export type InvoiceRow = typeof facturas.$inferSelect;

/** Everything the PDF of a stored invoice shows, read from what was stored at issue. */
export async function invoiceDocument(
  db: DbOrTx,
  config: AppConfig,
  id: string,
): Promise<{ doc: FiscalDocument; invoice: InvoiceRow }> {
  const [invoice] = await db.select().from(facturas).where(eq(facturas.id, id)).limit(1);
  if (!invoice) throw notFound('Factura no encontrada');
  const [{ company, branch }, lines, payments, taxes, lot] = await Promise.all([
    cachedIssuerRows(db, invoice.localidadId, invoice.sucursalId),
    db
      .select()
      .from(facturaLineas)
      .where(eq(facturaLineas.facturaId, id))
      .orderBy(asc(facturaLineas.posicion)),
    db.select().from(facturaPagos).where(eq(facturaPagos.facturaId, id)).orderBy(asc(facturaPagos.id)),
    db
      .select()
      .from(facturaGravamenes)
      .where(eq(facturaGravamenes.facturaId, id))
      .orderBy(asc(facturaGravamenes.alicuota)),
    lotOfDocument(db, invoice.lotId),
  ]);
  const model = invoiceModelPrint(invoice.datosModelo);
  const totals: DocumentTotals = {
    subtotal: invoice.subTotal,
    exento: invoice.totalExento,
    exonerado: invoice.totalExonerado,
    descuento: invoice.montoDescuento,
    taxes: taxes.map((t) => ({ alicuota: t.alicuota, base: t.baseImponible, monto: t.montoAlicuota })),
    charges: model.charges.length > 0 ? model.charges : undefined,
    total: invoice.importeTotal,
  };
  const rate = invoice.moneda !== 'VEF' && invoice.tasaCambio ? invoice.tasaCambio : undefined;
  const igtfPayments = payments.filter((p) => dec(p.igtfValor).gt(0));
  const extras = [
    ...(invoice.ordenCompra ? [{ label: 'Orden de compra', value: invoice.ordenCompra }] : []),
    ...(invoice.observacionInfo ? [{ label: 'Información adicional', value: invoice.observacionInfo }] : []),
    ...(invoice.cuentaTerceros
      ? [
          {
            label: 'Por cuenta de terceros',
            value:
              `${invoice.cuentaTerceros.nombrePrestador} (${invoice.cuentaTerceros.rifPrestador}) ${invoice.cuentaTerceros.domicilioPrestador}`.trim(),
          },
        ]
      : []),
    ...(invoice.condicionPago === 'CREDITO'
      ? [
          {
            label: 'Condición de pago',
            value: `Crédito${invoice.diasCredito ? ` a ${invoice.diasCredito} días` : ''}`,
          },
        ]
      : []),
    ...Object.entries(invoice.extras)
      .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
      .map(([label, value]) => ({ label, value: String(value) })),
  ];
  // A test key's invoice says on every page that it is worth nothing (issue 20 item 5).
  const watermark = invoice.sandbox
    ? SANDBOX_MARK
    : (branch?.marcaAguaFactura ?? false) || company.marcaAguaFactura
      ? company.nombre
      : undefined;
  if (invoice.sandbox) extras.unshift({ label: 'Entorno', value: SANDBOX_MARK });
  const doc: FiscalDocument = {
    kind: 'FACTURA',
    title: 'FACTURA',
    numero: invoice.nroFactura,
    serie: invoice.serieFactura || undefined,
    nroControl: invoice.nroControl ?? '',
    issuedAt: invoice.fechaEmision,
    issuer: issuerOf(company, branch),
    customer: customerOf(invoice.cliente),
    lines: lines.map((l) => ({
      codigo: l.codigoProducto,
      descripcion: l.descripcion,
      cantidad: l.cantidad,
      unidad: l.unidadMedida,
      precio: l.precio,
      descuento: l.montoDescuento,
      importe: l.importe,
      exento: l.exento || l.exonerado,
      lote: l.nroLote ?? undefined,
      vencimiento: l.fechaVenciProducto ?? undefined,
      notes: model.lineNotes(l.posicion),
    })),
    totals,
    currency: { iso: invoice.moneda as FiscalDocument['currency']['iso'], rate },
    amountsInBs: rate ? totalsInBolivares(totals, rate) : undefined,
    igtf:
      igtfPayments.length > 0 || invoice.coletillaIgtf
        ? {
            base: money(dec(invoice.totalIgtf).times(100).div(3)),
            monto: invoice.totalIgtf,
            footnote: invoice.coletillaIgtf,
          }
        : undefined,
    payments: payments.map((p) => ({ modo: p.modoPago, monto: p.monto, divisa: p.divisa })),
    observacion: invoice.observacion ?? undefined,
    service: invoice.servicio
      ? {
          nroContrato: invoice.servicio.nroContrato,
          pagueAntes: invoice.servicio.pagueAntes,
          periodoFacturacion: invoice.servicio.periodoFacturacion,
          direccionServicio: invoice.servicio.direccionServicio,
        }
      : undefined,
    extras,
    sections: model.sections.length > 0 ? model.sections : undefined,
    watermark,
    annulled: invoice.status === 'INACTIVO',
    printer: printerOf(config.printer, lot, invoice),
    verificationUrl: verificationUrl(config.publicUrl, invoice.id, 'fact'),
  };
  return { doc, invoice };
}
