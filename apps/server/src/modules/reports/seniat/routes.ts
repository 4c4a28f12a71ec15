import {
  REPORT_MESSAGES,
  SENIAT_MODULE,
  type SeniatReportQuery,
  seniatGlobalBody,
  seniatGlobalQuery,
  seniatReportQuery,
  z,
} from '@sigece/fiscal';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../../http/errors.ts';
import { guard, principalOf, scopeOfRequest } from '../../../http/guard.ts';
import { errorResponses } from '../../../http/responses.ts';
import {
  assertKindAllowed,
  assertReportSize,
  buildSeniatReport,
  periodFor,
  queueSeniatReport,
  type SeniatRequest,
  scopeFor,
} from './service.ts';

const BASE = '/mantenimiento/reportes';
const security = [{ bearerAuth: [] }];
const tags = ['reportes: SENIAT'];
/** Said in every summary: the layout is ours (see packages/fiscal/src/reports/seniat.ts). */
const LAYOUT_NOTE =
  'Contenido: por razón social y período, los documentos numerados de todas las familias (facturas, notas de crédito y débito, órdenes de entrega y guías de despacho, comprobantes de retención IVA e ISLR; los anulados con montos en cero, como el libro de ventas) (tipo, número, número de control, fecha, RIF del cliente, montos, retenido, estatus) y los rangos de números de control asignados, leídos del libro de números de control. Providencia SNAT/2014/0032 Art. 28: no se encontró el texto del artículo ni un formato prescrito; el formato es propio.';

const queued = z.object({
  code: z.number(),
  message: z.string(),
  result: z.object({
    id: z.string().nullable(),
    state: z.string(),
    tipoReporte: z.number(),
    fechaInicio: z.string(),
    fechaFin: z.string(),
    email: z.string(),
    fechaSolicitud: z.string(),
  }),
});

/** The SENIAT reports screen 'Generar Reporte Seniat' (spec 002 §2.5, §6, §7 Reports). */
export const seniatReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  /** Checks a GET request (kind permission, period, companies) into what the job builds. */
  async function requestOf(
    request: FastifyRequest,
    query: SeniatReportQuery,
    general: boolean,
  ): Promise<SeniatRequest> {
    assertKindAllowed(principalOf(request), query.tipoReporte);
    const period = periodFor(query.tipoReporte, query);
    const scope = await scopeFor(deps, scopeOfRequest(request), query.rif && !general ? [query.rif] : null);
    return { kind: query.tipoReporte, general, period, format: query.valueFormato, scope };
  }

  async function queue(request: SeniatRequest, email: string | undefined) {
    if (!email) throw badRequest(REPORT_MESSAGES.email, [{ path: 'email', message: REPORT_MESSAGES.email }]);
    const job = await queueSeniatReport(deps, { ...request, email });
    return {
      code: 200,
      message: REPORT_MESSAGES.queued,
      result: {
        ...job,
        tipoReporte: request.kind,
        fechaInicio: request.period.start,
        fechaFin: request.period.end,
        email,
        fechaSolicitud: new Date().toISOString(),
      },
    };
  }

  const gate = { preValidation: guard({ module: SENIAT_MODULE }) };

  app.get(
    `${BASE}/reportSemanalSeniat`,
    {
      ...gate,
      schema: {
        tags,
        security,
        summary: `Genera en segundo plano el reporte tipoReporte (1 Providencia 0032 Art. 28 por período, 2 semanal, 4 mensual, 5 anual, 6 contribuyentes, 7 semanal Procert) en XLSX o PDF (valueFormato) y lo envía por correo a email. ${LAYOUT_NOTE}`,
        querystring: seniatReportQuery,
        response: { 200: queued, ...errorResponses },
      },
    },
    async (request) => queue(await requestOf(request, request.query, false), request.query.email),
  );

  app.get(
    `${BASE}/reportSemanalGeneral`,
    {
      ...gate,
      schema: {
        tags,
        security,
        summary: `Acción "general" del formulario semanal: el resumen por razón social de todas las visibles (sin detalle de documentos) como ReporteGeneral_{inicio}_al_{fin}_{timestamp}, enviado por correo. ${LAYOUT_NOTE}`,
        querystring: seniatReportQuery,
        response: { 200: queued, ...errorResponses },
      },
    },
    async (request) => queue(await requestOf(request, request.query, true), request.query.email),
  );

  app.get(
    `${BASE}/descargarReportSemanalSeniat`,
    {
      ...gate,
      schema: {
        tags,
        security,
        summary: `Descarga inmediata del reporte (mismos parámetros, sin correo): resultExcel en base64 y su nombre de archivo. ${LAYOUT_NOTE}`,
        querystring: seniatReportQuery,
        response: {
          200: z.object({
            code: z.number(),
            message: z.string(),
            fileName: z.string(),
            documentos: z.number(),
            resultExcel: z.string(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const report = await requestOf(request, request.query, false);
      await assertReportSize(deps, report);
      const { fileName, file, documents } = await buildSeniatReport(deps, report);
      return {
        code: 200,
        message: 'Reporte generado',
        fileName,
        documentos: documents,
        resultExcel: file.toString('base64'),
      };
    },
  );

  app.post(
    `${BASE}/reportPeriodoGlobalSeniat`,
    {
      ...gate,
      schema: {
        tags,
        security,
        summary: `Reporte Contribuyentes Providencia 0032 Art. 28 (tipo 6) de las razones sociales de rifsArray entre fechaInicio y fechaFin, enviado por correo como ReporteGeneral_{inicio}_al_{fin}_{timestamp}.xlsx. ${LAYOUT_NOTE}`,
        querystring: seniatGlobalQuery,
        body: seniatGlobalBody,
        response: { 200: queued, ...errorResponses },
      },
    },
    async (request) => {
      assertKindAllowed(principalOf(request), 6);
      const period = periodFor(6, request.query);
      const scope = await scopeFor(deps, scopeOfRequest(request), request.body.rifsArray);
      return queue({ kind: 6, general: false, period, format: 'XLSX', scope }, request.query.email);
    },
  );
};
