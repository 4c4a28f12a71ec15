import {
  hasPermission,
  isUuid,
  type PageQuery,
  PORTAL_MESSAGES,
  type PortalUserCreateInput,
  roleBroaderThan,
  scopeWithin,
  sharedScope,
  type UserCreateInput,
  type UserUpdateInput,
} from '@sigece/fiscal';
import { and, arrayOverlaps, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { refreshTokens, roles, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import type { TenantScope } from '../../http/tenancy.ts';
import { type AuditContext, recordAudit } from '../audit/service.ts';
import { companiesOfBranches } from '../companies/lookup.service.ts';
import { hashPassword } from './password.ts';
import type { Principal } from './principal.ts';
import { forgetUser } from './principal-cache.ts';
import { bumpTokenVersion } from './token-version.ts';

type UserRow = typeof users.$inferSelect;

export function userView(u: UserRow, rol: string | null) {
  return {
    id: u.id,
    tipoDocumento: u.tipoDocumento,
    numeroDocumento: u.numeroDocumento,
    firstName: u.firstName,
    lastName: u.lastName,
    userAlias: u.userAlias,
    email: u.email,
    role: u.roleId,
    rol,
    masterAdmin: u.masterAdmin,
    id_localidad: u.localidades,
    sucursales: u.sucursales,
    userPortal: u.userPortal,
    logEstatusRegistro: u.status,
    logFechaRegistro: u.createdAt.toISOString(),
    logFechaModificacion: u.updatedAt?.toISOString() ?? null,
  };
}
export type UserView = ReturnType<typeof userView>;

export const USER_MESSAGES = {
  created: 'Usuario Registrado',
  updated: 'Usuario Actualizado con exito !!!',
  passwordUpdated: 'Password Actualizado con exito !!!',
  emailTaken: 'El email ya está registrado',
  aliasTaken: 'El alias de usuario ya está registrado',
  roleMissing: 'El rol seleccionado no existe o está inactivo',
  notYours: 'No tiene acceso a este usuario',
  masterOnly: 'Solo un administrador maestro puede crear o modificar administradores maestros',
  roleTooBroad: 'No puede asignar un rol con más permisos que el suyo',
  companiesNotYours: 'No puede asignar razones sociales o sucursales a las que no tiene acceso',
  selfDeactivate: 'No puede inactivar su propio usuario',
  targetAbove: 'No puede modificar a un usuario con más permisos que usted',
  branchOutsideCompanies: 'Las sucursales deben pertenecer a las razones sociales asignadas',
} as const;

/**
 * A user who is not master admin sees the users sharing one of their companies, never master admins.
 * A master admin sees everyone.
 */
export function visibleUsers(scope: TenantScope) {
  if (scope.all) return undefined;
  if (scope.localidades.length === 0) return sql`false`;
  return and(eq(users.masterAdmin, false), arrayOverlaps(users.localidades, [...scope.localidades]));
}

/** The ids of the users the caller sees and the caller, or only `requested` when it is one of them. */
export async function visibleUserIds(
  db: DbOrTx,
  scope: TenantScope,
  self: string,
  requested?: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(requested ? eq(users.id, requested) : undefined, or(visibleUsers(scope), eq(users.id, self))));
  return rows.map((r) => r.id);
}

/** The e-mail of each of these users that exists (the event log names users by it). */
export function userEmailsByIds(db: DbOrTx, ids: string[]) {
  return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
}

export async function listUsers(db: Db, scope: TenantScope, query: PageQuery & { status?: string }) {
  const term = query.search ? likePattern(query.search) : undefined;
  const where = and(
    visibleUsers(scope),
    term
      ? or(
          ilike(users.userAlias, term),
          ilike(users.email, term),
          ilike(users.firstName, term),
          ilike(users.lastName, term),
          ilike(users.numeroDocumento, term),
        )
      : undefined,
    query.status ? eq(users.status, query.status) : undefined,
  );
  const [total, rows] = await Promise.all([
    db.$count(users, where),
    db
      .select({ user: users, rol: roles.rol })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(asc(users.userAlias))
      .limit(query.limit)
      .offset(offsetOf(query)),
  ]);
  return pageOf(query, await sharedViews(db, scope, rows), total);
}

/**
 * A non-master sees of each user only the companies they share, and only those companies' branches (of
 * their own branches when they are branch-restricted): the rest is not theirs to know.
 */
async function sharedViews(db: Db, scope: TenantScope, rows: Array<{ user: UserRow; rol: string | null }>) {
  if (scope.all) return rows.map((r) => userView(r.user, r.rol));
  const viewer = { masterAdmin: false, localidades: scope.localidades, sucursales: scope.sucursales };
  const branchIds = [...new Set(rows.flatMap((r) => r.user.sucursales))];
  const companyOf = new Map((await companiesOfBranches(db, branchIds)).map((b) => [b.id, b.localidadId]));
  return rows.map(({ user, rol }) => {
    const shared = sharedScope(viewer, { ...user, masterAdmin: false });
    const branches = shared.sucursales.filter((b) => shared.localidades.includes(companyOf.get(b) ?? ''));
    return userView({ ...user, localidades: shared.localidades, sucursales: branches }, rol);
  });
}

async function findVisibleUser(db: DbOrTx, scope: TenantScope, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('Usuario no encontrado');
  const [visible] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), visibleUsers(scope)))
    .limit(1);
  if (!visible) throw forbidden(USER_MESSAGES.notYours);
  return row;
}

/**
 * A non-master may act on a user only when that user's companies (and branches, when the actor is
 * branch-restricted) are within the actor's and that user's role is no broader than their own: otherwise
 * changing the password or e-mail would hand the actor the other companies or permissions.
 */
async function assertWithinReach(db: DbOrTx, actor: Principal, target: UserRow): Promise<void> {
  if (actor.masterAdmin) return;
  if (!scopeWithin(actor, target)) {
    throw forbidden(USER_MESSAGES.notYours);
  }
  if (!target.roleId) return;
  const [role] = await db.select().from(roles).where(eq(roles.id, target.roleId)).limit(1);
  if (role && roleBroaderThan(actor, role)) throw forbidden(USER_MESSAGES.targetAbove);
}

/** Every branch must belong to one of the user's companies. */
async function assertBranchesOfCompanies(
  db: DbOrTx,
  localidades: string[],
  branchIds: string[],
): Promise<void> {
  if (branchIds.length === 0) return;
  const companies = new Set(localidades);
  const found = (await companiesOfBranches(db, [...new Set(branchIds)])).filter((b) =>
    companies.has(b.localidadId),
  );
  if (found.length !== new Set(branchIds).size) {
    throw badRequest(USER_MESSAGES.branchOutsideCompanies, [
      { path: 'sucursales', message: USER_MESSAGES.branchOutsideCompanies },
    ]);
  }
}

/**
 * Nobody grants more than they hold: a non-master caller may assign only roles whose every module and
 * action they have themselves, only companies and branches of their own scope, and never master admin.
 */
async function checkGrants(db: DbOrTx, actor: Principal, input: UserUpdateInput): Promise<string | null> {
  // A portal user reads every company: only the provider's master admin makes one here.
  if (input.userPortal !== 'NO_PORTAL' && !actor.masterAdmin)
    throw forbidden(PORTAL_MESSAGES.masterOnlyPortal);
  if (input.masterAdmin) {
    if (!actor.masterAdmin) throw forbidden(USER_MESSAGES.masterOnly);
    return null;
  }
  if (input.userPortal !== 'NO_PORTAL' && !input.role) return null;
  // A role id that is not a UUID names no role (and would make PostgreSQL fail the comparison).
  const roleId = input.role && isUuid(input.role) ? input.role : undefined;
  const [role] = roleId
    ? await db
        .select()
        .from(roles)
        .where(and(eq(roles.id, roleId), eq(roles.status, 'ACTIVO')))
        .limit(1)
    : [];
  if (!role)
    throw badRequest(USER_MESSAGES.roleMissing, [{ path: 'role', message: USER_MESSAGES.roleMissing }]);
  if (roleBroaderThan(actor, role)) throw forbidden(USER_MESSAGES.roleTooBroad);
  // A branch-restricted actor cannot save `sucursales: []` (every branch), not even for themself.
  const granted = { masterAdmin: false, localidades: input.id_localidad, sucursales: input.sucursales };
  if (!scopeWithin(actor, granted)) throw forbidden(USER_MESSAGES.companiesNotYours);
  return role.id;
}

async function assertEmailFree(db: DbOrTx, email: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId ? sql`${users.id} <> ${exceptId}` : undefined))
    .limit(1);
  if (taken) throw conflict(USER_MESSAGES.emailTaken);
}

/**
 * Users log in by alias as well as by e-mail (auth/service.ts compares lower(alias)), so an alias is
 * unique without case like an e-mail, and no alias may read as another user's e-mail.
 * The unique index users_alias_idx (migration 0018) settles two requests racing for one alias.
 */
async function assertAliasFree(db: DbOrTx, alias: string, exceptId?: string) {
  const wanted = alias.trim().toLowerCase();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        or(eq(sql`lower(${users.userAlias})`, wanted), eq(users.email, wanted)),
        exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (taken) throw conflict(USER_MESSAGES.aliasTaken);
}

/** Two requests racing for one alias or e-mail: the loser's unique violation is a 409, not a 500. */
async function uniqueAsConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    const code = e.code ?? e.cause?.code;
    const constraint = e.constraint ?? e.cause?.constraint ?? '';
    if (code !== '23505') throw error;
    throw conflict(constraint.includes('alias') ? USER_MESSAGES.aliasTaken : USER_MESSAGES.emailTaken);
  }
}

/** The name of a role, or null without one. */
export async function roleNameOf(db: DbOrTx, roleId: string | null): Promise<string | null> {
  if (!roleId) return null;
  const [row] = await db.select({ rol: roles.rol }).from(roles).where(eq(roles.id, roleId)).limit(1);
  return row?.rol ?? null;
}

/** A master admin carries no role, companies or branches (the screen sends them empty). */
function assignment(input: UserUpdateInput, roleId: string | null) {
  return input.masterAdmin
    ? { roleId: null, localidades: [], sucursales: [] }
    : { roleId, localidades: input.id_localidad, sucursales: input.sucursales };
}

/** What every new user carries: identity, sign-in and the grants each way of creating one decides. */
type NewUser = Pick<
  UserCreateInput,
  'tipoDocumento' | 'numeroDocumento' | 'firstName' | 'lastName' | 'userAlias' | 'email' | 'password'
> &
  Pick<typeof users.$inferInsert, 'masterAdmin' | 'userPortal' | 'roleId' | 'localidades' | 'sucursales'>;

/**
 * Adds a user, the one way every creation path does (back-office users, the tax authority's portal users):
 * e-mail and alias free, password hashed, the row and its audit entry in one transaction. `grants` runs
 * inside it, before the insert, and returns what the caller decided about role and companies.
 */
async function insertUser(
  db: Db,
  input: Omit<NewUser, 'roleId' | 'localidades' | 'sucursales'>,
  audit: AuditContext,
  grants: (tx: DbOrTx) => Promise<Pick<NewUser, 'roleId' | 'localidades' | 'sucursales'>>,
): Promise<UserRow> {
  const email = input.email.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  return uniqueAsConflict(() =>
    db.transaction(async (tx) => {
      await assertEmailFree(tx, email);
      await assertAliasFree(tx, input.userAlias);
      const granted = await grants(tx);
      const [row] = await tx
        .insert(users)
        .values({
          tipoDocumento: input.tipoDocumento,
          numeroDocumento: input.numeroDocumento,
          firstName: input.firstName,
          lastName: input.lastName,
          userAlias: input.userAlias,
          email,
          passwordHash,
          masterAdmin: input.masterAdmin,
          userPortal: input.userPortal,
          createdBy: audit.userEmail ?? 'sistema',
          ...granted,
        })
        .returning();
      await recordAudit(tx, audit, { entity: 'user', entityId: row.id, action: 'create', after: row });
      return row;
    }),
  );
}

export async function createUser(db: Db, actor: Principal, input: UserCreateInput, audit: AuditContext) {
  let roleName: string | null = null;
  const row = await insertUser(db, input, audit, async (tx) => {
    const roleId = await checkGrants(tx, actor, input);
    if (!input.masterAdmin) await assertBranchesOfCompanies(tx, input.id_localidad, input.sucursales);
    const granted = assignment(input, roleId);
    roleName = await roleNameOf(tx, granted.roleId);
    return granted;
  });
  return userView(row, roleName);
}

export async function updateUser(
  db: Db,
  actor: Principal,
  id: string,
  input: UserUpdateInput,
  audit: AuditContext,
) {
  const scope = { all: actor.masterAdmin, localidades: actor.localidades, sucursales: actor.sucursales };
  const email = input.email.toLowerCase();
  const result = await uniqueAsConflict(() =>
    db.transaction(async (tx) => {
      const before = await findVisibleUser(tx, scope, id);
      await assertWithinReach(tx, actor, before);
      await assertEmailFree(tx, email, id);
      await assertAliasFree(tx, input.userAlias, id);
      const roleId = await checkGrants(tx, actor, input);
      if (!input.masterAdmin) await assertBranchesOfCompanies(tx, input.id_localidad, input.sucursales);
      const [row] = await tx
        .update(users)
        .set({
          tipoDocumento: input.tipoDocumento,
          numeroDocumento: input.numeroDocumento,
          firstName: input.firstName,
          lastName: input.lastName,
          userAlias: input.userAlias,
          email,
          masterAdmin: input.masterAdmin,
          userPortal: input.userPortal,
          updatedAt: new Date(),
          ...assignment(input, roleId),
        })
        .where(eq(users.id, id))
        .returning();
      await recordAudit(tx, audit, { entity: 'user', entityId: id, action: 'update', before, after: row });
      return userView(row, await roleNameOf(tx, row.roleId));
    }),
  );
  forgetUser(id);
  return result;
}

/** Flips ACTIVO ⇄ INACTIVO; inactivating ends the user's sessions. */
export async function toggleUserStatus(db: Db, actor: Principal, id: string, audit: AuditContext) {
  const scope = { all: actor.masterAdmin, localidades: actor.localidades, sucursales: actor.sucursales };
  if (id === actor.id) throw badRequest(USER_MESSAGES.selfDeactivate);
  const result = await db.transaction(async (tx) => {
    const before = await findVisibleUser(tx, scope, id);
    await assertWithinReach(tx, actor, before);
    const status = before.status === 'ACTIVO' ? 'INACTIVO' : 'ACTIVO';
    const [row] = await tx
      .update(users)
      .set({ status, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (status === 'INACTIVO') await revokeSessions(tx, id);
    await recordAudit(tx, audit, {
      entity: 'user',
      entityId: id,
      action: status === 'ACTIVO' ? 'activate' : 'deactivate',
      before: { logEstatusRegistro: before.status },
      after: { logEstatusRegistro: row.status },
    });
    return userView(row, await roleNameOf(tx, row.roleId));
  });
  forgetUser(id);
  return result;
}

export async function changePassword(
  db: Db,
  actor: Principal,
  id: string,
  password: string,
  audit: AuditContext,
) {
  const scope = { all: actor.masterAdmin, localidades: actor.localidades, sucursales: actor.sucursales };
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await assertWithinReach(tx, actor, await findVisibleUser(tx, scope, id));
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
    await revokeSessions(tx, id);
    // Access tokens too: the version they carry is now old.
    await bumpTokenVersion(tx, id);
    await recordAudit(tx, audit, { entity: 'user', entityId: id, action: 'change-password' });
  });
  forgetUser(id);
}

async function revokeSessions(db: DbOrTx, userId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Adds a company to a user's scope (the creator of a company, who could not see it otherwise). */
export async function grantCompanyToUser(tx: DbOrTx, userId: string, localidadId: string): Promise<void> {
  await tx
    .update(users)
    .set({ localidades: sql`array_append(${users.localidades}, ${localidadId}::uuid)` })
    .where(eq(users.id, userId));
}

/**
 * The tax authority's own administrator (ADMIN_PORTAL), or the provider's master administrator, adds a
 * USUARIO_PORTAL user: no role, no company, never master admin, never ADMIN_PORTAL.
 * Audited like any user created.
 */
export async function createPortalUser(
  db: Db,
  actor: Principal,
  input: PortalUserCreateInput,
  audit: AuditContext,
) {
  if (actor.portal !== 'ADMIN_PORTAL' && !actor.masterAdmin) throw forbidden(PORTAL_MESSAGES.adminOnly);
  const row = await insertUser(
    db,
    { ...input, masterAdmin: false, userPortal: 'USUARIO_PORTAL' },
    audit,
    async () => ({ roleId: null, localidades: [], sucursales: [] }),
  );
  return portalUserView(row);
}

function portalUserView(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    userAlias: u.userAlias,
    firstName: u.firstName,
    lastName: u.lastName,
    userPortal: u.userPortal,
    logEstatusRegistro: u.status,
    logFechaRegistro: u.createdAt.toISOString(),
  };
}

/** The tax authority's users (USUARIO_PORTAL and ADMIN_PORTAL), for the portal's administrator. */
export async function listPortalUsers(db: Db, query: PageQuery) {
  const term = query.search ? likePattern(query.search) : undefined;
  const where = and(
    inArray(users.userPortal, ['USUARIO_PORTAL', 'ADMIN_PORTAL']),
    term
      ? or(ilike(users.userAlias, term), ilike(users.email, term), ilike(users.lastName, term))
      : undefined,
  );
  const [total, rows] = await Promise.all([
    db.$count(users, where),
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.userAlias))
      .limit(query.limit)
      .offset(offsetOf(query)),
  ]);
  return pageOf(query, rows.map(portalUserView), total);
}

/**
 * The e-mails of a company's active users (not master admins) whose role grants `path` › `action`: who
 * administers it, e.g. to warn them that a webhook was disabled.
 */
export async function companyUserEmailsWith(
  db: DbOrTx,
  localidadId: string,
  path: string,
  action: string,
): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, modulos: roles.modulos })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.status, 'ACTIVO'),
        eq(users.masterAdmin, false),
        sql`${localidadId}::uuid = any(${users.localidades})`,
      ),
    );
  return rows
    .filter((r) => hasPermission({ masterAdmin: false, modulos: r.modulos }, path, action))
    .map((r) => r.email);
}
