import { randomUUID } from 'node:crypto';
import { MODULE_CATALOG, type RoleModule } from '@sigece/fiscal';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/password.ts';
import type { Db } from './client.ts';
import { modules, roles, users } from './schema.ts';

export const DEMO_ADMIN_EMAIL = 'admin@sigece.local';

/**
 * The modules of the spec's route tables. Seeded on every database: they are the application's own
 * screens, not demo data. New action keys are added to existing modules; nothing is removed.
 */
export async function seedModules(db: Db): Promise<void> {
  const existing = await db.select().from(modules);
  const byPath = new Map(existing.map((m) => [m.path, m]));
  for (const entry of MODULE_CATALOG) {
    const current = byPath.get(entry.path);
    if (!current) {
      await db.insert(modules).values({
        name: entry.nombre,
        path: entry.path,
        opciones: entry.acciones.map((a) => ({ _id: randomUUID(), key: a.key, description: a.description })),
      });
      continue;
    }
    const missing = entry.acciones.filter((a) => !current.opciones.some((o) => o.key === a.key));
    if (missing.length > 0) {
      await db
        .update(modules)
        .set({ opciones: [...current.opciones, ...missing.map((a) => ({ _id: randomUUID(), ...a }))] })
        .where(eq(modules.id, current.id));
    }
  }
}

/** Every action of a module, switched on. */
function grantAll(module: typeof modules.$inferSelect): RoleModule {
  return {
    id: module.id,
    nombre: module.name,
    path: module.path,
    permiso: true,
    acciones: module.opciones.map((o) => ({ _id: o._id, key: o.key, description: o.description, status: true })),
  };
}

async function upsertRole(db: Db, rol: string, descripcion: string, modulos: RoleModule[]): Promise<string> {
  const [found] = await db.select().from(roles).where(eq(roles.rol, rol)).limit(1);
  if (found) return found.id;
  const [created] = await db.insert(roles).values({ rol, descripcion, modulos }).returning({ id: roles.id });
  return created.id;
}

/** The demo: roles admin and user, and the master administrator. Idempotent. */
export async function seedDemo(db: Db, options: { adminPassword: string }): Promise<void> {
  const all = await db.select().from(modules);
  const userPaths = new Set(MODULE_CATALOG.filter((m) => m.roles.includes('user')).map((m) => m.path));
  const adminRoleId = await upsertRole(db, 'admin', 'Administrador: todas las pantallas y acciones', all.map(grantAll));
  await upsertRole(
    db,
    'user',
    'Usuario: facturación, retenciones, reportes y usuarios',
    all.filter((m) => userPaths.has(m.path)).map(grantAll),
  );
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL)).limit(1);
  if (!admin) {
    await db.insert(users).values({
      tipoDocumento: 'V',
      numeroDocumento: '12345678',
      firstName: 'Administrador',
      lastName: 'Maestro',
      userAlias: 'admin',
      email: DEMO_ADMIN_EMAIL,
      passwordHash: await hashPassword(options.adminPassword),
      roleId: adminRoleId,
      masterAdmin: true,
    });
  }
}
