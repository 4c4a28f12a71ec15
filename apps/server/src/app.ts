import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { Deps } from './deps.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installInputGuards } from './http/input-guard.ts';
import { serializeError } from './http/log-errors.ts';
import { installPortalReadOnly } from './http/portal.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import './families/registry.ts';
import './wiring.ts';
import { JOBS } from './jobs/registry.ts';
import { activityRoutes } from './modules/activity/routes.ts';
import { maskedRequestLog } from './modules/auth/log-mask.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createTokenSigner } from './modules/auth/tokens.ts';
import { clientRoutes } from './modules/catalog/clients.ts';
import { discountRoutes } from './modules/catalog/discounts.routes.ts';
import { productRoutes } from './modules/catalog/products.ts';
import { companyRoutes } from './modules/companies/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { installIntegrationHooks } from './modules/integration/hooks.ts';
import { apiKeyRoutes } from './modules/integration/keys.routes.ts';
import { withApiKeys } from './modules/integration/keys.ts';
import { integratorRoutes } from './modules/integration/routes-integrators.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { queueAnnulledRendersAfterAnnulments } from './modules/issuance/annulment/annulment-render.ts';
import { rendersHereSettled } from './modules/issuance/render/render.ts';
import { deliveryRoutes } from './modules/issuance/routes/mail-routes.ts';
import { startJobQueue } from './modules/jobs/queue.ts';
import { lookupRoutes } from './modules/lookup/routes.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { massLoadRoutes } from './modules/mass-load/routes.ts';
import { noteRoutes } from './modules/notes/routes.ts';
import { assignmentRegisterRoutes } from './modules/numbering/register.routes.ts';
import { numberingRoutes } from './modules/numbering/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { auditPortalReads } from './modules/portal/audit.ts';
import { portalRoutes } from './modules/portal/routes.ts';
import { purchaseRoutes } from './modules/purchases/routes.ts';
import { receivedWithholdingRoutes } from './modules/received-withholdings/routes.ts';
import { currencyRoutes } from './modules/reference/currencies.routes.ts';
import { referenceRoutes } from './modules/reference/routes.ts';
import { taxRoutes } from './modules/reference/taxes.ts';
import { scheduleMonthlyReportDuty } from './modules/reports/assigned-numbers/lifecycle.ts';
import { assignedNumbersRoutes } from './modules/reports/assigned-numbers/routes.ts';
import { operationsChartRoutes } from './modules/reports/charts/routes.ts';
import { igtfReportRoutes } from './modules/reports/igtf/routes.ts';
import { purchaseBookRoutes } from './modules/reports/purchase-book/routes.ts';
import { salesBookRoutes } from './modules/reports/sales-book/routes.ts';
import { seniatLogsReportRoutes } from './modules/reports/seniat/plugin.ts';
import { tokenAuthenticator } from './modules/security/authenticate.ts';
import { securityRoutes } from './modules/security/routes.ts';
import { annulmentPublicRoutes } from './modules/verification/annulment.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { withholdingRoutes } from './modules/withholdings/routes.ts';
import { createSecretBox } from './secrets.ts';
import { startupWarnings } from './startup-warnings.ts';

export interface BuildOptions {
  config: AppConfig;
  database: Database;
  mailer?: Mailer;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
  /** How often idle workers look for jobs (tests use the minimum). */
  jobPollingSeconds?: number;
  /** The job retry delay of queues that set none (tests of a failure that heals; production keeps 5 s). */
  jobRetryDelaySeconds?: number;
}

/** A hop count as the function Fastify applies to one (its typings take no number). */
function trustedProxies(setting: AppConfig['trustProxy']) {
  if (typeof setting !== 'number') return setting ?? false;
  return (_address: string, hop: number) => hop < setting;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: maskedRequestLog, err: serializeError },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 12 * 1024 * 1024,
    // X-Forwarded-For names the client only behind a proxy the operator declared (TRUST_PROXY).
    trustProxy: trustedProxies(config.trustProxy),
  });
  installInputGuards(app);
  // The tax authority's users write nothing: refused here, before any route runs.
  installPortalReadOnly(app);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.addHook('onReady', async () => {
    for (const warning of startupWarnings(config)) app.log.warn(warning);
  });

  const signer = createTokenSigner(config.jwtSecret);
  const deps: Deps = {
    config,
    database,
    db: database.db,
    signer,
    mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
    secrets: createSecretBox(config.secretsKey),
    jobs: config.jobs
      ? await startJobQueue(database, JOBS, {
          pollingIntervalSeconds: options.jobPollingSeconds,
          defaultRetryDelaySeconds: options.jobRetryDelaySeconds,
        })
      : null,
    // API keys beside login tokens.
    authenticate: withApiKeys(tokenAuthenticator(signer, database.db), database.db),
  };
  app.decorate('deps', deps);
  if (deps.jobs) {
    const jobs = deps.jobs;
    if (config.jobWorkers !== false)
      for (const job of JOBS) await jobs.work(job, (data) => job.handler(deps, data));
    // The monthly SENIAT report's daily duty, sent by the processes that work jobs.
    const stopDuty =
      config.jobWorkers !== false && config.seniatMonthlyDuty ? scheduleMonthlyReportDuty(deps) : undefined;
    app.addHook('onClose', async () => {
      stopDuty?.();
      // The PDFs being rendered at once are stored (or queued) before the queue and the database close.
      await rendersHereSettled(deps);
      return jobs.stop();
    });
  }

  await installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        // MUI injects its styles at run time; the docs page ships inline styles too.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'frame-src': ["'self'", 'blob:', 'data:'],
        'object-src': ["'self'", 'blob:', 'data:'],
      },
    },
  });
  // Closed unless CORS_ORIGIN names the origins (comma separated) allowed to call the API.
  if (config.corsOrigin) {
    await app.register(cors, {
      origin: config.corsOrigin.split(',').map((o) => o.trim()),
      credentials: true,
    });
  }

  // Files are checked against each route's own limit (certificates 200000 bytes, PDFs 10000000).
  await app.register(multipart, { limits: { fileSize: 10_000_000, files: 2, fields: 20, parts: 22 } });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'sigece API',
        description: 'Sistema de Gestión de Comprobantes Electrónicos',
        version: '2.0.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT o clave de API (sgc_live_… / sgc_test_…)',
            description:
              'El token de acceso de POST /v2/auth/login, o una clave de API (POST /v2/integracion/claves) en las rutas de integración.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(
    async (api) => {
      // Every API answer (PDFs, JSON downloads, reports, user lists, errors) carries tenant data or
      // tokens: no browser or proxy cache keeps it. A route may say otherwise (the public logo).
      api.addHook('onRequest', (_request, reply, done) => {
        reply.header('cache-control', 'no-store');
        done();
      });
      queueAnnulledRendersAfterAnnulments(api);
      auditPortalReads(api);
      // Rate limit and request log of the integration routes: before any route.
      installIntegrationHooks(api, deps);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(securityRoutes);
      await api.register(companyRoutes);
      await api.register(referenceRoutes);
      await api.register(discountRoutes);
      await api.register(currencyRoutes);
      await api.register(taxRoutes);
      await api.register(productRoutes);
      await api.register(clientRoutes);
      await api.register(numberingRoutes);
      await api.register(invoiceRoutes);
      await api.register(noteRoutes);
      await api.register(withholdingRoutes);
      await api.register(receivedWithholdingRoutes);
      await api.register(purchaseRoutes);
      await api.register(orderRoutes);
      await api.register(verificationRoutes);
      await api.register(annulmentPublicRoutes);
      await api.register(activityRoutes);
      await api.register(salesBookRoutes, { prefix: '/mantenimiento/reportes' });
      await api.register(purchaseBookRoutes, { prefix: '/mantenimiento/reportes' });
      await api.register(igtfReportRoutes, { prefix: '/reportes' });
      await api.register(operationsChartRoutes);
      await api.register(seniatLogsReportRoutes);
      await api.register(assignedNumbersRoutes);
      await api.register(assignmentRegisterRoutes);
      await api.register(massLoadRoutes);
      await api.register(deliveryRoutes);
      await api.register(dashboardRoutes);
      await api.register(portalRoutes);
      await api.register(webhookRoutes);
      await api.register(apiKeyRoutes);
      await api.register(lookupRoutes);
      await api.register(integratorRoutes);
    },
    { prefix: '/v2' },
  );

  serveWebApp(app, config.webDist);
  return app;
}

/** The built React app at /, with every unknown non-API path answered by index.html (client routing). */
function serveWebApp(app: FastifyInstance, webDist: string | undefined): void {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    const assets = resolve(webDist, 'assets') + sep;
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Vite names every file under assets/ by its content hash, so the browser may keep them for good:
      // a full page load then asks the server only for index.html, the API and the chunks it has never
      // seen, instead of revalidating each of the ~40 chunks of a screen one request at a time (which
      // left a direct load of a screen on 'Cargando...' for long on a busy server). The rest is revalidated.
      cacheControl: false,
      // The build writes brotli and gzip copies beside each text file (apps/web/vite-precompress.ts): the
      // one the browser accepts is sent as is, with its Content-Encoding; a cache must key on the header.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.setHeader(
          'Cache-Control',
          resolve(path).startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // A chunk that is not there (a tab opened before a new build) is a 404, not index.html as a script.
    const asset = path.startsWith('/assets/');
    if (!hasWeb || asset || path.startsWith('/v2/') || path === '/v2' || request.method !== 'GET') {
      return reply.code(404).send({ code: 404, message: 'Recurso no encontrado' });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
