/** The company or branch a numbering use case acts on, found through the companies module and scope-checked. */
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertTenant, type TenantScope } from '../../http/tenancy.ts';
import { findBranch, findCompany } from '../companies/lookup.service.ts';

export async function visibleActiveCompany(tx: DbOrTx, scope: TenantScope, localidadId: string) {
  const company = await findCompany(tx, localidadId);
  if (!company) throw notFound('Razón social no encontrada');
  assertTenant(scope, { localidadId });
  if (company.status !== 'ACTIVO') throw badRequest('La razón social está inactiva');
  return company;
}

/** Resolves `id` + `tipo` (Localidad or Sucursal) into the company and branch it names, checking scope. */
export async function resolveTarget(
  db: DbOrTx,
  scope: TenantScope,
  id: string,
  tipo: 'Localidad' | 'Sucursal',
) {
  if (tipo === 'Sucursal') {
    const branch = await findBranch(db, id);
    if (!branch) throw notFound('Sucursal no encontrada');
    assertTenant(scope, { localidadId: branch.localidadId, sucursalId: branch.id });
    return {
      localidadId: branch.localidadId,
      sucursalId: branch.id as string | null,
      mode: branch.asignaNroFacturas,
    };
  }
  const company = await findCompany(db, id);
  if (!company) throw notFound('Razón social no encontrada');
  assertTenant(scope, { localidadId: company.id });
  return { localidadId: company.id, sucursalId: null as string | null, mode: company.asignaNroFacturas };
}
