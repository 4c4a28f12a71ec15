import {
  annulReasonBody,
  caracasDate,
  declarationQuerySchema,
  declarationRowSchema,
  declaredListQuerySchema,
  declareSchema,
  idParam,
  islrPreviewBodySchema,
  islrPreviewSchema,
  pageQuery,
  screen,
  taxUnitRowSchema,
  taxUnitSchema,
  WITHHOLDING_MESSAGES,
  withholdingAnnulAnswerSchema,
  withholdingDetailSchema,
  withholdingFiltersSchema,
  withholdingIngestAnswerSchema,
  withholdingListRowSchema,
  z,
} from '@sigece/fiscal';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, scopeOfRequest } from '../../http/guard.ts';
import { INTEGRATION } from '../../http/integration-access.ts';
import { errorResponses, pageBody, resultBody } from '../../http/responses.ts';
import { auditContextOf } from '../audit/service.ts';
import { bulkAnnulRoute } from '../issuance/routes/annul-route.ts';
import { issueFromRequest } from '../issuance/routes/intake-route.ts';
import { listRoutes, publicOrDetailRoute } from '../issuance/routes/read-routes.ts';
import * as taxUnits from '../reference/tax-units.ts';
import { withholdingFamily } from './family.ts';
import { islrPreview } from './islr-preview.ts';
import { listWithholdings, publicWithholding, visibleWithholding, withholdingDetail } from './queries.ts';
import * as withholdings from './service.ts';

/** The withholding list (spec 002 §6: search, add, print, delete) and the add page. */
const LIST = screen('/retenciones/iva-islr');
const NEW = screen('/retenciones/iva-islr/Agregar');
/** UT values are reference data of the administrator, beside the tax rate values by date. */
const UT_ADMIN = { module: '/mantenimiento/ValorGravamen' };
const BASE = '/retenciones';
const MAX_VOUCHERS_PER_REQUEST = 1000;
const security = [{ bearerAuth: [] }];
const tags = ['retenciones'];

const arrayBody = (what: string) =>
  z
    .array(z.unknown(), { error: `El cuerpo debe ser un arreglo de ${what}` })
    .max(MAX_VOUCHERS_PER_REQUEST, `Máximo ${MAX_VOUCHERS_PER_REQUEST} ${what} por solicitud`);

export const withholdingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  const ingest =
    (origin: 'API' | 'WEB', reply?: FastifyReply) => (request: FastifyRequest & { body: unknown[] }) =>
      // The integration route honours an Idempotency-Key; the spreadsheet's does not.
      issueFromRequest<z.infer<typeof withholdingIngestAnswerSchema>>(app.deps, withholdingFamily, request, {
        origin,
        reply,
      });

  const ingestRoute = (path: string, origin: 'API' | 'WEB', summary: string) =>
    app.post(
      `${BASE}/${path}`,
      {
        config: { documentBatch: true, ...(origin === 'API' ? INTEGRATION.issueSandbox : {}) },
        preValidation: guard({ anyOf: [LIST.can('add'), { module: NEW.module }] }),
        schema: {
          tags: ['integración', ...tags],
          security,
          summary,
          body: arrayBody('retenciones'),
          response: { 200: withholdingIngestAnswerSchema, ...errorResponses },
        },
      },
      (request, reply) => ingest(origin, origin === 'API' ? reply : undefined)(request),
    );
  ingestRoute(
    'createRetencionIvaMasiva',
    'API',
    'Recibe comprobantes de retención IVA o ISLR (modeloRetencion): cada uno se juzga por separado; code 203 si alguno falló',
  );
  ingestRoute(
    'createRetencionMasivaExcel',
    'WEB',
    'Comprobantes de retención leídos de la hoja de cálculo (generación masiva): mismo cuerpo y respuesta',
  );

  bulkAnnulRoute(app, db, {
    method: 'post',
    path: `${BASE}/anularMasivaRetencionesIva`,
    access: LIST.can('delete'),
    tags: ['integración', ...tags],
    summary: 'Anula comprobantes por RIF del agente y nroComprobante; code 203 con los errores de cada uno',
    body: arrayBody('retenciones'),
    answer: withholdingAnnulAnswerSchema,
    annul: withholdings.annulWithholdings,
  });

  listRoutes(app, {
    tags,
    filters: withholdingFiltersSchema,
    row: withholdingListRowSchema,
    query: {
      path: `${BASE}/getRetencionesIva`,
      access: { module: LIST.module },
      summary: 'Lista paginada de comprobantes de retención con filtros y orden (por omisión id ascendente)',
    },
    list: (scope, query: Parameters<typeof listWithholdings>[2]) => listWithholdings(db, scope, query),
  });

  app.get(
    `${BASE}/getBase64RetencionIva/:id`,
    {
      preValidation: guard(LIST.can('print')),
      schema: {
        tags,
        security,
        summary: 'El PDF firmado del comprobante en base64 (pdfBase64)',
        params: idParam,
        response: {
          200: z.object({
            code: z.number(),
            message: z.string(),
            pdfBase64: z.string(),
            nombre: z.string(),
            NroControlComprobante: z.string().nullable(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { pdf, nombre, nroControl } = await withholdings.withholdingPdf(
        db,
        scopeOfRequest(request),
        request.params.id,
      );
      return {
        code: 200,
        message: 'Consulta exitosa',
        pdfBase64: pdf.toString('base64'),
        nombre,
        NroControlComprobante: nroControl,
      };
    },
  );

  app.put(
    `${BASE}/anularRetencionIva/:id`,
    {
      preValidation: guard(LIST.can('delete')),
      schema: {
        tags,
        security,
        summary:
          'Anula un comprobante activo (Activa → Anulada); el cuerpo puede traer motivoAnulacion (se guarda y se audita)',
        params: idParam,
        body: annulReasonBody,
        response: {
          200: z.object({
            code: z.number(),
            msg: z.string(),
            result: z.object({
              id: z.string(),
              nroComprobante: z.string(),
              NroControlComprobante: z.string(),
              logEstatusRegistro: z.literal('INACTIVO'),
            }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      code: 200,
      msg: WITHHOLDING_MESSAGES.annulled,
      result: await withholdings.annulWithholding(
        db,
        scopeOfRequest(request),
        request.params.id,
        auditContextOf(request),
        request.body.motivoAnulacion,
      ),
    }),
  );

  publicOrDetailRoute(app, db, {
    path: `${BASE}/getRetencionId/:id`,
    tags: [...tags, 'verificación pública'],
    summary: 'Detalle de un comprobante; sin token, solo los datos públicos de verificación',
    module: LIST.module,
    permission: 'search',
    visible: visibleWithholding,
    detail: async (db, id) => withholdingDetailSchema.parse(await withholdingDetail(db, id)),
    publicAnswer: publicWithholding,
  });

  // --- Declaration files (fortnights and declared periods) ----------
  const CONTENT_TYPE = {
    IVA: 'text/plain; charset=utf-8',
    ISLR: 'application/xml; charset=iso-8859-1',
  } as const;
  const fileRoute = (path: string, modelo: 'IVA' | 'ISLR', summary: string) =>
    app.get(
      `${BASE}/${path}`,
      {
        preValidation: guard(LIST.can('search')),
        schema: { tags, security, summary, querystring: declarationQuerySchema },
      },
      async (request, reply) => {
        const file = await withholdings.declarationFile(db, scopeOfRequest(request), modelo, request.query);
        reply
          .type(CONTENT_TYPE[modelo])
          .header('content-disposition', `attachment; filename="${file.nombre}"`)
          .header('x-sha256', file.sha256);
        if (file.declarada)
          reply.header('x-declarada', file.declarada.fecha).header('x-declarada-por', file.declarada.por);
        return reply.send(file.bytes);
      },
    );
  fileRoute(
    'declaracionIva',
    'IVA',
    'Archivo TXT de retenciones IVA que importa el portal del SENIAT, por razón social y mes o quincena (1: días 1-15, 2: 16 al fin de mes), sin anuladas; el de un período declarado es el archivo guardado',
  );
  fileRoute(
    'declaracionIslr',
    'ISLR',
    'XML RelacionRetencionesISLR de la declaración de ISLR, por razón social y mes (o quincena), sin anuladas; el de un período declarado es el archivo guardado',
  );

  app.post(
    `${BASE}/declaraciones`,
    {
      // Declaring freezes the period's vouchers: the right to annul them is the right to settle them.
      preValidation: guard(LIST.can('delete')),
      schema: {
        tags,
        security,
        summary:
          'Confirma como declarado al SENIAT el archivo descargado de un período (su SHA-256): se guarda y sus comprobantes ya no pueden anularse',
        body: declareSchema,
        response: { 200: resultBody(declarationRowSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Período declarado',
      result: await withholdings.declarePeriod(
        db,
        scopeOfRequest(request),
        request.body,
        auditContextOf(request),
      ),
    }),
  );

  app.get(
    `${BASE}/declaraciones`,
    {
      preValidation: guard(LIST.can('search')),
      schema: {
        tags,
        security,
        summary:
          'Períodos declarados de una razón social (más reciente primero), con quién, cuándo y el SHA-256',
        querystring: declaredListQuerySchema,
        response: { 200: resultBody(z.array(declarationRowSchema)), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Consulta exitosa',
      result: await withholdings.listDeclarations(db, scopeOfRequest(request), request.query),
    }),
  );

  // --- Unidad tributaria (reference data with its maintenance screen) ----------------------------------
  app.get(
    `${BASE}/unidadesTributarias`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: 'Valores de la unidad tributaria por fecha de vigencia (más reciente primero)',
        querystring: pageQuery,
        response: { 200: pageBody(taxUnitRowSchema), ...errorResponses },
      },
    },
    (request) => taxUnits.listTaxUnits(db, request.query),
  );

  app.post(
    `${BASE}/unidadesTributarias`,
    {
      preValidation: guard(UT_ADMIN),
      schema: {
        tags,
        security,
        summary:
          'Registra un valor de la unidad tributaria desde una fecha, con su providencia y Gaceta Oficial',
        body: taxUnitSchema,
        response: { 200: resultBody(taxUnitRowSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Unidad Tributaria registrada',
      result: await taxUnits.addTaxUnit(db, request.body, auditContextOf(request)),
    }),
  );

  // The amount an ISLR line withholds, computed as the save computes it (Tarifa N° 2
  // needs the supplier's year on the stored vouchers, which the screen cannot know).
  app.post(
    `${BASE}/calcularIslr`,
    {
      preValidation: guard({ anyOf: [LIST.can('add'), { module: NEW.module }] }),
      schema: {
        tags,
        security,
        summary:
          'Calcula el ISLR retenido de una línea (Decreto 1.808, UT vigente y, en la Tarifa N° 2, lo acumulado del proveedor en el año), sin guardar nada',
        body: islrPreviewBodySchema,
        response: { 200: resultBody(islrPreviewSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Consulta exitosa',
      result: await islrPreview(db, scopeOfRequest(request), request.body),
    }),
  );

  app.get(
    `${BASE}/unidadTributariaVigente`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: 'El valor de la unidad tributaria vigente en una fecha (hoy si no se indica)',
        querystring: z.object({
          fecha: z.iso.date({ error: 'fecha debe ser una fecha AAAA-MM-DD' }).optional(),
        }),
        response: { 200: resultBody(taxUnitRowSchema.nullable()), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Consulta exitosa',
      result: await taxUnits.taxUnitInForce(db, request.query.fecha ?? caracasDate(new Date())),
    }),
  );
};
