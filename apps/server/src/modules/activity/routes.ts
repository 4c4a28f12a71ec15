import {
  ACTIVITY_MESSAGES,
  activityAnswerSchema,
  documentRefParams,
  FAMILY_LIST_SCREENS,
  hasAnyPermission,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, notFound } from '../../http/errors.ts';
import { guard, principalOf, scopeOfRequest } from '../../http/guard.ts';
import { errorResponses } from '../../http/responses.ts';
import { assertTenant } from '../../http/tenancy.ts';
import { familyOf } from '../issuance/registry.ts';
import { documentActivity } from './service.ts';

/** The list screen of each family: who sees its documents sees their activity. */
const ANY_LIST = { anyOf: Object.values(FAMILY_LIST_SCREENS).map(({ module }) => ({ module })) };

/** A document's activity timeline: read-only, so nothing is audited. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/documentos/:tipoDoc/:id/actividad',
    {
      preValidation: guard(ANY_LIST),
      schema: {
        tags: ['documentos'],
        security: [{ bearerAuth: [] }],
        summary:
          'Actividad de un documento en orden: creado, numerado, firmado, enviado por correo, anulado… y por quién',
        params: documentRefParams,
        response: { 200: activityAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { tipoDoc, id } = request.params;
      if (!hasAnyPermission(principalOf(request), [{ path: FAMILY_LIST_SCREENS[tipoDoc].module }]))
        throw forbidden();
      const header = await familyOf(tipoDoc).header(db, id);
      if (!header) throw notFound(ACTIVITY_MESSAGES.notFound);
      assertTenant(scopeOfRequest(request), header);
      return {
        code: 200 as const,
        result: { tipoDoc, id, events: await documentActivity(db, tipoDoc, header) },
      };
    },
  );
};
