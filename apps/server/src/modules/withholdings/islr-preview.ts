import {
  dec,
  type IslrPreviewInput,
  islrWithheld,
  money,
  taxUnitOn,
  WithholdingRuleError,
} from '@sigece/fiscal';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertTenant, type TenantScope } from '../../http/tenancy.ts';
import { companyExists } from '../companies/lookup.service.ts';
import { taxUnitValues } from '../reference/tax-units.ts';
import { conceptsByCode, tarifa2Accumulated } from './queries.ts';

/**
 * The ISLR an add-page line will withhold, as the voucher's save will compute it:
 * the same `islrWithheld` of packages/fiscal with the UT in force on the document's date and, for a
 * Tarifa N° 2 concept, what this supplier was already paid in the year from the stored vouchers (which
 * only the server knows) plus the draft's earlier lines. Writes nothing.
 */
export async function islrPreview(db: Db, scope: TenantScope, input: IslrPreviewInput) {
  if (!(await companyExists(db, input.id_localidad))) throw notFound('La razón social no existe');
  assertTenant(scope, { localidadId: input.id_localidad });
  const concept = (await conceptsByCode(db, [input.conceptoIslr])).get(input.conceptoIslr);
  if (!concept) throw badRequest(`El concepto de ISLR ${input.conceptoIslr} no existe`);
  const ut = taxUnitOn(await taxUnitValues(db), input.fechaDocumento);
  let prior: string | null = null;
  if (concept.tarifa2) {
    const year = input.fechaDocumento.slice(0, 4);
    const stored = await tarifa2Accumulated(
      db,
      input.id_localidad,
      input.rifProveedor,
      `${year}-01-01`,
      `${year}-12-31`,
    );
    prior = money(dec(stored).plus(input.acumuladoComprobante ?? 0));
  }
  try {
    const computed = islrWithheld(input.baseImponible, concept, ut, { acumuladoPrevio: prior ?? 0 });
    return { ...computed, tarifa2: Boolean(concept.tarifa2), acumuladoPrevio: prior };
  } catch (error) {
    if (error instanceof WithholdingRuleError) throw badRequest(error.message);
    throw error;
  }
}
