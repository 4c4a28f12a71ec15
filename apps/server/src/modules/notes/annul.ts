import {
  annulNoteSchema,
  DOCUMENT_FAMILIES,
  NOTE_MESSAGES,
  type NoteAnnulAnswer,
  noteNumberOf,
  type z,
} from '@sigece/fiscal';
import type { Db } from '../../db/client.ts';
import { notas } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import type { AuditContext } from '../audit/service.ts';
import { annulByNumber, type FamilyAnnulment } from '../issuance/annulment/annul.ts';
import { type NoteRow, notesByNumber, visibleNote } from './queries.ts';

type NoteAnnulItem = z.infer<typeof annulNoteSchema>;
type Line = NoteAnnulAnswer['DetalleErrorNotas'][number];

/**
 * How a credit or debit note is annulled: ACTIVO → INACTIVO ('Anulada'), only once generated (spec 001
 * §4.3); by number, with its type when a credit and a debit note share the number (spec 000 §8 bulk
 * processing, spec 001 §7.2: PUT /v2/facturas/nota/masivaanularnotas answers code 200, or 203 with each
 * failed note's message).
 */
export const noteAnnulment: FamilyAnnulment<NoteRow, NoteAnnulItem, Line, Line, NoteAnnulAnswer> = {
  table: notas,
  tipoDoc: 'nota',
  auditEntity: DOCUMENT_FAMILIES.nota.auditEntity,
  visible: (tx, scope, id) => visibleNote(tx, scope, id, true),
  refuse(_tx, note) {
    if (!note.pdf) throw badRequest('La nota aún no está generada');
    if (note.status !== 'ACTIVO') throw badRequest('La nota ya está anulada');
  },
  byNumber: {
    schema: annulNoteSchema,
    numberSent: noteNumberOf,
    label: (item) => item.nroNota,
    find: (db, localidadId, item) => notesByNumber(db, localidadId, item.nroNota, item.tipo),
    missing: (item) => `La nota ${item.nroNota} no existe en ${item.rif}`,
    ambiguous: (item) => `Hay una nota de crédito y una de débito ${item.nroNota}: envíe tipo`,
    message: () => NOTE_MESSAGES.annulled,
    answer: {
      error: ({ label, message }) => [{ nroNota: label, Msg: message }],
      done: ({ label, message }) => [{ nroNota: label, Msg: message }],
      build: ({ code, received, errors, done }) => ({
        code,
        TotalNotasProcedas: received,
        totalNotasAnuladas: done.length,
        totalNotasconError: errors.length,
        DetalleErrorNotas: errors,
        DetalleNotasAnuladas: done,
      }),
    },
  },
};

/** PUT /v2/facturas/nota/masivaanularnotas: each named note annulled on its own. */
export const annulNotes = (db: Db, scope: TenantScope, body: unknown[], audit: AuditContext) =>
  annulByNumber<NoteAnnulAnswer>(db, noteAnnulment, scope, body, audit);
