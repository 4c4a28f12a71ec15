import {
  changePasswordSchema,
  idParam,
  moduleCreateSchema,
  moduleViewSchema,
  pageQuery,
  REGISTER_STATUSES,
  roleCreateSchema,
  roleUpdateSchema,
  roleViewSchema,
  screen,
  userCreateSchema,
  userUpdateSchema,
  userViewSchema,
  z,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, principalOf, scopeOfRequest } from '../../http/guard.ts';
import { errorResponses, messageBody, pageBody, resultBody } from '../../http/responses.ts';
import { auditContextOf } from '../audit/service.ts';
import * as modulesService from './modules.service.ts';
import * as rolesService from './roles.service.ts';
import * as usersService from './users.service.ts';

const ROLES = screen('/seguridad/roles');
const MODULES = screen('/seguridad/modulos');
const USERS = screen('/seguridad/usuarios');

const security = [{ bearerAuth: [] }];
const listQuery = pageQuery.extend({ status: z.enum(REGISTER_STATUSES).optional() });

export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // --- Roles: /mantenimiento/roles (spec 000 §7) -------------------------------------------------
  {
    const tags = ['seguridad: roles'];
    app.get(
      '/mantenimiento/roles/getroles',
      {
        preValidation: guard({ anyOf: [{ module: ROLES.module }, { module: USERS.module }] }),
        schema: {
          tags,
          security,
          summary: 'Lista paginada de roles',
          querystring: listQuery,
          response: { 200: pageBody(roleViewSchema), ...errorResponses },
        },
      },
      async (request) => rolesService.listRoles(db, request.query),
    );
    app.get(
      '/mantenimiento/roles/listarByModulo/:id',
      {
        preValidation: guard({ anyOf: [{ module: ROLES.module }, { module: MODULES.module }] }),
        schema: {
          tags,
          security,
          summary: 'Roles que otorgan un módulo',
          params: idParam,
          response: {
            200: z.object({ code: z.number(), results: z.array(roleViewSchema) }),
            ...errorResponses,
          },
        },
      },
      async (request) => ({ code: 200, results: await rolesService.rolesByModule(db, request.params.id) }),
    );
    app.post(
      '/mantenimiento/roles/addrol',
      {
        preValidation: guard(ROLES.can('add')),
        schema: {
          tags,
          security,
          summary: 'Crea un rol',
          body: roleCreateSchema,
          response: { 200: resultBody(roleViewSchema), ...errorResponses },
        },
      },
      async (request) => ({
        code: 200,
        message: 'Rol registrado',
        result: await rolesService.createRole(db, request.body, auditContextOf(request)),
      }),
    );
    app.put(
      '/mantenimiento/roles/updaterol/:id',
      {
        preValidation: guard(ROLES.can('update')),
        schema: {
          tags,
          security,
          summary: 'Modifica un rol y sus módulos',
          params: idParam,
          body: roleUpdateSchema,
          response: { 200: resultBody(roleViewSchema), ...errorResponses },
        },
      },
      async (request) => ({
        code: 200,
        message: 'Rol Actualizado !!!',
        result: await rolesService.updateRole(db, request.params.id, request.body, auditContextOf(request)),
      }),
    );
    for (const [verb, status, message] of [
      ['desactivar', 'INACTIVO', 'Inactivado'],
      ['activar', 'ACTIVO', 'Activado'],
    ] as const) {
      app.put(
        `/mantenimiento/roles/${verb}/:id`,
        {
          preValidation: guard(ROLES.can('cancel')),
          schema: {
            tags,
            security,
            summary: verb === 'activar' ? 'Reactiva un rol' : 'Inactiva un rol',
            params: idParam,
            response: { 200: resultBody(roleViewSchema), ...errorResponses },
          },
        },
        async (request) => ({
          code: 200,
          message,
          result: await rolesService.setRoleStatus(db, request.params.id, status, auditContextOf(request)),
        }),
      );
    }
  }

  // --- Modules: /mantenimiento/modulo (spec 000 §7; the page has no action keys) ----------------
  {
    const tags = ['seguridad: módulos'];
    app.get(
      '/mantenimiento/modulo/getModulos',
      {
        preValidation: guard({ anyOf: [{ module: MODULES.module }, { module: ROLES.module }] }),
        schema: {
          tags,
          security,
          summary: 'Lista paginada de módulos (status=ACTIVO para el editor de roles)',
          querystring: listQuery,
          response: { 200: pageBody(moduleViewSchema), ...errorResponses },
        },
      },
      async (request) => modulesService.listModules(db, request.query),
    );
    app.post(
      '/mantenimiento/modulo/crear',
      {
        preValidation: guard({ module: MODULES.module }),
        schema: {
          tags,
          security,
          summary: 'Crea un módulo',
          body: moduleCreateSchema,
          response: { 200: resultBody(moduleViewSchema), ...errorResponses },
        },
      },
      async (request) => ({
        code: 200,
        message: 'Guardado',
        result: await modulesService.createModule(db, request.body, auditContextOf(request)),
      }),
    );
    app.put(
      '/mantenimiento/modulo/editar/:id',
      {
        preValidation: guard({ module: MODULES.module }),
        schema: {
          tags,
          security,
          summary: 'Modifica un módulo',
          params: idParam,
          body: moduleCreateSchema,
          response: { 200: resultBody(moduleViewSchema), ...errorResponses },
        },
      },
      async (request) => ({
        code: 200,
        message: 'Actualizado',
        result: await modulesService.updateModule(
          db,
          request.params.id,
          request.body,
          auditContextOf(request),
        ),
      }),
    );
    for (const [verb, status, message] of [
      ['eliminar', 'INACTIVO', 'Inactivado'],
      ['activar', 'ACTIVO', 'Activado'],
    ] as const) {
      app.put(
        `/mantenimiento/modulo/${verb}/:id`,
        {
          preValidation: guard({ module: MODULES.module }),
          schema: {
            tags,
            security,
            summary: verb === 'activar' ? 'Reactiva un módulo' : 'Inactiva un módulo',
            params: idParam,
            response: { 200: resultBody(moduleViewSchema), ...errorResponses },
          },
        },
        async (request) => ({
          code: 200,
          message,
          result: await modulesService.setModuleStatus(
            db,
            request.params.id,
            status,
            auditContextOf(request),
          ),
        }),
      );
    }
  }

  // --- Users: /users (spec 000 §7) -----------------------------------------------------------------
  {
    const tags = ['seguridad: usuarios'];
    app.get(
      '/users/allUser',
      {
        preValidation: guard({ module: USERS.module }),
        schema: {
          tags,
          security,
          summary: 'Lista paginada de usuarios visibles para quien consulta',
          querystring: listQuery,
          response: { 200: pageBody(userViewSchema), ...errorResponses },
        },
      },
      async (request) => usersService.listUsers(db, scopeOfRequest(request), request.query),
    );
    app.post(
      '/users/addUser',
      {
        preValidation: guard(USERS.can('add')),
        schema: {
          tags,
          security,
          summary: 'Crea un usuario',
          body: userCreateSchema,
          response: { 200: resultBody(userViewSchema), ...errorResponses },
        },
      },
      async (request) => ({
        code: 200,
        message: usersService.USER_MESSAGES.created,
        result: await usersService.createUser(
          db,
          principalOf(request),
          request.body,
          auditContextOf(request),
        ),
      }),
    );
    app.put(
      '/users/updateUser/:id',
      {
        preValidation: guard(USERS.can('update')),
        schema: {
          tags,
          security,
          summary: 'Modifica un usuario (sin contraseña)',
          params: idParam,
          body: userUpdateSchema,
          response: { 200: resultBody(userViewSchema), ...errorResponses },
        },
      },
      async (request) => ({
        code: 200,
        message: usersService.USER_MESSAGES.updated,
        result: await usersService.updateUser(
          db,
          principalOf(request),
          request.params.id,
          request.body,
          auditContextOf(request),
        ),
      }),
    );
    app.put(
      '/users/ActivaDesactivaUserById/:id',
      {
        preValidation: guard(USERS.can('cancel')),
        schema: {
          tags,
          security,
          summary: 'Inactiva o reactiva un usuario',
          params: idParam,
          response: { 200: resultBody(userViewSchema), ...errorResponses },
        },
      },
      async (request) => {
        const result = await usersService.toggleUserStatus(
          db,
          principalOf(request),
          request.params.id,
          auditContextOf(request),
        );
        return { code: 200, message: `Usuario ${result.logEstatusRegistro}`, result };
      },
    );
    app.post(
      '/users/change-password',
      {
        preValidation: guard(USERS.can('updatePasw')),
        schema: {
          tags,
          security,
          summary: 'Cambia la contraseña de un usuario',
          querystring: z.object({ userID: z.uuid({ error: 'Identificador no válido' }) }),
          body: changePasswordSchema,
          response: { 200: messageBody, ...errorResponses },
        },
      },
      async (request) => {
        await usersService.changePassword(
          db,
          principalOf(request),
          request.query.userID,
          request.body.password,
          auditContextOf(request),
        );
        return { code: 200, message: usersService.USER_MESSAGES.passwordUpdated };
      },
    );
  }
};
