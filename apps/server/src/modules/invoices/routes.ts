import {
  annulReasonBody,
  canAccessPath,
  collectionSchema,
  collectionsAnswerSchema,
  INVOICE_MODEL_SCREENS,
  INVOICE_SCREENS,
  idParam,
  invoiceAnnulAnswerSchema,
  invoiceDetailAnswerSchema,
  invoiceFiltersSchema,
  invoiceIngestAnswerSchema,
  invoiceListRowSchema,
  invoicePublicAnswerSchema,
  type PageQuery,
  screen,
  z,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../http/errors.ts';
import { guard, principalOf, scopeOfRequest } from '../../http/guard.ts';
import { INTEGRATION } from '../../http/integration-access.ts';
import { errorResponses, resultBody } from '../../http/responses.ts';
import { auditContextOf } from '../audit/service.ts';
import { bulkAnnulRoute } from '../issuance/routes/annul-route.ts';
import { issueFromRequest } from '../issuance/routes/intake-route.ts';
import {
  jsonRoute,
  listRoutes,
  pdfRoute,
  publicOrDetailRoute,
  retryRenderRoute,
} from '../issuance/routes/read-routes.ts';
import type { Principal } from '../security/principal.ts';
import { annulInvoicesByNumber } from './annul-by-number.ts';
import { invoiceCollections, recordCollection } from './collections.ts';
import { type IngestAnswer, invoiceFamily } from './family.ts';
import * as invoices from './service.ts';

const LIST = INVOICE_SCREENS.list;
/** One request's invoices share one transaction: a bound keeps it short. */
const MAX_INVOICES_PER_REQUEST = 1000;
const NEW = INVOICE_SCREENS.create;
const security = [{ bearerAuth: [] }];
const tags = ['facturas'];
/** The company screen's bulk processing (spec 000 §6: genMasivaFactura). */
const BULK = screen('/mantenimiento/Localidad').can('genMasivaFactura');
const invoicesBody = z
  .array(z.unknown(), { error: 'El cuerpo debe ser un arreglo de facturas' })
  .max(MAX_INVOICES_PER_REQUEST, `Máximo ${MAX_INVOICES_PER_REQUEST} facturas por solicitud`);

const AIR = INVOICE_MODEL_SCREENS.AEREA;
const LIQUOR = INVOICE_MODEL_SCREENS.LICORES;

/**
 * The models a user may list: every one with the general invoices' screen; otherwise only those of the
 * model screens the role grants (an /facturacion/aereas user sees air invoices, not the others).
 */
function listableModels(principal: Principal, requested: string | undefined): string[] | string | undefined {
  if (canAccessPath(principal, LIST.module)) return requested;
  const allowed = (Object.keys(INVOICE_MODEL_SCREENS) as Array<keyof typeof INVOICE_MODEL_SCREENS>).filter(
    (m) => canAccessPath(principal, INVOICE_MODEL_SCREENS[m].module),
  );
  if (requested && !allowed.includes(requested as (typeof allowed)[number])) throw forbidden();
  return requested ?? allowed;
}
/** Only non-empty filters count (spec 001 §5.6). */
const emptyToUndefined = (v: unknown) => {
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) {
    if (k === 'cliente' && val && typeof val === 'object') Object.assign(out, emptyToUndefined(val));
    else if (val !== '' && val !== null && val !== undefined) out[k] = val;
  }
  return out;
};

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    '/facturas/masivafacturacion',
    {
      config: { documentBatch: true, ...INTEGRATION.issueSandbox },
      preValidation: guard({ anyOf: [LIST.can('add'), { module: NEW.module }] }),
      schema: {
        tags: ['integración'],
        security,
        summary:
          'Recibe un arreglo de facturas (contrato de integración): cada una se juzga por separado; code 203 si alguna falló',
        body: z
          .array(z.unknown(), { error: 'El cuerpo debe ser un arreglo de facturas' })
          .max(MAX_INVOICES_PER_REQUEST, `Máximo ${MAX_INVOICES_PER_REQUEST} facturas por solicitud`),
        response: { 200: invoiceIngestAnswerSchema, ...errorResponses },
      },
    },
    (request, reply) =>
      issueFromRequest<IngestAnswer>(app.deps, invoiceFamily, request, { origin: 'API', reply }),
  );

  // Spec 000 §7, 001 §7.1: the list a company's workbook converts to (the mass load's factura type),
  // sent as JSON. Each invoice is judged on its own as in POST /masivafacturacion; the call itself
  // answers code 200 and the per-document results carry the refusals (DetalleErrorFacturas).
  app.post(
    '/facturas/masivafacturacionXls',
    {
      config: { documentBatch: true },
      preValidation: guard({ anyOf: [LIST.can('add'), BULK] }),
      schema: {
        tags: ['integración'],
        security,
        summary:
          'Procesamiento masivo de las facturas de una hoja de cálculo, ya convertidas a la lista del contrato de integración: code 200 con el resultado de cada factura',
        body: invoicesBody,
        response: { 200: invoiceIngestAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      ...(await issueFromRequest<IngestAnswer>(app.deps, invoiceFamily, request, { origin: 'WEB' })),
      code: 200 as const,
    }),
  );

  // Spec 001 §7.1: the annulments of a workbook (the mass load's anularFactura type), as JSON: each
  // invoice named by rif, nroFactura and serieNrofactura is annulled on its own; code 200.
  bulkAnnulRoute(app, db, {
    method: 'post',
    path: '/facturas/masivaAnularfacturacionXls',
    access: { anyOf: [LIST.can('cancel'), BULK] },
    tags: ['integración'],
    summary:
      'Anula las facturas de una hoja de cálculo (rif, nroFactura, serieNrofactura, codigoSucursal): code 200 con el resultado de cada factura',
    body: invoicesBody,
    answer: invoiceAnnulAnswerSchema,
    annul: async (tx, scope, body, audit) => ({
      ...(await annulInvoicesByNumber(tx, scope, body, audit)),
      code: 200 as const,
    }),
  });

  listRoutes(app, {
    tags,
    filters: invoiceFiltersSchema,
    row: invoiceListRowSchema,
    query: {
      path: '/facturas/queryfacturacion',
      access: { anyOf: [{ module: LIST.module }, { module: AIR.module }, { module: LIQUOR.module }] },
      summary: 'Lista paginada de facturas (más recientes primero), con búsqueda y filtros',
    },
    search: {
      path: '/facturas/FiltrarFacturas',
      access: { anyOf: [LIST.can('search'), AIR.can('search'), LIQUOR.can('search')] },
      summary: 'Filtra facturas por razón social, sucursal, número, fechas y cliente',
      message: 'Busqueda Encontrada',
      body: z.preprocess(emptyToUndefined, invoiceFiltersSchema),
    },
    list: (scope, query: PageQuery & z.infer<typeof invoiceFiltersSchema>, request) =>
      invoices.listInvoices(db, scope, {
        ...query,
        modeloFactura: listableModels(principalOf(request), query.modeloFactura),
      }),
  });

  publicOrDetailRoute(app, db, {
    path: '/facturas/getfacturacion/:id',
    tags: ['facturas', 'verificación pública'],
    summary: 'Detalle de una factura; sin token, solo los datos públicos de verificación',
    module: LIST.module,
    permission: 'view',
    visible: invoices.visibleInvoice,
    detail: invoices.invoiceDetail,
    publicAnswer: invoices.publicInvoice,
    response: z.union([invoiceDetailAnswerSchema, invoicePublicAnswerSchema]),
  });

  app.get(
    '/facturas/queryFacturasCodificada/:id',
    {
      preValidation: guard(LIST.can('print')),
      schema: {
        tags,
        security,
        summary: 'El PDF firmado de una factura, en base64',
        params: idParam,
        response: {
          200: z.object({
            code: z.number(),
            message: z.string(),
            resultado: z.object({ facturaCodificada: z.string() }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { pdf } = await invoices.invoicePdf(db, scopeOfRequest(request), request.params.id);
      return {
        code: 200,
        message: 'factura codificada encontrada con exito',
        resultado: { facturaCodificada: pdf.toString('base64') },
      };
    },
  );

  pdfRoute(app, {
    path: '/facturas/pdf/:id',
    access: LIST.can('print'),
    tags,
    summary: 'El PDF firmado de una factura (bytes exactos)',
    pdf: (scope, id) => invoices.invoicePdf(db, scope, id),
  });

  jsonRoute(app, {
    path: '/facturas/json/:id',
    access: { anyOf: [LIST.can('consultaseniat'), LIST.can('view')] },
    tags,
    summary:
      'La factura en JSON (Factura_{numero}_{marca de tiempo}.json), sin el PDF codificado ni datos del certificado',
    detail: async (scope, id) =>
      invoices.invoiceDetail(db, (await invoices.visibleInvoice(db, scope, id)).id),
    name: (detail) =>
      `Factura_${detail.serieNrofactura ? `${detail.serieNrofactura}-` : ''}${detail.nroFactura}`,
  });

  app.put(
    '/facturas/anularfactura/:id',
    {
      preValidation: guard(LIST.can('cancel')),
      schema: {
        tags,
        security,
        summary: 'Anula una factura generada; el cuerpo puede traer motivoAnulacion (se guarda y se audita)',
        params: idParam,
        body: annulReasonBody,
        response: {
          200: resultBody(
            z.object({ id: z.string(), logEstatusRegistro: z.string(), nroFactura: z.string() }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { message, result } = await invoices.annulInvoice(
        db,
        scopeOfRequest(request),
        request.params.id,
        auditContextOf(request),
        request.body.motivoAnulacion,
      );
      return { code: 200, message, result };
    },
  );

  // Payments received later against a credit invoice.
  app.get(
    '/facturas/cobros/:id',
    {
      preValidation: guard(LIST.can('view')),
      schema: {
        tags,
        security,
        summary: 'Pagos recibidos de una factura a crédito, su saldo y su estado de pago',
        params: idParam,
        response: { 200: collectionsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Consulta exitosa',
      result: await invoiceCollections(db, scopeOfRequest(request), request.params.id),
    }),
  );

  app.post(
    '/facturas/cobros/:id',
    {
      preValidation: guard(LIST.can('add')),
      schema: {
        tags,
        security,
        summary: 'Registra un pago recibido de una factura a crédito (hasta su saldo pendiente)',
        params: idParam,
        body: collectionSchema,
        response: { 200: collectionsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { message, result } = await recordCollection(
        db,
        scopeOfRequest(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      );
      return { code: 200, message, result };
    },
  );

  app.put(
    '/facturas/deletefactura/:id',
    {
      preValidation: guard(LIST.can('cancel')),
      schema: {
        tags,
        security,
        summary: 'Quita de las listas una factura anulada (el registro fiscal se conserva)',
        params: idParam,
        response: {
          200: resultBody(z.object({ id: z.string(), nroFactura: z.string() })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { message, result } = await invoices.deleteInvoice(
        db,
        scopeOfRequest(request),
        request.params.id,
        auditContextOf(request),
      );
      return { code: 200, message, result };
    },
  );

  retryRenderRoute(app, {
    path: '/facturas/regenerarpdf/:id',
    access: LIST.can('cancel'),
    tags,
    summary:
      'Vuelve a encolar el PDF de una factura cuyo PDF quedó fallido tras los reintentos (pdfEstado FALLIDA)',
    tipoDoc: 'fact',
    numberKey: 'nroFactura',
    message: (label) => `PDF de la Factura N°: ${label} en cola`,
  });
};
