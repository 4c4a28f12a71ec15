import { hasPermission, idParam, type Page, pageQuery, z } from '@sigece/fiscal';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/client.ts';
import { contentDisposition } from '../../../http/content-disposition.ts';
import { type Access, guard, optionalPrincipal, scopeOfRequest } from '../../../http/guard.ts';
import { INTEGRATION } from '../../../http/integration-access.ts';
import { errorResponses, pageBody, resultBody } from '../../../http/responses.ts';
import { scopeOf, type TenantScope } from '../../../http/tenancy.ts';
import { auditContextOf } from '../../audit/service.ts';
import type { TipoDoc } from '../family.ts';
import { retryFailedRender } from '../render/render.ts';

/**
 * The read routes every family has, written once: the paged list and its search form,
 * the public-or-detail route (`getfacturacion`, `getNotaId`, `getOrdenId`, `getRetencionId`), the signed
 * PDF's bytes and the JSON download. A family's routes file calls these with its paths (the spec's, unchanged), its screen's
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

/** What every guarded read route of a family is declared with: the spec's path, who may call it, its docs. */
interface RouteHead {
  path: string;
  access: Access;
  tags: string[];
  summary: string;
}

/** GET …/pdf/:id: the signed PDF's exact bytes, inline, under the family's file name. */
export function pdfRoute(
  app: App,
  spec: RouteHead & {
    pdf(scope: TenantScope, id: string): Promise<{ pdf: Buffer; nombre: string }>;
  },
): void {
  app.get(
    spec.path,
    {
      // An ERP's key with 'consultar' may fetch its company's documents.
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
  spec: RouteHead & {
    detail(scope: TenantScope, id: string): Promise<D>;
    /** The file name without the timestamp and extension, e.g. 'Factura_A-00000001'. */
    name(detail: D): string;
  },
): void {
  app.get(
    spec.path,
    {
      // An ERP's key with 'consultar' may fetch its company's documents.
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

/** What a family's list routes declare (its paths, filters and row contract are the spec's). */
export interface ListRoutes<Q> {
  tags: string[];
  /** The filters the list takes besides paging and search (the family's contract). */
  filters: z.ZodObject;
  /** The contract of one row. */
  row: z.ZodType;
  /** GET: the filters in the query string. */
  query: { path: string; access: Access; summary: string };
  /**
   * POST: the same filters in the body (paging in the query string), answered with `message`; `body`
   * when the family reads the body before its filters (e.g. drops empty values).
   */
  search?: { path: string; access: Access; summary: string; message: string; body?: z.ZodType };
  /** One page of the list for the caller, the query already merged with the body. */
  list(scope: TenantScope, query: Q, request: FastifyRequest): Promise<Page<unknown> & { code: number }>;
}

/** The family's paged list (`GET`) and, where the spec has one, its search form (`POST`). */
export function listRoutes<Q>(app: App, spec: ListRoutes<Q>): void {
  const security = [{ bearerAuth: [] }];
  app.get(
    spec.query.path,
    {
      preValidation: guard(spec.query.access),
      schema: {
        tags: spec.tags,
        security,
        summary: spec.query.summary,
        querystring: pageQuery.extend(spec.filters.shape),
        response: { 200: pageBody(spec.row), ...errorResponses },
      },
    },
    (request) => spec.list(scopeOfRequest(request), request.query as Q, request),
  );
  const search = spec.search;
  if (!search) return;
  app.post(
    search.path,
    {
      preValidation: guard(search.access),
      schema: {
        tags: spec.tags,
        security,
        summary: search.summary,
        querystring: pageQuery,
        body: search.body ?? spec.filters,
        response: { 200: pageBody(spec.row).extend({ message: z.string() }), ...errorResponses },
      },
    },
    async (request) => ({
      ...(await spec.list(
        scopeOfRequest(request),
        { ...(request.query as object), ...(request.body as object) } as Q,
        request,
      )),
      message: search.message,
    }),
  );
}

/**
 * PUT …/regenerarpdf/:id: queues again the PDF of a document whose render failed after its retries
 * (pdfEstado FALLIDA); answers `{ id, [numberKey]: label, pdfEstado: 'PENDIENTE' }`.
 */
export function retryRenderRoute(
  app: App,
  spec: RouteHead & {
    tipoDoc: TipoDoc;
    /** The answer's key for the document's number ('nroFactura', 'nroNota'). */
    numberKey: string;
    message(label: string): string;
  },
): void {
  app.put(
    spec.path,
    {
      preValidation: guard(spec.access),
      schema: {
        tags: spec.tags,
        security: [{ bearerAuth: [] }],
        summary: spec.summary,
        params: idParam,
        response: {
          200: resultBody(
            z.object({ id: z.string(), [spec.numberKey]: z.string(), pdfEstado: z.literal('PENDIENTE') }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { id, label } = await retryFailedRender(
        app.deps,
        scopeOfRequest(request),
        spec.tipoDoc,
        (request.params as { id: string }).id,
        auditContextOf(request),
      );
      return {
        code: 200,
        message: spec.message(label),
        result: { id, [spec.numberKey]: label, pdfEstado: 'PENDIENTE' as const },
      };
    },
  );
}
