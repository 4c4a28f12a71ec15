import { documentLabel } from '@sigece/fiscal';
import { i18n } from '../../app/i18n.ts';
import type { DocumentFile } from '../documents/index.ts';
import { downloadNoteJson, noteJson, notePdf } from './api.ts';

/** The note number as printed: 'serie-numero' when it has a series. */
export const noteNumber = (note: { serie: string; nroNota: string }) =>
  documentLabel(note.serie, note.nroNota);

/** A note as the shared PDF / SENIAT-JSON dialog sees it (GET pdf/{id}, GET json/{id}). */
export function noteFile(note: { id: string; serie: string; nroNota: string }): DocumentFile {
  const number = noteNumber(note);
  return {
    queryKey: ['notes', 'file', note.id],
    title: i18n.t('notes:pdf.title', { nro: number }),
    fileName: `Nota_${number}.pdf`,
    loadPdf: (signal) => notePdf(note.id, signal),
    loadJson: (signal) => noteJson(note.id, signal),
    downloadJson: () => downloadNoteJson(note.id, number),
  };
}
