import {
  idParam,
  MASS_LOAD_MAX_BYTES,
  MASS_LOAD_MESSAGES,
  massLoadStatusSchema,
  massLoadTypeInfoSchema,
  massLoadUploadSchema,
  screen,
  z,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../http/content-disposition.ts';
import { badRequest } from '../../http/errors.ts';
import { guard, scopeOfRequest } from '../../http/guard.ts';
import { readMultipart } from '../../http/multipart.ts';
import { errorResponses, resultBody } from '../../http/responses.ts';
import { auditContextOf } from '../audit/service.ts';
import { queueLoad, resumeLoads } from './job.ts';
import { fileTypes } from './registry.ts';
import { resultFile } from './result-file.ts';
import { fileTypeOf, latestLoad, loadStatus, requestProcessing, uploadFile } from './service.ts';
import { columnsDoc, templateOf } from './template.ts';

/** The company list's action 'Mass load' (spec 000 §6: genMasivaFactura). */
const MASS_LOAD = screen('/mantenimiento/Localidad').can('genMasivaFactura');
const BASE = '/mantenimiento/localidad';
const LOADS = `${BASE}/cargaMasiva`;
const security = [{ bearerAuth: [] }];
const tags = ['carga masiva'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const uploadAnswer = resultBody(massLoadUploadSchema);

/** The columns of every type's template, in the docs of the template and upload routes. */
const COLUMNS_DOC = `Tipos: ${fileTypes()
  .map((t) => `\`${t.tipo}\``)
  .join(
    ', ',
  )}. Las columnas de cada tipo (la fila 1 de la hoja Datos; el orden es libre y las columnas desconocidas se ignoran):\n\n${columnsDoc(fileTypes())}`;

export const massLoadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  // A load left half-processed by a crash resumes when a process with workers starts.
  app.addHook('onReady', async () => {
    if (app.deps.config.jobWorkers !== false) await resumeLoads(app.deps);
  });

  app.get(
    `${LOADS}/tipos`,
    {
      preValidation: guard(MASS_LOAD),
      schema: {
        tags,
        security,
        summary: 'Los tipos de archivo de la carga masiva (spec 001 §5.8)',
        response: { 200: resultBody(z.array(massLoadTypeInfoSchema)), ...errorResponses },
      },
    },
    async () => ({
      code: 200,
      message: 'Consulta exitosa',
      result: fileTypes().map((t) => ({ tipo: t.tipo, nombre: t.nombre })),
    }),
  );

  app.get(
    `${LOADS}/plantilla/:tipo`,
    {
      preValidation: guard(MASS_LOAD),
      schema: {
        tags,
        security,
        summary:
          'La plantilla .xlsx de un tipo de archivo: encabezados, fila de ejemplo, listas de valores y una hoja que explica cada columna',
        description: COLUMNS_DOC,
        params: z.object({ tipo: z.string().max(30) }),
      },
    },
    async (request, reply) => {
      const type = fileTypeOf(request.params.tipo);
      return reply
        .type(XLSX)
        .header('content-disposition', contentDisposition('attachment', `plantilla_${type.tipo}.xlsx`))
        .send(await templateOf(type));
    },
  );

  app.post(
    `${BASE}/excelToJson`,
    {
      preValidation: guard(MASS_LOAD),
      schema: {
        tags,
        security,
        summary:
          'Carga un archivo .xlsx o .xls (multipart: archivoXls, nombreArchivo, tipo, id_localidad): revisa cada fila y guarda sus documentos con la razón social, sin emitirlos; un documento con una fila que no se puede leer queda como error de ese documento (detalleErrores) y los demás se procesan',
        description: COLUMNS_DOC,
        consumes: ['multipart/form-data'],
        response: { 200: uploadAnswer, ...errorResponses },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Envíe el archivo como multipart/form-data');
      const { fields, files } = await readMultipart(request, {
        fileSize: MASS_LOAD_MAX_BYTES,
        fileTooLarge: MASS_LOAD_MESSAGES.tooLarge,
        files: 1,
      });
      const tipo = fields.get('tipo')?.trim() || undefined;
      fileTypeOf(tipo);
      const file = files.find((f) => f.fieldname === 'archivoXls');
      if (!file) throw badRequest(MASS_LOAD_MESSAGES.noFile);
      // Spec 000 §5: only .xls/.xlsx; the bytes decide which reader (a renamed file is refused there).
      if (!/\.xlsx?$/i.test(file.filename)) throw badRequest(MASS_LOAD_MESSAGES.onlyXlsx);
      const localidad = z.uuid().safeParse(fields.get('id_localidad'));
      if (!localidad.success) throw badRequest('id_localidad es requerido');
      const nombreArchivo = (fields.get('nombreArchivo')?.trim() || file.filename).slice(0, 200);
      const { load, documentos } = await uploadFile(
        db,
        scopeOfRequest(request),
        { localidadId: localidad.data, tipo, nombreArchivo, data: file.data },
        auditContextOf(request),
      );
      return { code: 200, message: MASS_LOAD_MESSAGES.uploaded, result: { carga: load, documentos } };
    },
  );

  app.get(
    LOADS,
    {
      preValidation: guard(MASS_LOAD),
      schema: {
        tags,
        security,
        summary: 'La última carga de una razón social (en proceso o terminada), o null',
        querystring: z.object({ id_localidad: z.uuid({ error: 'id_localidad no es válido' }) }),
        response: { 200: resultBody(massLoadStatusSchema.nullable()), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Consulta exitosa',
      result: await latestLoad(db, scopeOfRequest(request), request.query.id_localidad),
    }),
  );

  app.get(
    `${LOADS}/:id`,
    {
      preValidation: guard(MASS_LOAD),
      schema: {
        tags,
        security,
        summary: 'El estado de una carga: progreso, estimación, contadores (spec 001 §8.7) y errores',
        params: idParam,
        response: { 200: resultBody(massLoadStatusSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Consulta exitosa',
      result: await loadStatus(db, scopeOfRequest(request), request.params.id),
    }),
  );

  app.post(
    `${LOADS}/:id/procesar`,
    {
      preValidation: guard(MASS_LOAD),
      schema: {
        tags,
        security,
        summary: 'Procesa una carga en segundo plano, por la misma vía de emisión que la API de integración',
        params: idParam,
        response: { 200: resultBody(massLoadStatusSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOfRequest(request);
      const load = await requestProcessing(db, scope, request.params.id, auditContextOf(request));
      await queueLoad(app.deps, load.id);
      return {
        code: 200,
        message: MASS_LOAD_MESSAGES.processing,
        result: await loadStatus(db, scope, load.id),
      };
    },
  );

  app.get(
    `${LOADS}/:id/resultado`,
    {
      preValidation: guard(MASS_LOAD),
      schema: {
        tags,
        security,
        summary:
          'El resultado de una carga en .xlsx: cada documento con su resultado, número de control o error',
        params: idParam,
      },
    },
    async (request, reply) => {
      const load = await loadStatus(db, scopeOfRequest(request), request.params.id);
      return reply
        .type(XLSX)
        .header(
          'content-disposition',
          contentDisposition('attachment', `resultado_${load.tipo}_${load.id.slice(0, 8)}.xlsx`),
        )
        .send(resultFile(db, load.id));
    },
  );
};
