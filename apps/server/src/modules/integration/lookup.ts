import {
  canAccessPath,
  type DocumentLookupAnswer,
  type DocumentLookupQuery,
  parseRif,
  screen,
  type TipoDoc,
} from '@sigece/fiscal';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import type { Principal } from '../../http/principal.ts';
import { canSeeRow, scopeOf } from '../../http/tenancy.ts';
import { companyByRif } from '../companies/service.ts';
import { invoiceAnnulment } from '../invoices/annul-by-number.ts';
import { controlNumberAssignedAt } from '../issuance/ledger/ledger.ts';
import { verificationUrl } from '../issuance/render/urls.ts';
import { noteAnnulment } from '../notes/annul.ts';
import { orderAnnulment } from '../orders/annul.ts';
import { withholdingAnnulment } from '../withholdings/annul.ts';

/**
 * A document found by the ERP's own reference: the company by RIF, then the family's own
 * search by number — the one its bulk annulment uses — within the caller's tenancy. Not found, or not the
 * caller's: 404 with the same message (a foreign company's documents are not revealed).
 */

export const LOOKUP_MESSAGES = {
  missing: 'No se encontró un documento con esa razón social, tipo y número',
  ambiguous: (n: number) => `Hay ${n} documentos con ese número: envíe serie para distinguirlos`,
} as const;

/** The list screen whose read permission lets a caller look a family's documents up. */
export const LOOKUP_SCREENS: Record<TipoDoc, string> = {
  fact: screen('/facturacion/generales').module,
  nota: screen('/facturacion/generales/notas').module,
  orden: screen('/facturacion/OrdenesGuias').module,
  ret: screen('/retenciones/iva-islr').module,
};

interface FoundRow {
  id: string;
  localidadId: string;
  sucursalId: string | null;
  serie: string | null;
  nroControl: string | null;
  status: string;
  pdf: Buffer | null;
  pdfSha256: string | null;
}

/** Each family's documents of a company with that number, and the number and series as the ERP sent them. */
const FINDERS: Record<
  TipoDoc,
  (db: Db, localidadId: string, q: DocumentLookupQuery) => Promise<Array<FoundRow & Record<string, unknown>>>
> = {
  fact: (db, id, q) =>
    invoiceAnnulment.byNumber.find(db, id, {
      rif: q.rif,
      nroFactura: q.numero,
      serieNrofactura: q.serie ?? '',
    }),
  nota: (db, id, q) => noteAnnulment.byNumber.find(db, id, { rif: q.rif, nroNota: q.numero }),
  orden: (db, id, q) => orderAnnulment.byNumber.find(db, id, { rif: q.rif, nroOrden: q.numero }),
  ret: (db, id, q) => withholdingAnnulment.byNumber.find(db, id, { rif: q.rif, nroComprobante: q.numero }),
};

export async function findDocumentByReference(
  db: Db,
  principal: Principal,
  publicUrl: string,
  q: DocumentLookupQuery,
): Promise<DocumentLookupAnswer> {
  // An API key reads within its company when it holds 'consultar' (the guard checked it); a user needs the
  // family's list.
  if (!principal.apiKey && !canAccessPath(principal, LOOKUP_SCREENS[q.tipo])) throw forbidden();
  const scope = scopeOf(principal);
  const rif = parseRif(q.rif);
  const company = rif ? await companyByRif(db, rif.tipoDocumento, rif.numeroDocumento) : undefined;
  if (!company || !canSeeRow(scope, { localidadId: company.id })) throw notFound(LOOKUP_MESSAGES.missing);
  let rows = (await FINDERS[q.tipo](db, company.id, q)).filter((row) => canSeeRow(scope, row));
  // Invoices carry their number's series in the search; the other families may name the control series.
  if (q.tipo !== 'fact' && q.serie) rows = rows.filter((row) => row.serie === q.serie!.toUpperCase());
  if (rows.length === 0) throw notFound(LOOKUP_MESSAGES.missing);
  if (rows.length > 1) throw new AppError(409, LOOKUP_MESSAGES.ambiguous(rows.length));
  const row = rows[0];
  const assigned = await controlNumberAssignedAt(db, q.tipo, row.id);
  return {
    id: row.id,
    tipo: q.tipo,
    numero: q.numero,
    serie: q.tipo === 'fact' ? (row.serieFactura as string) || null : row.serie,
    nroControl: row.nroControl,
    fechaAsignacionControl: assigned?.toISOString() ?? null,
    estatus: row.status,
    pdfFirmado: row.pdf !== null && row.pdf !== undefined,
    pdfSha256: row.pdfSha256,
    urlVerificacion: verificationUrl(publicUrl, row.id, q.tipo),
  };
}
