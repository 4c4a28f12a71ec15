import {
  canAccessPath,
  type DocumentLookupAnswer,
  type DocumentLookupQuery,
  FAMILY_LIST_SCREENS,
  parseRif,
} from '@sigece/fiscal';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import { canSeeRow, scopeOf } from '../../http/tenancy.ts';
import { companyByRif } from '../companies/service.ts';
import { controlNumberAssignedAt } from '../issuance/ledger/ledger.ts';
import { familyOf } from '../issuance/registry.ts';
import { verificationUrl } from '../issuance/render/urls.ts';

/**
 * A document found by the ERP's own reference: the company by RIF, then the family's own
 * search by number (its descriptor's `byReference`) within the caller's tenancy. Not found, or not the
 * caller's: 404 with the same message (a foreign company's documents are not revealed). A read model over
 * the kernel and the families, so it sits above both, as the activity timeline does.
 */

export const LOOKUP_MESSAGES = {
  missing: 'No se encontró un documento con esa razón social, tipo y número',
  ambiguous: (n: number) => `Hay ${n} documentos con ese número: envíe serie para distinguirlos`,
} as const;

export async function findDocumentByReference(
  db: Db,
  principal: Principal,
  publicUrl: string,
  q: DocumentLookupQuery,
): Promise<DocumentLookupAnswer> {
  // An API key reads within its company when it holds 'consultar' (the guard checked it); a user needs the
  // family's list.
  if (!principal.apiKey && !canAccessPath(principal, FAMILY_LIST_SCREENS[q.tipo].module)) throw forbidden();
  const scope = scopeOf(principal);
  const rif = parseRif(q.rif);
  const company = rif ? await companyByRif(db, rif.tipoDocumento, rif.numeroDocumento) : undefined;
  if (!company || !canSeeRow(scope, { localidadId: company.id })) throw notFound(LOOKUP_MESSAGES.missing);
  const found = await familyOf(q.tipo).byReference(db, company.id, {
    rif: q.rif,
    numero: q.numero,
    serie: q.serie,
  });
  const rows = found.filter((row) => canSeeRow(scope, row));
  if (rows.length === 0) throw notFound(LOOKUP_MESSAGES.missing);
  if (rows.length > 1) throw new AppError(409, LOOKUP_MESSAGES.ambiguous(rows.length));
  const row = rows[0];
  const assigned = await controlNumberAssignedAt(db, q.tipo, row.id);
  return {
    id: row.id,
    tipo: q.tipo,
    numero: q.numero,
    serie: row.serie,
    nroControl: row.nroControl,
    fechaAsignacionControl: assigned?.toISOString() ?? null,
    estatus: row.status,
    pdfFirmado: row.signed,
    pdfSha256: row.pdfSha256,
    urlVerificacion: verificationUrl(publicUrl, row.id, q.tipo),
  };
}
