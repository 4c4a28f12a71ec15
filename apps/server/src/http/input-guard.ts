import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { badRequest } from './errors.ts';

/**
 * Text PostgreSQL cannot store (a NUL byte) or that is not Unicode (a lone UTF-16 surrogate, which JSON
 * allows as "\ud800"): refused once, here, for every body, query string and path parameter, instead of
 * failing as a 500 deep in the database driver.
 */
export const UNSAFE_TEXT_MESSAGE = 'El texto contiene caracteres no permitidos';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body is an array of fiscal documents judged one by one (contract: one bad document never
     * sinks the others): unsafe text and deep nesting in a document are that document's error, checked
     * by the issuance kernel, not the whole request's.
     */
    documentBatch?: boolean;
  }
}

/** JSON nested deeper than this is refused before parsing: no request carries more than a few levels. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = 'El cuerpo de la solicitud tiene demasiados niveles de anidamiento';

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unsafeText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * The dotted path of the first unsafe string (value or key) in `value`, or null. Iterative, so a deep
 * value cannot overflow the stack; beyond `maxDepth` the value itself counts as unsafe.
 */
export function findUnsafeText(value: unknown, maxDepth = MAX_JSON_DEPTH): string | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (unsafeText(item.value)) return item.path;
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= maxDepth) return item.path;
    for (const [key, child] of Object.entries(item.value)) {
      const path = item.path ? `${item.path}.${key}` : key;
      if (unsafeText(key)) return path;
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

/** Refuses a request part holding unsafe text with the same 400 as any other bad field. */
export function assertSafeText(value: unknown): void {
  const path = findUnsafeText(value);
  if (path !== null) throw badRequest(UNSAFE_TEXT_MESSAGE, [{ path, message: UNSAFE_TEXT_MESSAGE }]);
}

/**
 * The zod validator of every route, preceded by the unsafe-text check. Validation runs after the
 * preValidation guards, so a request without a token still answers 401 before its body is judged.
 */
function guardedValidatorCompiler(batchRoutes: Set<string>): FastifySchemaCompiler<unknown> {
  return (route) => {
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    if (route.httpPart === 'body' && batchRoutes.has(`${route.method} ${route.url}`)) return validate;
    return (data: unknown) => {
      const path = findUnsafeText(data);
      if (path !== null) {
        return { error: badRequest(UNSAFE_TEXT_MESSAGE, [{ path, message: UNSAFE_TEXT_MESSAGE }]) };
      }
      return validate(data);
    };
  };
}

/** How deep the arrays and objects of a JSON text nest, counted without parsing it (linear, no recursion). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}

const batchRoutesByApp = new WeakMap<FastifyInstance, ReadonlySet<string>>();

/**
 * The routes declared `config.documentBatch` on an app, as `METHOD /url` with Fastify's `:param`
 * placeholders: the set the guard itself consults (the input tests read it rather than a list of names).
 */
export function documentBatchRoutes(app: FastifyInstance): ReadonlySet<string> {
  return batchRoutesByApp.get(app) ?? new Set();
}

/**
 * Installs the unsafe-text check in the validator and a JSON parser that refuses bodies nested deeper
 * than MAX_JSON_DEPTH before anything walks them (zod, pino, JSON columns, the PDF renderer).
 */
export function installInputGuards(app: FastifyInstance): void {
  const batchRoutes = new Set<string>();
  batchRoutesByApp.set(app, batchRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.config?.documentBatch) return;
    for (const method of [route.method].flat()) batchRoutes.add(`${method} ${route.url}`);
  });
  app.setValidatorCompiler(guardedValidatorCompiler(batchRoutes));
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // JSON.parse itself does not recurse; what walks a batch's documents afterwards is bounded per document.
    if (!request.routeOptions.config?.documentBatch && jsonDepthExceeds(body as string, MAX_JSON_DEPTH))
      return done(badRequest(TOO_DEEP_MESSAGE), undefined);
    return parseJson(request, body as string, done);
  });
}
