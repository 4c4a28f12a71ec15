// A NUL byte or a lone surrogate anywhere in a request, and JSON nested thousands
// of levels deep, answer a Spanish 400 on every route instead of a 500 (or, for surrogates, garbage stored).
import { expect, it } from 'vitest';
import {
  documentBatchRoutes,
  MAX_JSON_DEPTH,
  TOO_DEEP_MESSAGE,
  UNSAFE_TEXT_MESSAGE,
} from '../src/http/input-guard.ts';
import { countRows, describeWithApp, type TestApp } from './harness.ts';
import { INGEST, invoice } from './support/invoices.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

interface Operation {
  requestBody?: { content?: Record<string, unknown> };
  parameters?: Array<{ in: string; name: string; schema?: { type?: string } }>;
}

interface Route {
  method: string;
  url: string;
  hasBody: boolean;
  hasQuery: boolean;
  /** Declared `config.documentBatch`: its body is an array of documents, each judged alone. */
  documentBatch: boolean;
}

/**
 * Every route the API documents (OpenAPI from the route schemas), path parameters filled with an id of
 * the parameter's type (uuids for most records, a number where the record has a serial id).
 */
function routesOf(ctx: () => TestApp): Route[] {
  const spec = (
    ctx().app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }
  ).swagger();
  const batches = documentBatchRoutes(ctx().app);
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const json = operation.requestBody?.content?.['application/json'];
      const fastifyPath = path.replace(/\{([^}]+)\}/g, ':$1');
      routes.push({
        method: method.toUpperCase(),
        url: path.replace(/\{([^}]+)\}/g, (_, name: string) => {
          const param = (operation.parameters ?? []).find((p) => p.in === 'path' && p.name === name);
          const numeric = param?.schema?.type === 'integer' || param?.schema?.type === 'number';
          return numeric ? '1' : SOME_ID;
        }),
        hasBody: json !== undefined,
        hasQuery: (operation.parameters ?? []).some((p) => p.in === 'query'),
        documentBatch: batches.has(`${method.toUpperCase()} ${fastifyPath}`),
      });
    }
  }
  return routes;
}

describeWithApp('unsafe text and deep JSON', (ctx) => {
  it('every write route answers a NUL byte or a lone surrogate in its body with the same Spanish 400', async () => {
    const token = await ctx().adminToken();
    const writes = routesOf(ctx).filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(70);
    // The guard's own set, read from the routes' config: every family's batch is in it.
    expect(writes.filter((r) => r.documentBatch).length).toBeGreaterThanOrEqual(6);
    const failures: string[] = [];
    for (const route of writes) {
      for (const bad of ['ab\u0000c', 'ab\ud800c', 'ab\udc00c']) {
        const res = await ctx().request({
          method: route.method as 'POST',
          url: `${route.url}?search=${encodeURIComponent('a\u0000b')}`,
          token,
          payload: { nombre: bad, descripcion: bad, email: bad, password: bad, otro: { [`k${bad}`]: 1 } },
        });
        const label = `${route.method} ${route.url} ${JSON.stringify(bad)} → ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (res.statusCode >= 500) failures.push(label);
        // Document batches judge each document on its own (issue-kernel tests): not an array here.
        else if (route.documentBatch) {
          if (res.statusCode !== 400) failures.push(label);
        } else if (route.hasBody && (res.statusCode !== 400 || res.json().message !== UNSAFE_TEXT_MESSAGE))
          failures.push(label);
      }
    }
    expect(failures).toEqual([]);
  });

  it('every search and list answers a NUL byte in its query with a 400, not a 500', async () => {
    const token = await ctx().adminToken();
    const lists = routesOf(ctx).filter((r) => r.method === 'GET' && r.hasQuery);
    expect(lists.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of lists) {
      for (const param of ['search', 'q', 'iso', 'nombre']) {
        const res = await ctx().request({ method: 'GET', url: `${route.url}?${param}=a%00b`, token });
        if (res.statusCode >= 500) failures.push(`${route.url} ${param} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    const res = await ctx().request({
      method: 'GET',
      url: '/v2/mantenimiento/pais/listar?search=a%00b',
      token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it('a valid body with a NUL in one field is refused and stores nothing; login too', async () => {
    const token = await ctx().adminToken();
    const before = await countRows(ctx().database, 'paises');
    for (const nombre of ['Atlántida\u0000', 'Atlántida\ud800']) {
      const res = await ctx().request({
        method: 'POST',
        url: '/v2/mantenimiento/pais/crear',
        token,
        payload: { nombre },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: UNSAFE_TEXT_MESSAGE, errors: [{ path: 'nombre' }] });
    }
    expect(await countRows(ctx().database, 'paises')).toBe(before);
    const login = await ctx().request({
      method: 'POST',
      url: '/v2/auth/login',
      payload: { email: 'admin\u0000@sigece.local', password: 'x\u0000yyyyyyy' },
    });
    expect(login.statusCode, login.body).toBe(400);
    expect(login.json().message).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it('checks the token before the text: no token answers 401', async () => {
    const res = await ctx().request({
      method: 'POST',
      url: '/v2/mantenimiento/pais/crear',
      payload: { nombre: 'a\u0000' },
    });
    expect(res.statusCode).toBe(401);
  });

  it(`JSON nested deeper than ${MAX_JSON_DEPTH} levels answers 400 on any route; in a document batch it is that document's error`, async () => {
    const token = await ctx().adminToken();
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    for (const nested of [deep, deepObject]) {
      const res = await ctx().request({
        method: 'POST',
        url: '/v2/mantenimiento/pais/crear',
        token,
        headers: { 'content-type': 'application/json' },
        payload: `{"nombre":"Profundia","extra":${nested}}`,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(TOO_DEEP_MESSAGE);
    }
    const body = JSON.stringify([invoice()]).replace(/}\]$/, `,"extra":${deepObject}}]`);
    const ingest = await ctx().request({
      method: 'POST',
      url: INGEST,
      token,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    // A batch judges each document alone: the deep one fails, the request does not.
    expect(ingest.statusCode, ingest.body).toBe(200);
    expect(ingest.json()).toMatchObject({ code: 203, totalFacturasNew: 0, totalFacturaconError: 1 });
    expect(ingest.json().DetalleErrorFacturas[0][0].Msg).toBe(
      'El campo extra excede la profundidad máxima de 8 niveles',
    );
    // Brackets inside strings do not count as nesting.
    const text = await ctx().request({
      method: 'POST',
      url: '/v2/mantenimiento/pais/crear',
      token,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ nombre: 'Corchetia', iso: `[[[[${'{'.repeat(100)}\\"` }),
    });
    expect(text.statusCode).not.toBe(500);
    expect(text.json().message).not.toBe(TOO_DEEP_MESSAGE);
  });
});
