import { i18n } from '../../app/i18n.ts';
import type { DocumentFile } from '../documents/index.ts';
import { waitForPdf } from '../documents/waitForPdf.ts';
import { downloadInvoiceJson, encodedInvoice, invoiceJson } from './api.ts';
import { invoiceNumber } from './invoiceNumber.ts';

/**
 * An invoice as the shared PDF / SENIAT-JSON dialog sees it (GET queryFacturasCodificada, GET json).
 * `justIssued`: the PDF job may still be running, so the PDF is asked for again until it exists.
 */
export function invoiceFile(
  invoice: { id: string; serieNrofactura: string; nroFactura: string },
  { justIssued = false } = {},
): DocumentFile {
  const number = invoiceNumber(invoice);
  const loadPdf = async (signal?: AbortSignal) =>
    (await encodedInvoice(invoice.id, signal)).resultado.facturaCodificada;
  return {
    // Outside the list's key: the list's polling must not reload an open PDF.
    queryKey: ['invoices', 'file', invoice.id],
    title: i18n.t('invoices:pdf.title', { nro: number }),
    fileName: `Factura_${number}.pdf`,
    loadPdf: justIssued ? waitForPdf(loadPdf) : loadPdf,
    loadJson: (signal) => invoiceJson(invoice.id, signal),
    downloadJson: async () => {
      await downloadInvoiceJson(invoice.id, number);
    },
  };
}
