import {
  addNoteSchema,
  annulReasonBody,
  idParam,
  NOTE_MESSAGES,
  noteActionResultSchema,
  noteAnnulAnswerSchema,
  noteDetailSchema,
  noteFiltersSchema,
  noteIngestAnswerSchema,
  noteInvoiceBalanceSchema,
  noteListRowSchema,
  screen,
  z,
} from '@sigece/fiscal';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, scopeOfRequest } from '../../http/guard.ts';
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
import { annulNotes } from './annul.ts';
import { noteFamily } from './family.ts';
import { listNotes, noteDetail, publicNote, visibleNote } from './queries.ts';
import * as notes from './service.ts';

/** The notes screen (spec 001 §6: search, add, consultaseniatnotas, delete, view, cancel, generar, print). */
const LIST = screen('/facturacion/generales/notas');
const NEW = screen('/facturacion/generales/notas/nota');
/** The company screen's bulk processing (spec 000: genMasivaFactura, "Generación masiva de facturas/notas"). */
const BULK = screen('/mantenimiento/Localidad').can('genMasivaFactura');
const BASE = '/facturas/nota';
/** One request's notes share one transaction: a bound keeps it short. */
const MAX_NOTES_PER_REQUEST = 1000;
const security = [{ bearerAuth: [] }];
const tags = ['notas'];

const arrayBody = (what: string) =>
  z
    .array(z.unknown(), { error: `El cuerpo debe ser un arreglo de ${what}` })
    .max(MAX_NOTES_PER_REQUEST, `Máximo ${MAX_NOTES_PER_REQUEST} ${what} por solicitud`);

export const noteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  const ingest =
    (origin: 'API' | 'WEB', reply?: FastifyReply) => (request: FastifyRequest & { body: unknown[] }) =>
      // The integration route honours an Idempotency-Key; the spreadsheet's does not.
      issueFromRequest<z.infer<typeof noteIngestAnswerSchema>>(app.deps, noteFamily, request, {
        origin,
        reply,
      });

  app.post(
    `${BASE}/masivanotas`,
    {
      config: { documentBatch: true, ...INTEGRATION.issueSandbox },
      preValidation: guard({ anyOf: [LIST.can('add'), { module: NEW.module }] }),
      schema: {
        tags: ['integración'],
        security,
        summary:
          'Recibe un arreglo de notas de crédito y débito (contrato de integración): cada una se juzga por separado; code 203 si alguna falló',
        body: arrayBody('notas'),
        response: { 200: noteIngestAnswerSchema, ...errorResponses },
      },
    },
    (request, reply) => ingest('API', reply)(request),
  );

  app.post(
    `${BASE}/masivanotasXls`,
    {
      config: { documentBatch: true },
      preValidation: guard({ anyOf: [LIST.can('add'), BULK] }),
      schema: {
        tags: ['integración'],
        security,
        summary:
          'Procesamiento masivo de notas cargadas desde la hoja de cálculo de la razón social (code 200 o 203)',
        body: arrayBody('notas'),
        response: { 200: noteIngestAnswerSchema, ...errorResponses },
      },
    },
    (request) => ingest('WEB')(request),
  );

  bulkAnnulRoute(app, db, {
    method: 'put',
    path: `${BASE}/masivaanularnotas`,
    access: { anyOf: [LIST.can('cancel'), BULK] },
    tags: ['integración'],
    summary: 'Anula notas generadas por razón social y número: code 200, o 203 con los errores de cada nota',
    body: arrayBody('notas'),
    answer: noteAnnulAnswerSchema,
    annul: annulNotes,
  });

  listRoutes(app, {
    tags,
    filters: noteFiltersSchema,
    row: noteListRowSchema,
    query: {
      path: `${BASE}/querynotas`,
      access: { module: LIST.module },
      summary: 'Lista paginada de notas (más recientes primero), con búsqueda y filtros',
    },
    search: {
      path: `${BASE}/FiltrarNotas`,
      access: LIST.can('search'),
      summary: 'Filtra notas por razón social, sucursal, número, tipo y fechas (solo los filtros con valor)',
      message: NOTE_MESSAGES.searched,
    },
    list: (scope, query: Parameters<typeof listNotes>[2]) => listNotes(db, scope, query),
  });

  app.post(
    `${BASE}/addnota`,
    {
      preValidation: guard({ anyOf: [LIST.can('add'), { module: NEW.module }] }),
      schema: {
        tags,
        security,
        summary:
          'Registra una nota sobre una factura generada y activa: activa, sin PDF ni número de control hasta generarla',
        body: addNoteSchema,
        response: { 200: resultBody(noteDetailSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: NOTE_MESSAGES.created,
      result: await notes.addNote(db, scopeOfRequest(request), request.body, auditContextOf(request)),
    }),
  );

  const action = (
    path: string,
    key: string,
    summary: string,
    run: (
      id: string,
      request: Parameters<typeof auditContextOf>[0] & { body: unknown },
    ) => Promise<{ message: string; result: z.infer<typeof noteActionResultSchema> }>,
    body?: typeof annulReasonBody,
  ) =>
    app.put(
      `${BASE}/${path}/:id`,
      {
        preValidation: guard(LIST.can(key)),
        schema: {
          tags,
          security,
          summary,
          params: idParam,
          ...(body ? { body } : {}),
          response: { 200: resultBody(noteActionResultSchema), ...errorResponses },
        },
      },
      async (request) => ({ code: 200, ...(await run(request.params.id, request)) }),
    );

  action(
    'generarnotas',
    'generar',
    'Asigna el número de control y genera y firma el PDF de una nota activa',
    (id, request) => notes.generateNote(app.deps, scopeOfRequest(request), id, auditContextOf(request)),
  );
  action(
    'anular',
    'cancel',
    'Anula una nota generada; el cuerpo puede traer motivoAnulacion (se guarda y se audita)',
    (id, request) =>
      notes.annulNote(
        db,
        scopeOfRequest(request),
        id,
        auditContextOf(request),
        (request.body as z.infer<typeof annulReasonBody>).motivoAnulacion,
      ),
    annulReasonBody,
  );
  action('eliminar', 'delete', 'Quita de la lista una nota sin PDF ni número de control', (id, request) =>
    notes.deleteNote(db, scopeOfRequest(request), id, auditContextOf(request)),
  );

  retryRenderRoute(app, {
    path: `${BASE}/regenerarpdf/:id`,
    access: LIST.can('generar'),
    tags,
    summary:
      'Vuelve a encolar el PDF de una nota cuyo PDF quedó fallido tras los reintentos (pdfEstado FALLIDA)',
    tipoDoc: 'nota',
    numberKey: 'nroNota',
    message: (label) => `PDF de la Nota N°: ${label} en cola`,
  });

  pdfRoute(app, {
    path: `${BASE}/pdf/:id`,
    access: LIST.can('print'),
    tags,
    summary: 'El PDF firmado de una nota (bytes exactos)',
    pdf: (scope, id) => notes.notePdf(db, scope, id),
  });

  jsonRoute(app, {
    path: `${BASE}/json/:id`,
    access: { anyOf: [LIST.can('consultaseniatnotas'), LIST.can('view')] },
    tags,
    summary: 'La nota en JSON (Nota_{numero}_{marca de tiempo}.json), sin el PDF codificado',
    detail: async (scope, id) => noteDetail(db, (await visibleNote(db, scope, id)).id),
    name: (detail) => `Nota_${detail.serie ? `${detail.serie}-` : ''}${detail.nroNota}`,
  });

  app.get(
    `${BASE}/saldoFactura/:id`,
    {
      preValidation: guard({ anyOf: [LIST.can('add'), { module: NEW.module }] }),
      schema: {
        tags,
        security,
        summary:
          'Lo que las notas de crédito activas ya devolvieron (por producto) y acreditaron de una factura',
        params: idParam,
        response: { 200: resultBody(noteInvoiceBalanceSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Consulta exitosa',
      result: await notes.invoiceBalance(db, scopeOfRequest(request), request.params.id),
    }),
  );

  publicOrDetailRoute(app, db, {
    path: `${BASE}/getNotaId/:id`,
    tags: ['notas', 'verificación pública'],
    summary: 'Detalle de una nota; sin token, solo los datos públicos de verificación',
    module: LIST.module,
    permission: 'view',
    visible: visibleNote,
    detail: noteDetail,
    publicAnswer: publicNote,
  });
};
