import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RoleModule } from '@sigece/fiscal';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const status = () => text('log_estatus_registro').notNull().default('ACTIVO');
const auditColumns = () => ({
  createdAt: timestamp('log_fecha_registro', { withTimezone: true }).notNull().defaultNow(),
  createdBy: text('log_username').notNull().default('sistema'),
  updatedAt: timestamp('log_fecha_modificacion', { withTimezone: true }),
});

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
    status: status(),
    ...auditColumns(),
  },
  (t) => [index('users_role_idx').on(t.roleId)],
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_at_idx').on(t.email, t.at)],
);

export const passwordResets = pgTable('password_resets', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every e-mail the system sends, delivered over SMTP or kept here as the local outbox when no SMTP
 * server is configured. The e-mail log report reads it.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    messageId: text('message_id'),
    transport: text('transport').notNull(),
    from: text('from_address').notNull(),
    to: text('to_addresses').array().notNull(),
    cc: text('cc_addresses').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    text: text('body_text').notNull(),
    html: text('body_html'),
    statusCode: text('status_code'),
    statusText: text('status_text'),
    tipoDoc: text('tipo_doc'),
    nroDoc: text('nro_doc'),
    localidadId: uuid('id_localidad'),
    sucursalId: uuid('id_sucursal'),
    createdAt: timestamp('log_fecha_registro', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_messages_created_idx').on(t.createdAt)],
);

/** Who changed what, when, through which route, with the values before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    userEmail: text('user_email'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_user_at_idx').on(t.userId, t.at)],
);
