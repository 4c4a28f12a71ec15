import {
  idParam,
  PORTAL_MESSAGES,
  pageQuery,
  portalCompanyRow,
  portalDocumentRow,
  portalDocumentsQuery,
  portalUserCreateSchema,
  portalUserRow,
  TIPO_DOC_MESSAGE,
  TIPOS_DOC,
  z,
} from '@sigece/fiscal';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../http/content-disposition.ts';
import { forbidden } from '../../http/errors.ts';
import { allowPortalRead, guard, principalOf } from '../../http/guard.ts';
import { isPortalUser } from '../../http/portal.ts';
import { errorResponses, pageBody, resultBody } from '../../http/responses.ts';
import { auditContextOf } from '../audit/service.ts';
import { createPortalUser, listPortalUsers } from '../security/users.service.ts';
import * as portal from './service.ts';

const tags = ['portal SENIAT'];
const security = [{ bearerAuth: [] }];

/** The portal's routes are the tax authority's (and the provider's master admin's), not a company user's. */
async function portalOrMaster(request: FastifyRequest) {
  const principal = principalOf(request);
  if (!isPortalUser(principal) && !principal.masterAdmin) throw forbidden(PORTAL_MESSAGES.portalOnly);
}

async function portalAdminOrMaster(request: FastifyRequest) {
  const principal = principalOf(request);
  if (principal.portal !== 'ADMIN_PORTAL' && !principal.masterAdmin)
    throw forbidden(PORTAL_MESSAGES.adminOnly);
}

/**
 * The tax authority's read access: every numbered document of every company, its signed
 * PDF, and the portal administrator's users. Each read is audited (audit.ts); writes are refused for portal
 * users everywhere else (http/portal.ts).
 */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const reader = [allowPortalRead('authenticated'), portalOrMaster];

  app.get(
    '/portal/documentos',
    {
      preValidation: reader,
      schema: {
        tags,
        security,
        summary:
          'Documentos numerados de todas las razones sociales (datos fiscales), con búsqueda por RIF, número de control, fechas, tipo y razón social',
        querystring: portalDocumentsQuery,
        response: { 200: pageBody(portalDocumentRow), ...errorResponses },
      },
    },
    async (request) => portal.portalDocuments(db, request.query),
  );

  app.get(
    '/portal/documentos/:tipoDoc/:id/pdf',
    {
      preValidation: reader,
      schema: {
        tags,
        security,
        summary: 'El PDF firmado de un documento numerado (bytes exactos), de cualquier razón social',
        params: idParam.extend({
          tipoDoc: z.enum(TIPOS_DOC, { error: TIPO_DOC_MESSAGE }),
        }),
      },
    },
    async (request, reply) => {
      const { pdf, nombre } = await portal.portalPdf(db, request.params.tipoDoc, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', nombre))
        .send(pdf);
    },
  );

  app.get(
    '/portal/empresas',
    {
      preValidation: reader,
      schema: {
        tags,
        security,
        summary: 'Todas las razones sociales, para el filtro del portal',
        response: {
          200: z.object({ code: z.number(), results: z.array(portalCompanyRow) }),
          ...errorResponses,
        },
      },
    },
    async () => ({ code: 200, results: await portal.portalCompanies(db) }),
  );

  app.get(
    '/portal/usuarios',
    {
      preValidation: [allowPortalRead('authenticated'), portalAdminOrMaster],
      schema: {
        tags,
        security,
        summary: 'Usuarios del portal SENIAT (para su administrador)',
        querystring: pageQuery,
        response: { 200: pageBody(portalUserRow), ...errorResponses },
      },
    },
    async (request) => listPortalUsers(db, request.query),
  );

  app.post(
    '/portal/usuarios',
    {
      // A portal user's only write besides their own session (http/portal.ts PORTAL_WRITES).
      // The provider's master administrator may add them too (they can already give any user a portal type).
      preValidation: [guard('authenticated', { portal: 'self' }), portalAdminOrMaster],
      schema: {
        tags,
        security,
        summary:
          'El administrador del portal SENIAT (ADMIN_PORTAL) o el administrador maestro crea un usuario del portal (USUARIO_PORTAL)',
        body: portalUserCreateSchema,
        response: { 200: resultBody(portalUserRow), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Usuario Registrado',
      result: await createPortalUser(db, principalOf(request), request.body, auditContextOf(request)),
    }),
  );
};
