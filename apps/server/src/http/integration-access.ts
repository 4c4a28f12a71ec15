import { API_KEY_MESSAGES, type ApiKeyAction } from '@sigece/fiscal';
import type { FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';
import type { Principal } from './principal.ts';

/**
 * Which routes an API key may call: only those of the integration contract, each
 * declaring the key action it needs in its config. Every other route (the back-office screens') refuses a
 * key with 403 whatever it is allowed, so a leaked key reaches no user list, no company, no setting.
 */
export interface IntegrationRoute {
  /** The key action the route needs ('emitir', 'anular', 'consultar'). */
  action: ApiKeyAction;
  /**
   * A sandbox (test) key may call it: the route keeps its documents out of the real numbering (the
   * intakes of invoices, notes, orders and withholdings) or only reads.
   */
  sandbox?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An integration-contract route an API key may call (http/integration-access.ts). */
    integration?: IntegrationRoute;
  }
}

/** For the guard: throws the 403 that says why a key may not call this route; returns when it may. */
export function assertApiKeyReaches(request: FastifyRequest, principal: Principal): void {
  const key = principal.apiKey;
  if (!key) return;
  const route = request.routeOptions.config?.integration;
  if (!route) throw forbidden(API_KEY_MESSAGES.backOffice);
  if (!key.acciones.includes(route.action)) throw forbidden(API_KEY_MESSAGES.action(route.action));
  if (key.test && !route.sandbox) throw forbidden(API_KEY_MESSAGES.testKey);
}

/**
 * Whether the request's documents go to the sandbox: sent with a test key. The intake
 * routes of every family pass it to the kernel (`issueDocuments`' `sandbox`).
 */
export const sentWithTestKey = (request: Pick<FastifyRequest, 'principal'>): boolean =>
  request.principal?.apiKey?.test === true;

/** The integration routes' configs, spelled once. */
export const INTEGRATION = {
  issue: { integration: { action: 'emitir' } },
  issueSandbox: { integration: { action: 'emitir', sandbox: true } },
  annul: { integration: { action: 'anular' } },
  read: { integration: { action: 'consultar', sandbox: true } },
} as const satisfies Record<string, { integration: IntegrationRoute }>;
