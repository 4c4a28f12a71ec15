import { annulNoteSchema, describeIssues, type NoteAnnulAnswer, noteNumberOf } from '@sigece/fiscal';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import type { AuditContext } from '../audit/service.ts';
import { DocumentRejected } from '../issuance/family.ts';
import { issuerResolver } from '../issuance/issuer.ts';
import { notesByNumber } from './queries.ts';
import { annulNote } from './service.ts';

/**
 * PUT /v2/facturas/nota/masivaanularnotas: each note named by company RIF, number (and type when both
 * kinds share the number) is annulled on its own, like one click of 'Anular'; the answer is code 200,
 * or 203 with each failed note's message (spec 000 §8 bulk processing, spec 001 §7.2).
 */
export async function annulNotes(
  db: Db,
  scope: TenantScope,
  body: unknown[],
  audit: AuditContext,
): Promise<NoteAnnulAnswer> {
  const issuer = issuerResolver(db, scope);
  const errors: NoteAnnulAnswer['DetalleErrorNotas'] = [];
  const done: NoteAnnulAnswer['DetalleNotasAnuladas'] = [];
  for (const raw of body) {
    const nroNota = noteNumberOf(raw);
    try {
      const parsed = annulNoteSchema.safeParse(raw);
      if (!parsed.success) throw new DocumentRejected(describeIssues(parsed.error));
      const input = parsed.data;
      const { company } = await issuer(input.rif, input.codigoSucursal);
      const found = await notesByNumber(db, company.id, input.nroNota, input.tipo);
      if (found.length === 0)
        throw new DocumentRejected(`La nota ${input.nroNota} no existe en ${input.rif}`);
      if (found.length > 1)
        throw new DocumentRejected(`Hay una nota de crédito y una de débito ${input.nroNota}: envíe tipo`);
      const { message } = await annulNote(db, scope, found[0].id, audit);
      done.push([{ nroNota: input.nroNota, Msg: message }]);
    } catch (error) {
      if (!(error instanceof DocumentRejected || error instanceof AppError)) throw error;
      errors.push([{ nroNota, Msg: error.message }]);
    }
  }
  return {
    code: errors.length > 0 ? 203 : 200,
    TotalNotasProcedas: body.length,
    totalNotasAnuladas: done.length,
    totalNotasconError: errors.length,
    DetalleErrorNotas: errors,
    DetalleNotasAnuladas: done,
  };
}
