import { DOCUMENT_FAMILIES } from '@sigece/fiscal';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Deps } from '../../deps.ts';
import { IDEMPOTENCY_DOC } from './idempotency.ts';
import { DEFAULT_RATE_LIMIT, rateLimiterOf, rateLimitHook } from './rate-limit.ts';
import { requestLogOf } from './request-log.ts';

/** The OpenAPI tag of the integration routes: the rate limit and the request log apply to exactly those. */
export const INTEGRATION_TAG = 'integración';

export const RATE_LIMIT_DOC = `Límite por clave de API o usuario (por defecto ${DEFAULT_RATE_LIMIT} solicitudes por minuto, configurable con INTEGRATION_RATE_LIMIT e INTEGRATION_RATE_WINDOW): cada respuesta trae RateLimit-Limit, RateLimit-Remaining y RateLimit-Reset (segundos); pasado el límite, 429 con Retry-After y un mensaje en español.`;

/**
 * The routes that take an Idempotency-Key: their docs say so. They are the families' bulk issue and
 * annulment (`integrationRoutes` in `@sigece/fiscal` documents/families.ts); no other route takes one.
 */
export const IDEMPOTENT_ROUTES: ReadonlySet<string> = new Set(
  Object.values(DOCUMENT_FAMILIES).flatMap(({ integrationRoutes }) => [
    integrationRoutes.issue,
    integrationRoutes.annul,
  ]),
);

const listOf = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer's bytes, kept for the request log's counts. */
    integrationAnswer?: unknown;
  }
  interface FastifyContextConfig {
    /** false: an integration route the request log leaves out (the log's own route). */
    requestLog?: boolean;
  }
}

/**
 * The rate limit and the request log on every integration route (tag 'integración'), registered before the
 * routes: the per-caller rate limit after the guard, the request log once the answer is sent; and their docs.
 */
export function installIntegrationHooks(api: FastifyInstance, deps: Deps): void {
  const limiter = rateLimiterOf(deps.db, deps.config);
  const log = requestLogOf(deps.db, (err) => api.log.warn({ err }, 'registro de solicitudes de integración'));
  api.addHook('onClose', () => log.flush());
  api.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { tags?: string[]; description?: string; headers?: unknown } | undefined;
    if (!schema?.tags?.includes(INTEGRATION_TAG) || route.method === 'HEAD') return;
    if (IDEMPOTENT_ROUTES.has(route.url) && !schema.description?.includes('Idempotency-Key'))
      schema.description = [schema.description, IDEMPOTENCY_DOC, RATE_LIMIT_DOC].filter(Boolean).join('\n\n');
    if (limiter) route.preHandler = [...listOf(route.preHandler), rateLimitHook(limiter)];
    if ((route.config as { requestLog?: boolean } | undefined)?.requestLog === false) return;
    route.onSend = [
      ...listOf(route.onSend),
      async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
        request.integrationAnswer = payload;
        return payload;
      },
    ];
    route.onResponse = [
      ...listOf(route.onResponse),
      async (request: FastifyRequest, reply: FastifyReply) =>
        log.record(request, reply, request.integrationAnswer),
    ];
  });
}
