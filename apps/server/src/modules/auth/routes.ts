import {
  forgotPasswordSchema,
  loginSchema,
  ownPasswordSchema,
  refreshTokenSchema,
  resetPasswordSchema,
  z,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, principalOf } from '../../http/guard.ts';
import { errorBody, messageBody } from '../../http/responses.ts';
import { auditContextOf } from '../audit/service.ts';
import * as auth from './service.ts';

const tokenBody = z.object({ token: z.string(), expires: z.string() });
const tokensBody = z.object({ access: tokenBody, refresh: tokenBody });
const loginAnswer = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.string() }),
  tokens: tokensBody,
});

const meAnswer = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string().nullable(),
  roleId: z.string().nullable(),
  masterAdmin: z.boolean(),
  /** The tax-authority portal type: the web shows a portal user the portal only. */
  userPortal: z.string(),
  id_localidad: z.array(z.string()),
  sucursales: z.array(z.string()),
  modulos: z.array(
    z.object({
      id: z.string(),
      nombre: z.string(),
      path: z.string(),
      permiso: z.boolean(),
      acciones: z.array(
        z.object({ _id: z.string(), key: z.string(), description: z.string(), status: z.boolean() }),
      ),
    }),
  ),
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  // Answers that carry tokens must not be kept by a browser or a proxy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onClose', () => auth.settleInlineSends());

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Inicia sesión y entrega los tokens de acceso (30 min) y de actualización (30 días)',
        body: loginSchema,
        response: { 200: loginAnswer, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request) => auth.login(app.deps, request.body, auditContextOf(request)),
  );

  app.post(
    '/auth/refresh-tokens',
    {
      schema: {
        tags,
        summary: 'Cambia un token de actualización por un par nuevo (el anterior deja de servir)',
        body: refreshTokenSchema,
        response: { 200: tokensBody, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => auth.refresh(app.deps, request.body.refreshToken),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Invalida el token de actualización y los tokens de acceso ya entregados al usuario',
        body: refreshTokenSchema,
        response: { 204: z.null(), 400: errorBody },
      },
    },
    async (request, reply) => {
      await auth.logout(app.deps.db, request.body.refreshToken, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary:
          'Envía por correo un enlace de un solo uso, válido por una hora, para restablecer la contraseña',
        body: forgotPasswordSchema,
        response: { 200: messageBody, 400: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(app.deps, request.body.email, request.ip);
      return { code: 200, message: auth.AUTH_MESSAGES.resetSent };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Fija una contraseña nueva con el enlace recibido por correo',
        body: resetPasswordSchema,
        response: { 200: messageBody, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      await auth.resetPassword(app.deps.db, request.body, auditContextOf(request));
      return { code: 200, message: auth.AUTH_MESSAGES.passwordUpdated };
    },
  );

  app.post(
    '/auth/change-password',
    {
      preValidation: guard('authenticated', { portal: 'self' }),
      schema: {
        tags,
        summary:
          'El usuario de la sesión cambia su propia contraseña (con la actual); las demás sesiones terminan',
        security: [{ bearerAuth: [] }],
        body: ownPasswordSchema,
        response: {
          200: messageBody.extend({ tokens: tokensBody }),
          400: errorBody,
          401: errorBody,
          429: errorBody,
        },
      },
    },
    async (request) => {
      const tokens = await auth.changeOwnPassword(
        app.deps,
        principalOf(request).id,
        request.body,
        auditContextOf(request),
      );
      return { code: 200, message: auth.AUTH_MESSAGES.passwordUpdated, tokens };
    },
  );

  app.get(
    '/auth/me',
    {
      preValidation: guard('authenticated', { portal: 'self' }),
      schema: {
        tags,
        summary: 'El usuario de la sesión con sus módulos y acciones efectivos',
        security: [{ bearerAuth: [] }],
        response: { 200: meAnswer, 401: errorBody },
      },
    },
    async (request) => {
      const p = principalOf(request);
      return {
        id: p.id,
        email: p.email,
        name: p.name,
        role: p.roleName,
        roleId: p.roleId,
        masterAdmin: p.masterAdmin,
        userPortal: p.portal ?? 'NO_PORTAL',
        id_localidad: p.localidades,
        sucursales: p.sucursales,
        modulos: p.modulos,
      };
    },
  );
};
