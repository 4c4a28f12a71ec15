import { hasPermission, idParam, type z } from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { type Access, guard, optionalPrincipal, scopeOfRequest } from '../../http/guard.ts';
import { INTEGRATION } from '../../http/integration-access.ts';
import { errorResponses } from '../../http/responses.ts';
import { scopeOf, type TenantScope } from '../../http/tenancy.ts';

/**
 * The read routes every family has, written once (issue 23 item 1): the public-or-detail route
 * (`getfacturacion`, `getNotaId`, `getOrdenId`, `getRetencionId`), the signed PDF's bytes and the JSON
 * download. A family's routes file calls these with its paths (the spec's, unchanged), its screen's
 * permission and its own detail and public projection.
 */

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The public verification answer a family gives without a token (spec 002 §7), or null: 404. */
export interface PublicOrDetailRoute {
  path: string;
  tags: string[];
  summary: string;
  /** The list screen and the key that lets a signed-in user read the whole document. */
  module: string;
  permission: string;
  /** The document, checked against the caller's tenancy (throws when it is not theirs). */
  visible(db: Db, scope: TenantScope, id: string): Promise<{ id: string }>;
  detail(db: Db, id: string): Promise<unknown>;
  publicAnswer(db: Db, id: string): Promise<object | null>;
  /** The route's 200 schema, where the family declares one. */
  response?: z.ZodType;
}

/**
 * Open to everyone: a user who may read the list and sees the document gets `{ code, message, result:
 * detail }`; anyone else only the public projection (spec 002 §7 "Public verification"), 404 when none.
 */
export function publicOrDetailRoute(app: App, db: Db, spec: PublicOrDetailRoute): void {
  app.get(
    spec.path,
    {
      schema: {
        tags: spec.tags,
        summary: spec.summary,
        params: idParam,
        ...(spec.response ? { response: { 200: spec.response, ...errorResponses } } : {}),
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const principal = await optionalPrincipal(request);
      if (principal && hasPermission(principal, spec.module, spec.permission)) {
        const row = await spec.visible(db, scopeOf(principal), id).catch(() => null);
        if (row) return { code: 200, message: 'Consulta exitosa', result: await spec.detail(db, row.id) };
      }
      const projection = await spec.publicAnswer(db, id);
      if (!projection) return reply.code(404).send({ code: 404, message: 'Documento no encontrado' });
      return projection;
    },
  );
}

/** GET …/pdf/:id: the signed PDF's exact bytes, inline, under the family's file name. */
export function pdfRoute(
  app: App,
  spec: {
    path: string;
    access: Access;
    tags: string[];
    summary: string;
    pdf(scope: TenantScope, id: string): Promise<{ pdf: Buffer; nombre: string }>;
  },
): void {
  app.get(
    spec.path,
    {
      // An ERP's key with 'consultar' may fetch its company's documents (issue 20 item 4).
      config: INTEGRATION.read,
      preValidation: guard(spec.access),
      schema: { tags: spec.tags, security: [{ bearerAuth: [] }], summary: spec.summary, params: idParam },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { pdf, nombre } = await spec.pdf(scopeOfRequest(request), id);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('inline', nombre))
        .send(pdf);
    },
  );
}

/**
 * GET …/json/:id: the whole document as its detail reads it (never the PDF's bytes), as an attachment
 * named `{Prefix}_{number}_{timestamp}.json`.
 */
export function jsonRoute<D>(
  app: App,
  spec: {
    path: string;
    access: Access;
    tags: string[];
    summary: string;
    detail(scope: TenantScope, id: string): Promise<D>;
    /** The file name without the timestamp and extension, e.g. 'Factura_A-00000001'. */
    name(detail: D): string;
  },
): void {
  app.get(
    spec.path,
    {
      // An ERP's key with 'consultar' may fetch its company's documents (issue 20 item 4).
      config: INTEGRATION.read,
      preValidation: guard(spec.access),
      schema: { tags: spec.tags, security: [{ bearerAuth: [] }], summary: spec.summary, params: idParam },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const detail = await spec.detail(scopeOfRequest(request), id);
      return reply
        .type('application/json; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition('attachment', `${spec.name(detail)}_${Date.now()}.json`),
        )
        .send(JSON.stringify(detail, null, 2));
    },
  );
}
