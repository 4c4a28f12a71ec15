import { documentLookupAnswer, documentLookupQuery } from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, principalOf } from '../../http/guard.ts';
import { INTEGRATION } from '../../http/integration-access.ts';
import { errorBody, errorResponses } from '../../http/responses.ts';
import { INTEGRATION_TAG, RATE_LIMIT_DOC } from '../integration/hooks.ts';
import { findDocumentByReference, LOOKUP_MESSAGES } from './service.ts';

/**
 * The integrators' look-up by their own number: an integration route (its tag gives it
 * the rate limit and the request log), kept out of modules/integration because it reads the kernel and the
 * families, which themselves use the integration layer.
 */
export const lookupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    '/documentos/buscar',
    {
      // API keys holding 'consultar' may ask too.
      config: INTEGRATION.read,
      preValidation: guard('authenticated'),
      schema: {
        tags: [INTEGRATION_TAG],
        security: [{ bearerAuth: [] }],
        summary: 'Busca un documento por la referencia del ERP: RIF del emisor, tipo y número (y serie)',
        description: `Responde el id del documento, su número de control con la fecha y hora de asignación, su estatus, si su PDF firmado ya existe, el SHA-256 de ese PDF y la URL pública de verificación. 404 cuando no hay ninguno (o la razón social no es del llamante): "${LOOKUP_MESSAGES.missing}". Requiere permiso de lectura de la lista de la familia (facturas, notas, órdenes/guías o retenciones). Ejemplo: \`GET /v2/documentos/buscar?rif=J-123456789&tipo=fact&numero=000123&serie=A\`.\n\n${RATE_LIMIT_DOC}`,
        querystring: documentLookupQuery,
        response: { 200: documentLookupAnswer, ...errorResponses, 429: errorBody },
      },
    },
    (request) => findDocumentByReference(db, principalOf(request), config.publicUrl, request.query),
  );
};
