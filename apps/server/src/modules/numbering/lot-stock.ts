import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { controlLots } from '../../db/schema.ts';
import { type TenantScope, tenantCondition } from '../../http/tenancy.ts';
import { companyNamesTable } from '../companies/lookup.service.ts';

/**
 * What Home's dashboard asks of the control-number lots: the active ones with what is left of each, and
 * which families each company has a lot for.
 */

/** The active lots within the scope by company name and family, at most `limit`, with their range's end and use. */
export function activeLotStock(db: DbOrTx, scope: TenantScope, limit: number) {
  const companies = companyNamesTable(db);
  return db
    .select({
      id: controlLots.id,
      localidad: companies.nombre,
      familia: controlLots.familia,
      serie: controlLots.serie,
      cantidad: controlLots.cantidad,
      hasta: controlLots.hasta,
      actual: controlLots.actual,
    })
    .from(controlLots)
    .innerJoin(companies, eq(companies.id, controlLots.localidadId))
    .where(
      and(eq(controlLots.status, 'ACTIVO'), tenantCondition(scope, { localidad: controlLots.localidadId })),
    )
    .orderBy(companies.nombre, controlLots.familia)
    .limit(limit);
}

/** Each (company, family) among these companies with an active or queued lot. */
export function lotFamiliesOfCompanies(db: DbOrTx, ids: string[]) {
  return db
    .selectDistinct({ id: controlLots.localidadId, familia: controlLots.familia })
    .from(controlLots)
    .where(and(inArray(controlLots.localidadId, ids), inArray(controlLots.status, ['ACTIVO', 'ENCOLA'])));
}
