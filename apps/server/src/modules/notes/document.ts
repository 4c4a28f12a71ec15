import { formatDateCaracas, NOTE_CATEGORIES, type NoteType, noteTitle } from '@sigece/fiscal';
import type { AppConfig } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { DocumentTotals, FiscalDocument } from '../../documents/index.ts';
import { customerOf, issuerOf, printerOf, sandboxMarked, totalsInBolivares } from '../../documents/parts.ts';
import { verificationUrl } from '../issuance/render/urls.ts';
import { lotOfDocument } from '../numbering/service.ts';
import { loadNote } from './queries.ts';

/**
 * Everything the PDF of a stored note shows, read from what was stored at issue: 'NOTA DE CRÉDITO' or
 * 'NOTA DE DÉBITO', its number and series, control number, date and time, the affected invoice (number,
 * control number, date), category and concept, the lines, totals and tax per rate (and their Bs.
 * equivalents at the invoice's rate), the imprenta digital's footer with the lot's range, and the QR.
 */
export async function noteDocument(db: DbOrTx, config: AppConfig, id: string): Promise<FiscalDocument> {
  const { note: n, company, branch, lines, taxes } = await loadNote(db, id);
  const lot = await lotOfDocument(db, n.lotId);
  const tipo = n.tipo as NoteType;
  const totals: DocumentTotals = {
    subtotal: n.subTotal,
    exento: n.totalExento,
    exonerado: n.totalExonerado,
    descuento: n.montoDescuento,
    taxes: taxes.map((t) => ({ alicuota: t.alicuota, base: t.baseImponible, monto: t.montoAlicuota })),
    total: n.importeTotal,
  };
  const rate = n.moneda !== 'VEF' && n.tasaCambio ? n.tasaCambio : undefined;
  const categoria = NOTE_CATEGORIES[tipo]?.[n.categoria as '0' | '1' | '2'] ?? n.categoria;
  // A test key's document says on every page that it is worth nothing.
  return sandboxMarked(
    {
      kind: tipo === 'Credito' ? 'NOTA_CREDITO' : 'NOTA_DEBITO',
      title: noteTitle(tipo),
      numero: n.nroNota,
      serie: n.serieNota || undefined,
      nroControl: n.nroControl ?? '',
      issuedAt: n.fechaEmision,
      issuer: issuerOf(company, branch),
      customer: customerOf(n.cliente),
      lines: lines.map((l) => ({
        codigo: l.codigoProducto,
        descripcion: l.descripcion,
        cantidad: l.cantidadDevolucion,
        unidad: l.unidadMedida,
        precio: l.precio,
        descuento: l.montoDescuento,
        importe: l.importe,
        exento: l.exento || l.exonerado,
      })),
      totals,
      currency: { iso: n.moneda as FiscalDocument['currency']['iso'], rate },
      amountsInBs: rate ? totalsInBolivares(totals, rate) : undefined,
      observacion: n.descripcion ?? undefined,
      extras: [
        { label: 'Factura afectada', value: n.nroFactura },
        { label: 'Control de la factura', value: n.nroControlFactura ?? '' },
        { label: 'Fecha de la factura', value: formatDateCaracas(n.fechaFactura) },
        { label: 'Categoría', value: `${n.categoria} - ${categoria}` },
        { label: 'Concepto', value: n.concepto },
      ],
      annulled: n.status === 'INACTIVO',
      printer: printerOf(config.printer, lot, n),
      verificationUrl: verificationUrl(config.publicUrl, n.id, 'nota'),
    },
    n.sandbox,
  );
}
