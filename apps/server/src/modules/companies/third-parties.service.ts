/** Third-party accounts (cuentas de terceros) of a company. */
import type { ThirdPartyInput } from '@sigece/fiscal';
import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cuentasTerceros } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { assertTenant, type TenantScope } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { assertActive, visibleCompany } from './companies.service.ts';
import { thirdPartyView } from './views.ts';

// --- Third-party accounts (cuentas de terceros) ----------------------------------------------------

export async function listThirdParties(db: Db, scope: TenantScope, localidadId: string) {
  await visibleCompany(db, scope, localidadId);
  const rows = await db
    .select()
    .from(cuentasTerceros)
    .where(eq(cuentasTerceros.localidadId, localidadId))
    .orderBy(asc(cuentasTerceros.nombrePrestador));
  return rows.map(thirdPartyView);
}

export async function addThirdParty(db: Db, scope: TenantScope, input: ThirdPartyInput, audit: AuditContext) {
  return db.transaction(async (tx) => {
    assertActive(await visibleCompany(tx, scope, input.localidad));
    const [row] = await tx
      .insert(cuentasTerceros)
      .values({
        localidadId: input.localidad,
        nombrePrestador: input.nombrePrestador,
        rifPrestador: input.rifPrestador,
        domicilioPrestador: input.domicilioPrestador,
        createdBy: audit.userEmail ?? 'sistema',
      })
      .returning();
    await recordAudit(tx, audit, { entity: 'cuentaTercero', entityId: row.id, action: 'create', after: row });
    return thirdPartyView(row);
  });
}

async function visibleThirdParty(db: DbOrTx, scope: TenantScope, id: string) {
  const [row] = await db.select().from(cuentasTerceros).where(eq(cuentasTerceros.id, id)).limit(1);
  if (!row) throw notFound('Cuenta de terceros no encontrada');
  assertTenant(scope, { localidadId: row.localidadId });
  return row;
}

export async function updateThirdParty(
  db: Db,
  scope: TenantScope,
  id: string,
  input: ThirdPartyInput,
  audit: AuditContext,
) {
  return db.transaction(async (tx) => {
    const before = await visibleThirdParty(tx, scope, id);
    if (before.localidadId !== input.localidad)
      throw badRequest('La cuenta de terceros pertenece a otra razón social');
    const [row] = await tx
      .update(cuentasTerceros)
      .set({
        nombrePrestador: input.nombrePrestador,
        rifPrestador: input.rifPrestador,
        domicilioPrestador: input.domicilioPrestador,
        updatedAt: new Date(),
      })
      .where(eq(cuentasTerceros.id, id))
      .returning();
    await recordAudit(tx, audit, {
      entity: 'cuentaTercero',
      entityId: id,
      action: 'update',
      before,
      after: row,
    });
    return thirdPartyView(row);
  });
}

export async function deleteThirdParty(db: Db, scope: TenantScope, id: string, audit: AuditContext) {
  return db.transaction(async (tx) => {
    const before = await visibleThirdParty(tx, scope, id);
    await tx.delete(cuentasTerceros).where(eq(cuentasTerceros.id, id));
    await recordAudit(tx, audit, { entity: 'cuentaTercero', entityId: id, action: 'delete', before });
    return thirdPartyView(before);
  });
}
