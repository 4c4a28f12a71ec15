import {
  assignmentRegisterAnswerSchema,
  assignmentRegisterCsv,
  assignmentRegisterExportQuerySchema,
  assignmentRegisterQuerySchema,
  caracasDate,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../http/content-disposition.ts';
import { scopeOfRequest } from '../../http/guard.ts';
import { errorResponses } from '../../http/responses.ts';
import { registerReadGuard } from './register.access.ts';
import { assignmentRegisterRows, searchAssignmentRegister } from './register.service.ts';
import { assignmentRegisterWorkbook } from './register.xlsx.ts';

const BASE = '/reportes/seniat/registroAsignaciones';
const security = [{ bearerAuth: [] }];
const tags = ['reportes: SENIAT'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NOTE =
  'Providencia SNAT/2024/000102 (G.O. 43.032) art. 32 según la leen los integradores: no se encontró el texto del artículo; el formato es propio.';

/** The register of assignments of control numbers: search with server paging, download. */
export const assignmentRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    BASE,
    {
      preValidation: registerReadGuard(),
      schema: {
        tags,
        security,
        summary: `Registro de asignaciones de números de control: cada lote asignado a cada emisor (razón social, sucursal, familia, serie, rango, fecha y hora de asignación en Caracas, quién lo asignó), del más reciente al más antiguo, paginado en el servidor. Filtros: id_localidad, id_sucursal, familia (FACTURA, ORDEN, RETENCION), serie, fechaInicio y fechaFin (días de asignación), search. ${NOTE}`,
        querystring: assignmentRegisterQuerySchema,
        response: { 200: assignmentRegisterAnswerSchema, ...errorResponses },
      },
    },
    async (request) => searchAssignmentRegister(db, scopeOfRequest(request), request.query),
  );

  app.get(
    `${BASE}/descargar`,
    {
      preValidation: registerReadGuard(),
      schema: {
        tags,
        security,
        summary: `Descarga el registro de asignaciones filtrado (mismos filtros, sin paginar) en XLSX o CSV (formato). CSV: UTF-8, separador ';', registros separados por CRLF, encabezado en la primera fila, textos entre comillas. ${NOTE}`,
        querystring: assignmentRegisterExportQuerySchema,
      },
    },
    async (request, reply) => {
      const rows = await assignmentRegisterRows(db, scopeOfRequest(request), request.query);
      const base = `RegistroAsignaciones_${caracasDate()}`;
      if (request.query.formato === 'CSV')
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition('attachment', `${base}.csv`))
          .send(assignmentRegisterCsv(rows));
      return reply
        .type(XLSX)
        .header('content-disposition', contentDisposition('attachment', `${base}.xlsx`))
        .send(await assignmentRegisterWorkbook(rows));
    },
  );
};
