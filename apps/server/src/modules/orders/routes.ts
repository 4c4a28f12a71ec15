import {
  idParam,
  orderAnnulAnswerSchema,
  orderDetailSchema,
  orderExcelAnswerSchema,
  orderFiltersSchema,
  orderIngestAnswerSchema,
  orderListRowSchema,
  orderReportAnswerSchema,
  orderReportQuerySchema,
  screen,
  z,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../http/errors.ts';
import { guard, scopeOfRequest } from '../../http/guard.ts';
import { INTEGRATION } from '../../http/integration-access.ts';
import { errorResponses, resultBody } from '../../http/responses.ts';
import { annulledPdf } from '../issuance/annulment/annulment-record.ts';
import { renderDocument } from '../issuance/render/render.ts';
import { bulkAnnulRoute } from '../issuance/routes/annul-route.ts';
import { issueFromRequest } from '../issuance/routes/intake-route.ts';
import { listRoutes, pdfRoute, publicOrDetailRoute } from '../issuance/routes/read-routes.ts';
import { annulOrders, MAX_ORDERS_PER_REQUEST } from './annul.ts';
import { orderFamily } from './family.ts';
import { listOrders, orderDetail, publicOrder, visibleOrder } from './queries.ts';
import { orderReport, orderReportExcel } from './report.ts';

/** The orders screen (spec 001 §6: search, add, print, delete — Anular is tied to delete). */
const LIST = screen('/facturacion/OrdenesGuias');
const NEW = screen('/facturacion/OrdenesGuias/CrearOrdenesGuias');
/** The company screen's bulk processing (file types ordenEntrega and anularOrden). */
const BULK = screen('/mantenimiento/Localidad').can('genMasivaFactura');
const REPORT = screen('/reportes/ReporteOrdenes');
const BASE = '/ordenes';
const security = [{ bearerAuth: [] }];
const tags = ['ordenes'];

const arrayBody = (what: string) =>
  z
    .array(z.unknown(), { error: `El cuerpo debe ser un arreglo de ${what}` })
    .max(MAX_ORDERS_PER_REQUEST, `Máximo ${MAX_ORDERS_PER_REQUEST} ${what} por solicitud`);

const INCLUIR_MONTOS_DOC =
  'IncluirMontos: con montos, las líneas, totales e impuestos se validan (±0,01) y se guardan como los de una factura y se imprimen; sin montos, de cada línea solo se guardan e imprimen código, descripción, cantidad y unidad (los montos enviados se ignoran).';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    `${BASE}/masivaordenes`,
    {
      config: { documentBatch: true, ...INTEGRATION.issueSandbox },
      preValidation: guard({ anyOf: [LIST.can('add'), { module: NEW.module }, BULK] }),
      schema: {
        tags: ['integración'],
        security,
        summary:
          'Recibe un arreglo de órdenes de entrega y guías de despacho: cada una se juzga por separado; code 203 si alguna falló',
        description: INCLUIR_MONTOS_DOC,
        body: arrayBody('órdenes'),
        response: { 200: orderIngestAnswerSchema, ...errorResponses },
      },
    },
    (request, reply) =>
      issueFromRequest<z.infer<typeof orderIngestAnswerSchema>>(app.deps, orderFamily, request, {
        origin: 'API',
        reply,
      }),
  );

  bulkAnnulRoute(app, db, {
    method: 'put',
    path: `${BASE}/anular`,
    access: { anyOf: [LIST.can('delete'), BULK] },
    tags: ['integración'],
    summary:
      'Anula órdenes/guías por razón social, sucursal y número: code 200, o 203 con los errores de cada una',
    body: arrayBody('órdenes'),
    answer: orderAnnulAnswerSchema,
    annul: annulOrders,
  });

  listRoutes(app, {
    tags,
    filters: orderFiltersSchema,
    row: orderListRowSchema,
    query: {
      path: `${BASE}/queryordenes`,
      access: { module: LIST.module },
      summary:
        'Lista paginada de órdenes/guías (page desde 1, por id ascendente salvo sort/order), con búsqueda y filtros',
    },
    list: (scope, query: Parameters<typeof listOrders>[2]) => listOrders(db, scope, query),
  });

  /** The stored PDF, rendered now when the job has not yet done it (the number is already assigned). */
  async function pdfOf(scope: ReturnType<typeof scopeOfRequest>, id: string) {
    const row = await visibleOrder(db, scope, id);
    // Once annulled, the PDF marked 'ANULADA' (when rendered); the original's bytes stay stored.
    const annulled = row.pdf && (await annulledPdf(db, 'orden', id));
    if (row.pdf) return { pdf: annulled || row.pdf, nroOrden: row.nroOrden };
    if (!row.nroControl) throw badRequest('La Orden/Guia aún no tiene número de control');
    await renderDocument(app.deps, 'orden', id);
    const after = await visibleOrder(db, scope, id);
    if (!after.pdf) throw badRequest('El PDF de la Orden/Guia aún no está generado');
    return { pdf: after.pdf, nroOrden: after.nroOrden };
  }

  app.get(
    `${BASE}/ordencodificada/:id`,
    {
      preValidation: guard(LIST.can('print')),
      schema: {
        tags,
        security,
        summary: 'El PDF firmado de una orden/guía, en base64 (facturaCodificada)',
        params: idParam,
        response: {
          200: z.object({ code: z.number(), message: z.string(), facturaCodificada: z.string() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { pdf } = await pdfOf(scopeOfRequest(request), request.params.id);
      return {
        code: 200,
        message: 'Orden codificada encontrada con exito',
        facturaCodificada: pdf.toString('base64'),
      };
    },
  );

  pdfRoute(app, {
    path: `${BASE}/pdf/:id`,
    access: LIST.can('print'),
    tags,
    summary: 'El PDF firmado de una orden/guía (bytes exactos)',
    pdf: async (scope, id) => {
      const { pdf, nroOrden } = await pdfOf(scope, id);
      return { pdf, nombre: `${orderFamily.fileName(nroOrden.replace(/[^\w.-]/g, '_'))}.pdf` };
    },
  });

  publicOrDetailRoute(app, db, {
    path: `${BASE}/getOrdenId/:id`,
    tags: ['ordenes', 'verificación pública'],
    summary: 'Detalle de una orden/guía; sin token, solo los datos públicos de verificación',
    module: LIST.module,
    permission: 'search',
    visible: visibleOrder,
    detail: orderDetail,
    publicAnswer: publicOrder,
  });

  app.get(
    `${BASE}/detalle/:id`,
    {
      preValidation: guard({
        anyOf: [{ module: LIST.module }, { module: '/facturacion/generales/facturaGeneral' }],
      }),
      schema: {
        tags,
        security,
        summary: "La orden/guía completa (líneas, cliente, totales): la lee 'Facturar'",
        params: idParam,
        response: { 200: resultBody(orderDetailSchema), ...errorResponses },
      },
    },
    async (request) => {
      const row = await visibleOrder(db, scopeOfRequest(request), request.params.id);
      return { code: 200, message: 'Consulta exitosa', result: await orderDetail(db, row.id) };
    },
  );

  app.get(
    '/mantenimiento/reportes/getlibroOrdenes',
    {
      preValidation: guard({ module: REPORT.module }),
      schema: {
        tags: ['reportes'],
        security,
        summary:
          'Reporte de órdenes/guías de una razón social (y sucursal) entre dos fechas: PDF en base64 y cantidad',
        querystring: orderReportQuerySchema,
        response: { 200: orderReportAnswerSchema, ...errorResponses },
      },
    },
    (request) => orderReport(db, scopeOfRequest(request), request.query),
  );

  app.get(
    '/mantenimiento/reportes/getOrdenesExcel',
    {
      preValidation: guard({ module: REPORT.module }),
      schema: {
        tags: ['reportes'],
        security,
        summary:
          'El reporte de órdenes/guías como hoja de cálculo (Ordenes_Guias_{marca de tiempo}.xlsx, base64)',
        querystring: orderReportQuerySchema,
        response: { 200: orderExcelAnswerSchema, ...errorResponses },
      },
    },
    (request) => orderReportExcel(db, scopeOfRequest(request), request.query),
  );
};
