import { isPortalType, type RoleModule } from '@sigece/fiscal';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { modules, roles, users } from '../../db/schema.ts';
import type { Principal } from '../../http/principal.ts';

export type { Principal };

/**
 * Effective permissions: only an ACTIVO role counts, and of its modules only those still ACTIVO; path
 * and name come from the module as it is now, actions only those the module still offers.
 */
export async function loadPrincipal(db: DbOrTx, userId: string): Promise<Principal | null> {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), eq(users.status, 'ACTIVO')))
    .limit(1);
  if (!row) return null;
  const { user, role } = row;
  let modulos: RoleModule[] = [];
  if (role && role.status === 'ACTIVO' && role.modulos.length > 0) {
    const live = await db
      .select()
      .from(modules)
      .where(
        and(
          inArray(
            modules.id,
            role.modulos.map((m) => m.id),
          ),
          eq(modules.status, 'ACTIVO'),
        ),
      );
    const byId = new Map(live.map((m) => [m.id, m]));
    modulos = role.modulos.flatMap((granted) => {
      const current = byId.get(granted.id);
      if (!current) return [];
      const offered = new Set(current.opciones.map((o) => o.key));
      return [
        {
          id: current.id,
          nombre: current.name,
          path: current.path,
          permiso: granted.permiso && current.permiso,
          acciones: granted.acciones.filter((a) => offered.has(a.key)),
        },
      ];
    });
  }
  return {
    id: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    roleId: role?.id ?? null,
    roleName: role?.rol ?? null,
    masterAdmin: user.masterAdmin,
    localidades: user.localidades,
    sucursales: user.sucursales,
    tokenVersion: user.tokenVersion,
    modulos,
    // The tax-authority portal type: read-only, across companies (http/portal.ts).
    portal: isPortalType(user.userPortal) ? user.userPortal : 'NO_PORTAL',
  };
}
