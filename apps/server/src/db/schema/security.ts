// Security: modules, roles, users, sessions (spec 000 §2).
import type { RoleModule } from '@sigece/fiscal';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appNow, auditColumns, id, status } from './columns.ts';

export interface ModuleOption {
  _id: string;
  key: string;
  description: string;
}

export const modules = pgTable('modules', {
  id: id(),
  name: text('name').notNull(),
  path: text('path').notNull().unique(),
  permiso: boolean('permiso').notNull().default(true),
  opciones: jsonb('opciones').$type<ModuleOption[]>().notNull().default([]),
  status: status(),
  ...auditColumns(),
});

export const roles = pgTable('roles', {
  id: id(),
  rol: text('rol').notNull().unique(),
  descripcion: text('descripcion').notNull(),
  modulos: jsonb('modulos').$type<RoleModule[]>().notNull().default([]),
  status: status(),
  ...auditColumns(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    tipoDocumento: text('tipo_documento').notNull(),
    numeroDocumento: text('numero_documento').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    userAlias: text('user_alias').notNull(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    roleId: uuid('role_id').references(() => roles.id),
    masterAdmin: boolean('master_admin').notNull().default(false),
    localidades: uuid('id_localidad').array().notNull().default(sql`'{}'::uuid[]`),
    sucursales: uuid('sucursales').array().notNull().default(sql`'{}'::uuid[]`),
    userPortal: text('user_portal').notNull().default('NO_PORTAL'),
    /** Access tokens carry it; logout and a password change bump it, so older access tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    status: status(),
    ...auditColumns(),
  },
  (t) => [
    index('users_role_idx').on(t.roleId),
    uniqueIndex('users_alias_idx').on(sql`lower(${t.userAlias})`),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Every rotation of one login shares a family, so reuse of an old token revokes them all. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(appNow),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** One counter per throttled key (login per account, forgot password per e-mail and per IP). */
export const authThrottles = pgTable('auth_throttles', {
  key: text('key').primaryKey(),
  /** Counted attempts (failed logins; forgot-password requests) in the current window. */
  hits: integer('hits').notNull().default(0),
  /** Logins being checked right now: they hold a slot, so parallel guesses cannot pass the limit. */
  pending: integer('pending').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow().$defaultFn(appNow),
});

export const passwordResets = pgTable('password_resets', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow().$defaultFn(appNow),
});
