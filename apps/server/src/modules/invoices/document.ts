import { dec, formatRif, lotControlRange, money } from '@sigece/fiscal';
import { asc, eq } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  controlLots,
  facturaGravamenes,
  facturaLineas,
  facturaPagos,
  facturas,
  localidades,
  sucursales,
} from '../../db/schema.ts';
import type { DocumentTotals, FiscalDocument } from '../../documents/index.ts';
import { notFound } from '../../http/errors.ts';
import { verificationUrl } from '../issuance/urls.ts';

export type InvoiceRow = typeof facturas.$inferSelect;

/** Everything the PDF of a stored invoice shows, read from what was stored at issue. */
export async function invoiceDocument(
  db: DbOrTx,
  config: AppConfig,
  id: string,
): Promise<{ doc: FiscalDocument; invoice: InvoiceRow }> {
  const [invoice] = await db.select().from(facturas).where(eq(facturas.id, id)).limit(1);
  if (!invoice) throw notFound('Factura no encontrada');
  const [[company], branch, lines, payments, taxes, [lot]] = await Promise.all([
    db.select().from(localidades).where(eq(localidades.id, invoice.localidadId)).limit(1),
    invoice.sucursalId
      ? db
          .select()
          .from(sucursales)
          .where(eq(sucursales.id, invoice.sucursalId))
          .limit(1)
          .then((r) => r[0])
      : undefined,
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
    invoice.lotId
      ? db.select().from(controlLots).where(eq(controlLots.id, invoice.lotId)).limit(1)
      : Promise.resolve([]),
  ]);
  const cliente = invoice.cliente as Record<string, string | null>;
  const totals: DocumentTotals = {
    subtotal: invoice.subTotal,
    exento: invoice.totalExento,
    exonerado: invoice.totalExonerado,
    descuento: invoice.montoDescuento,
    taxes: taxes.map((t) => ({ alicuota: t.alicuota, base: t.baseImponible, monto: t.montoAlicuota })),
    total: invoice.importeTotal,
  };
  const foreign = invoice.moneda !== 'VEF' && invoice.tasaCambio;
  const inBs = (v: string) => money(dec(v).times(invoice.tasaCambio ?? '1'));
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
  const watermark =
    (branch?.marcaAguaFactura ?? false) || company.marcaAguaFactura ? company.nombre : undefined;
  const doc: FiscalDocument = {
    kind: 'FACTURA',
    title: 'FACTURA',
    numero: invoice.nroFactura,
    serie: invoice.serieFactura || undefined,
    nroControl: invoice.nroControl ?? '',
    issuedAt: invoice.fechaEmision,
    issuer: {
      nombre: company.nombre,
      rif: formatRif(company.tipoDocumento, company.numeroDocumento),
      direccion: branch
        ? `${company.direccion} — Sucursal ${branch.codigoSucursal} ${branch.nombre}: ${branch.direccion}`
        : company.direccion,
      telefono: branch?.telefono ?? company.telefono,
      correo: branch?.correo ?? company.correo,
      logoJpeg: company.logo ?? undefined,
    },
    customer: {
      nombre: String(cliente.identificacion ?? ''),
      rif: formatRif(String(cliente.tipoDocumento), String(cliente.numeroDocumento)),
      direccion: cliente.direccion ?? undefined,
      telefono: cliente.telefonoMovil ?? undefined,
      correo: cliente.correo ?? undefined,
    },
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
    })),
    totals,
    currency: {
      iso: invoice.moneda as FiscalDocument['currency']['iso'],
      rate: foreign ? (invoice.tasaCambio ?? undefined) : undefined,
    },
    amountsInBs: foreign
      ? {
          subtotal: inBs(totals.subtotal),
          exento: inBs(totals.exento),
          exonerado: inBs(totals.exonerado),
          descuento: inBs(totals.descuento),
          taxes: totals.taxes.map((t) => ({ ...t, base: inBs(t.base), monto: inBs(t.monto) })),
          total: inBs(totals.total),
        }
      : undefined,
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
    watermark,
    annulled: invoice.status === 'INACTIVO',
    printer: {
      nombre: config.printer.nombre,
      rif: config.printer.rif,
      providencia: config.printer.providencia,
      fechaProvidencia: config.printer.fechaProvidencia,
      controlRange: lot
        ? lotControlRange(lot)
        : { desde: invoice.nroControl ?? '', hasta: invoice.nroControl ?? '' },
      fechaAsignacion: lot?.createdAt ?? invoice.createdAt,
    },
    verificationUrl: verificationUrl(config.publicUrl, invoice.id, 'fact'),
  };
  return { doc, invoice };
}
