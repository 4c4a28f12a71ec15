import type {
  AddNoteInput,
  NoteActionResult,
  NoteDetail,
  NoteInvoiceBalance,
  NoteListRow,
  noteFiltersSchema,
} from '@sigece/fiscal';
import { type Answer, api, apiBase64, type Page } from '../../app/api.ts';
import type { DataTableQuery } from '../../components/DataTable/index.ts';
import { saveJson } from '../documents/index.ts';

/**
 * The notes calls (spec 001 §7.2) under /v2/facturas/nota. Answer types are the zod schemas the server
 * declares as its responses (packages/fiscal/src/notes/contract.ts).
 */
const NOTES = '/v2/facturas/nota';

export type NoteRow = NoteListRow;

/** The filter dialog (spec 001 §2.3, §5.5): all strings, only non-empty ones sent. */
export type NoteFilters = Partial<Record<keyof typeof noteFiltersSchema.shape, string>>;

export const notesKey = ['notes', 'list'] as const;

export function compactNoteFilters(filters: NoteFilters): NoteFilters {
  return Object.fromEntries(
    Object.entries(filters)
      .map(([k, v]) => [k, v?.trim()])
      .filter(([, v]) => v),
  );
}

export const hasNoteFilters = (filters: NoteFilters) => Object.keys(compactNoteFilters(filters)).length > 0;

export const fetchNotes = (q: DataTableQuery, signal?: AbortSignal) =>
  api<Page<NoteRow>>(`${NOTES}/querynotas`, { query: { ...q }, signal });

export const filterNotes = (q: DataTableQuery, filters: NoteFilters, signal?: AbortSignal) =>
  api<Page<NoteRow> & { message: string }>(`${NOTES}/FiltrarNotas`, {
    method: 'POST',
    query: { ...q },
    body: compactNoteFilters(filters),
    signal,
  });

export const addNote = (body: AddNoteInput) =>
  api<Answer<NoteDetail>>(`${NOTES}/addnota`, { method: 'POST', body });

const action = (path: string) => (id: string) =>
  api<Answer<NoteActionResult>>(`${NOTES}/${path}/${id}`, { method: 'PUT' });
export const generateNote = action('generarnotas');
/** Annuls a generated note with the reason the user gave (kept in its record and audit). */
export const annulNote = (id: string, motivoAnulacion?: string) =>
  api<Answer<NoteActionResult>>(`${NOTES}/anular/${id}`, { method: 'PUT', body: { motivoAnulacion } });
export const deleteNote = action('eliminar');

/** What earlier active credit notes returned and credited of an invoice (the new note's bound). */
export const invoiceBalance = (facturaId: string, signal?: AbortSignal) =>
  api<Answer<NoteInvoiceBalance>>(`${NOTES}/saldoFactura/${facturaId}`, { signal });

export const noteDetail = (id: string, signal?: AbortSignal) =>
  api<Answer<NoteDetail>>(`${NOTES}/getNotaId/${id}`, { signal });

/** The signed PDF's exact bytes, as base64 for the PDF dialog. */
export const notePdf = (id: string, signal?: AbortSignal) => apiBase64(`${NOTES}/pdf/${id}`, { signal });

export const noteJson = (id: string, signal?: AbortSignal) =>
  api<Record<string, unknown>>(`${NOTES}/json/${id}`, { signal });

/** Nota_{numero}_{marca de tiempo}.json, as the server names it. */
export async function downloadNoteJson(id: string, number: string): Promise<void> {
  saveJson(`Nota_${number}_${Date.now()}.json`, await noteJson(id));
}
