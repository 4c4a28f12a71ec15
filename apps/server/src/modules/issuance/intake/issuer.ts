import { formatRif, parseRif } from '@sigece/fiscal';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { canSeeRow, type TenantScope } from '../../../http/tenancy.ts';
import { branchByCode, cachedCompanyByRif, companyByRif } from '../../companies/service.ts';
import { type CompanyRow, DocumentRejected, type Issuer } from '../family.ts';

/**
 * The issuer resolver of one request: company by RIF (cached, a request's documents usually share one),
 * then the branch by code, each checked for existence, the caller's access and its status. `shared`:
 * the company rows come from the process's short cache (`cachedCompanyByRif`, a few seconds), as the
 * intake of every document of an API burst reads the same one; `db` must then be the database itself.
 */
export function issuerResolver(db: DbOrTx, scope: TenantScope, options: { shared?: boolean } = {}) {
  const companies = new Map<string, Promise<CompanyRow | undefined>>();
  const findCompany = (rif: string) => {
    const parsed = parseRif(rif);
    if (!parsed) return Promise.resolve(undefined);
    const key = formatRif(parsed.tipoDocumento, parsed.numeroDocumento);
    let hit = companies.get(key);
    if (!hit) {
      hit = options.shared
        ? cachedCompanyByRif(db as Db, parsed.tipoDocumento, parsed.numeroDocumento)
        : companyByRif(db, parsed.tipoDocumento, parsed.numeroDocumento);
      companies.set(key, hit);
    }
    return hit;
  };
  return async (rif: string, codigoSucursal?: string | null): Promise<Issuer> => {
    const company = await findCompany(rif);
    if (!company) throw new DocumentRejected(`La razón social ${rif} no existe`);
    if (!canSeeRow(scope, { localidadId: company.id }))
      throw new DocumentRejected(`No tiene acceso a la razón social ${rif}`);
    if (company.status !== 'ACTIVO') throw new DocumentRejected(`La razón social ${rif} está inactiva`);
    if (!codigoSucursal) return { company, branch: null };
    const branch = await branchByCode(db, company.id, codigoSucursal);
    if (!branch) throw new DocumentRejected(`La sucursal ${codigoSucursal} no existe en ${rif}`);
    if (!canSeeRow(scope, { localidadId: company.id, sucursalId: branch.id }))
      throw new DocumentRejected(`No tiene acceso a la sucursal ${codigoSucursal}`);
    if (branch.status !== 'ACTIVO') throw new DocumentRejected(`La sucursal ${codigoSucursal} está inactiva`);
    return { company, branch };
  };
}
