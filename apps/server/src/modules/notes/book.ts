// The credit and debit notes as the sales book reads them (reports/sales-book): the kernel's book reader
// (issuance/read/book-reader.ts), in the control-number order of invoices/book.ts, so the book merges both
// streams by control number.
import { documentLabel } from '@sigece/fiscal';
import { notaGravamenes, notas } from '../../db/schema.ts';
import { type BookDocument, bookReader } from '../issuance/read/book-reader.ts';

export interface BookNote extends BookDocument {
  tipo: 'Credito' | 'Debito';
  label: string;
  facturaAfectada: string;
}

/** Up to `limit` numbered notes of the filter and scope after `cursor`, in control-number order. */
export const notesForBook = bookReader({
  table: notas,
  taxes: {
    table: notaGravamenes,
    documentId: notaGravamenes.notaId,
    alicuota: notaGravamenes.alicuota,
    base: notaGravamenes.baseImponible,
    monto: notaGravamenes.montoAlicuota,
  },
  columns: {
    tipo: notas.tipo,
    serieNota: notas.serieNota,
    nroNota: notas.nroNota,
    nroFactura: notas.nroFactura,
  },
  row: (doc, own): BookNote => ({
    ...doc,
    tipo: own.tipo as BookNote['tipo'],
    label: documentLabel(own.serieNota, own.nroNota),
    facturaAfectada: own.nroFactura,
  }),
});
