import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyListQuery,
  apiKeyRowSchema,
  idParam,
  SANDBOX_MARK,
  screen,
  z,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, principalOf, scopeOfRequest } from '../../http/guard.ts';
import { errorResponses, pageBody } from '../../http/responses.ts';
import { auditContextOf } from '../audit/service.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './keys.ts';

/**
 * A company's administrators manage its API keys (screen 'Claves de API': list; 'add' creates, 'revoke'
 * revokes); the tenancy scope limits all three to the caller's companies (and branches).
 */
const KEYS_SCREEN = screen('/integracion/claves');
const tags = ['integración: claves de API'];
const security = [{ bearerAuth: [] }];

const KEYS_DOC = `Claves de API para los ERP. Una clave pertenece a una razón social (y, si se indica, a una sucursal) y permite solo las acciones elegidas: \`emitir\` (masivafacturacion, masivanotas, masivaordenes, createRetencionIvaMasiva), \`anular\` (anularMasivaRetencionesIva, PUT /ordenes/anular, masivaanularnotas, masivaAnularfacturacionXls) y \`consultar\` (PDF de los documentos, búsqueda por número del ERP). Se envía como \`Authorization: Bearer sgc_live_1a2b3c4d_…\` en lugar del token de inicio de sesión, en las rutas de integración solamente: cualquier otra ruta responde 403. Una clave revocada, inexistente o mal escrita responde 401.

**Entorno de prueba** (\`prueba: true\`, clave \`sgc_test_…\`): los documentos que envía —facturas (\`masivafacturacion\`), notas de crédito y débito (\`nota/masivanotas\`), órdenes de entrega y guías de despacho (\`ordenes/masivaordenes\`) y comprobantes de retención (\`retenciones/createRetencionIvaMasiva\`)— se guardan y se numeran con una secuencia de prueba propia de la razón social (número de control \`PR-00000001\`, …), nunca consumen un número de control real ni entran en el registro de números asignados, los libros de compra y venta, los reportes del SENIAT ni las listas de trabajo; su PDF lleva la marca '${SANDBOX_MARK}' y la verificación pública los presenta como documentos de prueba (\`prueba: true\` y \`aviso\`). Una nota de prueba afecta solo facturas de prueba (factura y luego su nota, todo en prueba). Un mismo número puede usarse en prueba y luego en real. Una clave de prueba emite y consulta; la anulación y las demás rutas la rechazan con 403.`;

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/integracion/claves',
    {
      preValidation: guard(KEYS_SCREEN.can('add')),
      schema: {
        tags,
        security,
        summary: 'Crea una clave de API; la respuesta trae la clave completa, que no se vuelve a mostrar',
        description: `${KEYS_DOC}\n\nEjemplo: \`{"localidad": "6f1c…", "nombre": "ERP sede central", "acciones": ["emitir", "consultar"], "prueba": false}\` responde 201 \`{"id": "…", "clave": "sgc_live_1a2b3c4d_Qm9…", "prefijo": "sgc_live_1a2b3c4d", "prueba": false, "acciones": ["emitir", "consultar"]}\`. Guárdela en el ERP: el servidor conserva solo su SHA-256.`,
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const created = await createApiKey(
        db,
        scopeOfRequest(request),
        { id: principal.id, email: principal.email },
        request.body,
        auditContextOf(request),
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/integracion/claves',
    {
      preValidation: guard({ module: KEYS_SCREEN.module }),
      schema: {
        tags,
        security,
        summary:
          'Lista paginada de las claves de API (prefijo, nombre, acciones, creación, último uso, revocación); nunca la clave',
        description:
          'Filtros: `localidad`, `search` (nombre o prefijo), `incluirRevocadas=false` para ocultar las revocadas. El último uso se actualiza como mucho una vez por minuto.',
        querystring: apiKeyListQuery,
        response: { 200: pageBody(apiKeyRowSchema), ...errorResponses },
      },
    },
    async (request) => listApiKeys(db, scopeOfRequest(request), request.query),
  );

  app.delete(
    '/integracion/claves/:id',
    {
      preValidation: guard(KEYS_SCREEN.can('revoke')),
      schema: {
        tags,
        security,
        summary: 'Revoca una clave de API: deja de valer de inmediato (en otros procesos, en 5 segundos)',
        params: idParam,
        response: {
          200: z.object({ code: z.number(), message: z.string(), id: z.string() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const id = await revokeApiKey(
        db,
        scopeOfRequest(request),
        request.params.id,
        { id: principalOf(request).id },
        auditContextOf(request),
      );
      return { code: 200, message: 'Clave de API revocada', id };
    },
  );
};
