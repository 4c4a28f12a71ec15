import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** What the response's own content decides, never helmet. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * helmet's security headers on every response, computed once. @fastify/helmet builds helmet's whole
 * middleware chain again on every request (parsing the CSP directives each time), a few per cent of an
 * API request's CPU; these options have no per-request part (no CSP nonces), so the headers it would
 * write are taken from one request through the plugin itself at start-up and then set as they are.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: FastifyHelmetOptions & { enableCSPNonces?: false },
): Promise<void> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => 'ok');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers = Object.entries(response.headers)
    .filter(([name]) => !OWN_HEADERS.has(name.toLowerCase()))
    .map(([name, value]) => [name, String(value)] as const);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
