// The sales-book calls (spec 002 §7 Reports: /mantenimiento/reportes/getlibroVentas,
// getLibroVentasExcel, getLibroVentasExcelExtendido), on the /reportes/libroVentas screen's permission.
import {
  salesBookAnswerSchema,
  salesBookExtendedQuerySchema,
  salesBookQuerySchema,
  salesBookQueuedSchema,
  screen,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../http/errors.ts';
import { guard, scopeOfRequest } from '../../../http/guard.ts';
import { errorResponses } from '../../../http/responses.ts';
import { auditContextOf, recordAudit } from '../../audit/service.ts';
import { extendedSalesBookJob } from './job.ts';
import { bookRequest, salesBookPdfOf, salesBookXlsxOf } from './service.ts';

const SALES_BOOK = screen('/reportes/libroVentas');
const security = [{ bearerAuth: [] }];
const tags = ['reportes'];

export const salesBookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, database } = app.deps;

  app.get(
    '/getlibroVentas',
    {
      preValidation: guard({ module: SALES_BOOK.module }),
      schema: {
        tags,
        security,
        summary:
          'Libro de ventas en PDF (base64 en libro.reporteVenta) de una razón social y, opcionalmente, una sucursal, con sus totales',
        querystring: salesBookQuerySchema,
        response: { 200: salesBookAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { pdf, summary } = await salesBookPdfOf(db, scopeOfRequest(request), request.query);
      return { msg: 'Libro de ventas generado', libro: { ...summary, reporteVenta: pdf.toString('base64') } };
    },
  );

  app.get(
    '/getLibroVentasExcel',
    {
      preValidation: guard({ module: SALES_BOOK.module }),
      schema: {
        tags,
        security,
        summary: 'Libro de ventas en hoja de cálculo (base64 en libro.libroExcel), con sus totales',
        querystring: salesBookQuerySchema,
        response: { 200: salesBookAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { xlsx, summary } = await salesBookXlsxOf(db, scopeOfRequest(request), request.query);
      return { msg: 'Libro de ventas generado', libro: { ...summary, libroExcel: xlsx.toString('base64') } };
    },
  );

  app.get(
    '/getLibroVentasExcelExtendido',
    {
      preValidation: guard({ module: SALES_BOOK.module }),
      schema: {
        tags,
        security,
        summary:
          'Encola el libro de ventas extendido; llega por correo como LibroVentas_Extendido_{timestamp}.xlsx. Responde id, estado, posición en la cola y fecha de solicitud',
        querystring: salesBookExtendedQuerySchema,
        response: { 200: salesBookQueuedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOfRequest(request);
      const { email, ...query } = request.query;
      // The checks run now: a foreign company is refused here, not silently in the job.
      await bookRequest(db, scope, query);
      const jobs = app.deps.jobs;
      if (!jobs) throw new AppError(503, 'La cola de trabajos no está disponible; intente más tarde');
      const id = await jobs.send(extendedSalesBookJob, {
        query,
        email,
        scope: { all: scope.all, localidades: [...scope.localidades], sucursales: [...scope.sucursales] },
      });
      if (!id) throw new AppError(503, 'No se pudo encolar la solicitud; intente más tarde');
      const [row] = await database.query<{ state: string; created: Date; ahead: string }>(
        `select j.state::text as state, j.created_on as created,
                (select count(*) from pgboss.job w
                  where w.name = j.name and w.state in ('created', 'retry', 'active') and w.created_on < j.created_on)::text as ahead
           from pgboss.job j where j.name = $1 and j.id = $2`,
        [extendedSalesBookJob.name, id],
      );
      await recordAudit(db, auditContextOf(request), {
        entity: 'libroVentasExtendido',
        entityId: id,
        action: 'request',
        after: { ...query, email },
      });
      return {
        msg: 'Solicitud recibida: el libro de ventas extendido llegará a su correo',
        result: {
          id,
          state: row?.state ?? 'created',
          posicion: Number(row?.ahead ?? 0) + 1,
          fechaSolicitud: (row?.created ? new Date(row.created) : new Date()).toISOString(),
        },
      };
    },
  );
};
