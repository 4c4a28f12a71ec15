import type { FileTypeDescriptor } from './descriptor.ts';
import { annulInvoiceFileType, annulNoteFileType } from './types/annul.ts';
import { invoiceFileType } from './types/invoice.ts';
import { noteFileType } from './types/note.ts';

/**
 * Every mass-load file type, one descriptor each (spec 001 §5.8). Orders (`ordenEntrega`,
 * `anularOrden`) and withholdings (`retencion`) register here with one line once their families exist.
 */
const FILE_TYPES: readonly FileTypeDescriptor[] = [
  invoiceFileType,
  noteFileType,
  annulInvoiceFileType,
  annulNoteFileType,
];

const byTipo = new Map(FILE_TYPES.map((t) => [t.tipo as string, t]));

/** The descriptor of a file type, or undefined (a Map: `__proto__` finds nothing). */
export const fileTypeNamed = (tipo: string): FileTypeDescriptor | undefined => byTipo.get(tipo);

export const fileTypes = (): readonly FileTypeDescriptor[] => FILE_TYPES;
