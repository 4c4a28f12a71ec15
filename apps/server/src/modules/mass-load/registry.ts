import type { FileTypeDescriptor } from './descriptor.ts';
import { annulInvoiceFileType, annulNoteFileType, annulOrderFileType } from './types/annul.ts';
import { invoiceFileType } from './types/invoice.ts';
import { noteFileType } from './types/note.ts';
import { orderFileType } from './types/order.ts';
import { withholdingFileType } from './types/withholding.ts';

/**
 * Every mass-load file type, one descriptor each (spec 001 §5.8, and the withholding vouchers), in
 * the order of MASS_LOAD_TYPES, which is the order the dialog offers them.
 */
const FILE_TYPES: readonly FileTypeDescriptor[] = [
  invoiceFileType,
  noteFileType,
  annulInvoiceFileType,
  annulNoteFileType,
  orderFileType,
  annulOrderFileType,
  withholdingFileType,
];

const byTipo = new Map(FILE_TYPES.map((t) => [t.tipo as string, t]));

/** The descriptor of a file type, or undefined (a Map: `__proto__` finds nothing). */
export const fileTypeNamed = (tipo: string): FileTypeDescriptor | undefined => byTipo.get(tipo);

export const fileTypes = (): readonly FileTypeDescriptor[] => FILE_TYPES;
