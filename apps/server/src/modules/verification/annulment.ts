import { documentRefParams, formatDateCaracas, publicAnnulmentAnswerSchema } from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client.ts';
import { errorResponses } from '../../http/responses.ts';
import { lastAuditEntry } from '../audit/queries.ts';
import { type Annulment, annulmentOf } from '../issuance/annulment/annulment-record.ts';
import type { TipoDoc } from '../issuance/family.ts';
import { familyOf } from '../issuance/registry.ts';

/**
 * The public side of an annulment: whether a document is annulled, since when and why,
 * for the verification page's distinct, non-green state. Open to everyone, like the public projection of
 * each family; it tells nothing a verifier does not see on the annulled PDF itself.
 */

export interface AnnulmentFacts {
  at: Date;
  by: string | null;
  motivo: string | null;
  record: Annulment | null;
}

/**
 * When, by whom and why an INACTIVO document was annulled: its annulment record, or for documents
 * annulled before that record existed, the audit entry of the annulment.
 */
export async function annulmentFacts(
  db: DbOrTx,
  tipoDoc: TipoDoc,
  id: string,
): Promise<AnnulmentFacts | null> {
  const record = await annulmentOf(db, tipoDoc, id);
  if (record) return { at: record.annulledAt, by: record.annulledBy, motivo: record.motivo, record };
  const entry = await lastAuditEntry(db, id, 'annul');
  if (!entry) return null;
  const motivo = (entry.after as { motivoAnulacion?: unknown } | null)?.motivoAnulacion;
  return {
    at: entry.at,
    by: entry.userEmail,
    motivo: typeof motivo === 'string' ? motivo : null,
    record: null,
  };
}

export const annulledMessage = (at: Date) => `Documento anulado el ${formatDateCaracas(at)}`;

export const annulmentPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/documentos/:tipoDoc/:id/anulacion',
    {
      schema: {
        tags: ['verificación pública'],
        summary:
          "Si el documento está anulado, desde cuándo y por qué ('Documento anulado el dd/MM/aaaa'); público, como la verificación",
        params: documentRefParams,
        response: { 200: publicAnnulmentAnswerSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { tipoDoc, id } = request.params;
      const header = await familyOf(tipoDoc).header(db, id);
      // A numbered document hidden from the lists still answers.
      if (!header || (header.deleted && !header.nroControl))
        return reply.code(404).send({ code: 404, message: 'Documento no encontrado' });
      const facts = header.status === 'ACTIVO' ? null : await annulmentFacts(db, tipoDoc, id);
      const annulled = header.status !== 'ACTIVO';
      const sha = facts?.record?.pdfSha256;
      return {
        code: 200 as const,
        anulado: annulled,
        fechaAnulacion: facts ? facts.at.toISOString() : null,
        motivoAnulacion: facts?.motivo ?? null,
        message: annulled ? (facts ? annulledMessage(facts.at) : 'Documento anulado') : null,
        checkedSumAnuladaBase64: sha ? Buffer.from(sha, 'hex').toString('base64') : null,
      };
    },
  );
};
