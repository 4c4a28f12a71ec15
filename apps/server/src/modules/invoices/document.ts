import { dec, isUuid, money } from '@sigece/fiscal';
import { getTableColumns, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { facturaGravamenes, facturaLineas, facturaPagos, facturas } from '../../db/schema.ts';
import type { DocumentTotals, FiscalDocument } from '../../documents/index.ts';
import { customerOf, issuerOf, printerOf, sandboxMarked, totalsInBolivares } from '../../documents/parts.ts';
import { notFound } from '../../http/errors.ts';
import { cachedIssuerRows } from '../companies/service.ts';
import type { DocumentHeader } from '../issuance/family.ts';
import { childRowsJson } from '../issuance/read/child-rows.ts';
import { verificationUrl } from '../issuance/render/urls.ts';
import { lotOfDocument } from '../numbering/service.ts';
import { invoiceModelPrint } from './models.ts';

export type InvoiceRow = typeof facturas.$inferSelect;
type LineRow = typeof facturaLineas.$inferSelect;
type PaymentRow = typeof facturaPagos.$inferSelect;
type TaxRow = typeof facturaGravamenes.$inferSelect;

// The invoice (all but its PDF's bytes), whether its PDF is stored, and its lines, payments and taxes:
// ONE statement (see issuance/read/child-rows.ts), built once per database handle and prepared.
const lineRows = childRowsJson(
  facturaLineas,
  sql`${facturaLineas.facturaId} = ${facturas.id}`,
  sql`${facturaLineas.posicion}`,
);
const paymentRows = childRowsJson(
  facturaPagos,
  sql`${facturaPagos.facturaId} = ${facturas.id}`,
  sql`${facturaPagos.id}`,
);
const taxRows = childRowsJson(
  facturaGravamenes,
  sql`${facturaGravamenes.facturaId} = ${facturas.id}`,
  sql`${facturaGravamenes.alicuota}`,
);
const { pdf: _pdf, ...invoiceColumns } = getTableColumns(facturas);

// The ids as one array literal, so one prepared statement serves one invoice or a render batch's, on
// both drivers.
const invoicesRead = (db: DbOrTx) =>
  db
    .select({
      ...invoiceColumns,
      generated: sql<boolean>`${facturas.pdf} is not null`,
      lines: lineRows.sql,
      payments: paymentRows.sql,
      taxes: taxRows.sql,
    })
    .from(facturas)
    .where(sql`${facturas.id} = any(${sql.placeholder('ids')}::uuid[])`)
    // Unnamed: db/prepared.ts names it (unless DATABASE_PREPARED_STATEMENTS=0, behind a pooler).
    .prepare('');
const invoicesReads = new WeakMap<object, ReturnType<typeof invoicesRead>>();

/** An invoice as stored, with its parts: what its PDF and its render job read. */
export interface StoredInvoice {
  /** The invoice's row; `pdf` is never read here (null). */
  invoice: InvoiceRow;
  generated: boolean;
  lines: LineRow[];
  payments: PaymentRow[];
  taxes: TaxRow[];
}

/** The invoice and its lines, payments and taxes in one round trip, or null when it does not exist. */
export async function readStoredInvoice(db: DbOrTx, id: string): Promise<StoredInvoice | null> {
  return (await readStoredInvoices(db, [id])).get(id) ?? null;
}

/** `readStoredInvoice` for several invoices in one round trip, by id (an unknown id is absent). */
export async function readStoredInvoices(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, StoredInvoice>> {
  const found = new Map<string, StoredInvoice>();
  if (ids.length === 0) return found;
  if (!ids.every(isUuid)) throw new Error('identificador de factura inválido');
  let read = invoicesReads.get(db);
  if (!read) {
    read = invoicesRead(db);
    invoicesReads.set(db, read);
  }
  for (const { generated, lines, payments, taxes, ...invoice } of await read.execute({
    ids: `{${ids.join(',')}}`,
  }))
    found.set(invoice.id, {
      invoice: { ...invoice, pdf: null },
      generated: Boolean(generated),
      lines: lineRows.decode(lines),
      payments: paymentRows.decode(payments),
      taxes: taxRows.decode(taxes),
    });
  return found;
}

/** What the kernel reads of a stored invoice, from the invoice's row. */
export function invoiceHeaderOf(invoice: InvoiceRow, generated: boolean): DocumentHeader {
  const cliente = invoice.cliente as {
    identificacion?: string;
    correo?: string | null;
    ccCorreo?: string | null;
  };
  return {
    id: invoice.id,
    localidadId: invoice.localidadId,
    sucursalId: invoice.sucursalId,
    serie: invoice.serieFactura,
    numero: invoice.nroFactura,
    nroControl: invoice.nroControl,
    status: invoice.status,
    deleted: invoice.deleted,
    sandbox: invoice.sandbox,
    generated,
    recipient: {
      nombre: cliente.identificacion ?? '',
      correo: cliente.correo ?? null,
      ccCorreo: cliente.ccCorreo ?? null,
    },
  };
}

/** Everything the PDF of a stored invoice shows, read from what was stored at issue. */
export async function invoiceDocument(
  db: DbOrTx,
  config: AppConfig,
  id: string,
): Promise<{ doc: FiscalDocument; invoice: InvoiceRow }> {
  const stored = await readStoredInvoice(db, id);
  if (!stored) throw notFound('Factura no encontrada');
  return { doc: await invoiceDocumentOf(db, config, stored), invoice: stored.invoice };
}

/** The PDF's content of an invoice already read (the issuer and the lot come from their caches). */
export async function invoiceDocumentOf(
  db: DbOrTx,
  config: AppConfig,
  { invoice, lines, payments, taxes }: StoredInvoice,
): Promise<FiscalDocument> {
  const [{ company, branch }, lot] = await Promise.all([
    cachedIssuerRows(db, invoice.localidadId, invoice.sucursalId),
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
  const watermark =
    (branch?.marcaAguaFactura ?? false) || company.marcaAguaFactura ? company.nombre : undefined;
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
  return sandboxMarked(doc, invoice.sandbox);
}
