import { documentLabel, PORTAL_MESSAGES, type TipoDoc } from '@sigece/fiscal';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { annulledPdf } from '../issuance/annulment/annulment-record.ts';
import { familyOf } from '../issuance/registry.ts';
import { numberedDocument } from './queries.ts';

export { portalCompanies, portalDocuments } from './queries.ts';

/**
 * A numbered document's signed PDF for the tax authority, whatever its company: the
 * exact stored bytes (once annulled, the signed copy marked 'ANULADA', as every family's own PDF route
 * serves it). 404 for a document that holds no control number.
 */
export async function portalPdf(db: Db, tipoDoc: TipoDoc, id: string) {
  const numbered = await numberedDocument(db, tipoDoc, id);
  const family = familyOf(tipoDoc);
  const header = numbered && (await family.header(db, id));
  if (!header) throw notFound(PORTAL_MESSAGES.documentMissing);
  const pdf = (await annulledPdf(db, tipoDoc, id)) ?? (await family.pdf.read(db, id));
  if (!pdf) throw new AppError(409, PORTAL_MESSAGES.pdfMissing);
  const label = documentLabel(header.serie, header.numero).replace(/[^\w.-]/g, '_');
  return { pdf, nombre: `${family.fileName(label)}.pdf`, nroControl: numbered.nroControl };
}
