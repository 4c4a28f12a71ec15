import { i18n } from '../../app/i18n.ts';
import { type DocumentFile, waitForPdf } from '../documents/index.ts';
import { withholdingPdf } from './api.ts';

/** A voucher as the shared PDF dialog sees it: titled with its control number (spec 002 §2.2). */
export function withholdingFile(row: {
  id: string;
  nroComprobante: string;
  NroControlComprobante: string;
}): DocumentFile {
  return {
    queryKey: ['withholdings', 'file', row.id],
    title: i18n.t('withholdings:pdf.title', { nro: row.NroControlComprobante }),
    fileName: `Retencion_${row.nroComprobante}.pdf`,
    // The kernel signs the PDF in a background job a moment after the voucher is stored.
    loadPdf: waitForPdf((signal) => withholdingPdf(row.id, signal), { attempts: 20 }),
  };
}
