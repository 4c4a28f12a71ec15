import { formatRif, type OrderKind, orderTitle } from '@sigece/fiscal';
import type { AppConfig } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { DocumentTotals, FiscalDocument } from '../../documents/index.ts';
import { customerOf, issuerOf, printerOf, sandboxMarked, totalsInBolivares } from '../../documents/parts.ts';
import { verificationUrl } from '../issuance/render/urls.ts';
import { lotOfDocument } from '../numbering/service.ts';
import { loadOrder } from './queries.ts';

const ZERO: DocumentTotals = {
  subtotal: '0',
  exento: '0',
  exonerado: '0',
  descuento: '0',
  taxes: [],
  total: '0',
};

/**
 * Everything the PDF of a stored order shows, read from what was stored at issue: 'ORDEN DE ENTREGA' or
 * 'GUÍA DE DESPACHO', number, control number, date and time, issuer and client, delivery address and
 * reason, the lines (prices, totals and taxes only when the order includes amounts), observations, the
 * imprenta digital's footer with the lot's range, and the QR to /certificar/{id}/orden.
 */
export async function orderDocument(db: DbOrTx, config: AppConfig, id: string): Promise<FiscalDocument> {
  const { order: o, company, branch, lines, taxes } = await loadOrder(db, id);
  const lot = await lotOfDocument(db, o.lotId);
  const kind = o.modelo as OrderKind;
  const totals: DocumentTotals = o.incluirMontos
    ? {
        subtotal: o.subTotal ?? '0',
        exento: o.totalExento ?? '0',
        exonerado: o.totalExonerado ?? '0',
        descuento: o.montoDescuento ?? '0',
        taxes: taxes.map((t) => ({ alicuota: t.alicuota, base: t.baseImponible, monto: t.montoAlicuota })),
        total: o.importeTotal ?? '0',
      }
    : ZERO;
  const rate = o.incluirMontos && o.moneda !== 'VEF' && o.tasaCambio ? o.tasaCambio : undefined;
  const c = o.cliente as { tipoDocumento: string; numeroDocumento: string };
  // A test key's document says on every page that it is worth nothing.
  return sandboxMarked(
    {
      kind: kind === 'GUIADESPACHO' ? 'GUIA_DESPACHO' : 'ORDEN_ENTREGA',
      title: orderTitle(kind),
      numero: o.nroOrden,
      nroControl: o.nroControl ?? '',
      issuedAt: o.fechaEmision,
      issuer: issuerOf(company, branch),
      customer: { ...customerOf(o.cliente), rif: formatRif(c.tipoDocumento, c.numeroDocumento) },
      withoutAmounts: !o.incluirMontos,
      lines: lines.map((l) => ({
        codigo: l.codigoProducto,
        descripcion: l.descripcion,
        cantidad: l.cantidad,
        unidad: l.unidadMedida,
        precio: l.precio ?? '0',
        descuento: l.montoDescuento ?? '0',
        importe: l.importe ?? '0',
        exento: l.exento || l.exonerado,
      })),
      totals,
      currency: { iso: o.moneda as FiscalDocument['currency']['iso'], rate },
      amountsInBs: rate ? totalsInBolivares(totals, rate) : undefined,
      observacion: o.observacion ?? undefined,
      extras: [
        { label: 'Dirección de entrega', value: o.direccionEntrega },
        { label: 'Motivo', value: o.motivo },
      ],
      annulled: o.status === 'INACTIVO',
      printer: printerOf(config.printer, lot, o),
      verificationUrl: verificationUrl(config.publicUrl, o.id, 'orden'),
    },
    o.sandbox,
  );
}
