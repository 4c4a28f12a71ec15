// The monthly report to SENIAT of the control numbers the imprenta assigned
// (Providencia SNAT/2024/000102 Art. 29.7 as read, see packages/fiscal/src/reports/assigned-numbers.ts):
// the report (JSON) and its downloads (XLSX, PDF, CSV) for the provider and for each company within its
// tenant scope; the month's life cycle (states, generate, mark sent) for the provider's master administrator.
import {
  ASSIGNED_NUMBERS_MESSAGES,
  assignedNumbersDownloadQuery,
  assignedNumbersFileName,
  assignedNumbersQuery,
  caracasDate,
  monthlyReportPeriodBody,
  monthlyReportSentBody,
  monthlyReportStateRow,
  monthlyReportStates,
  assignedNumbersReport as reportContract,
  SENIAT_MODULE,
  z,
} from '@sigece/fiscal';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../../http/content-disposition.ts';
import { badRequest } from '../../../http/errors.ts';
import { allowPortalRead, principalOf, scopeOfRequest } from '../../../http/guard.ts';
import { errorResponses, resultBody } from '../../../http/responses.ts';
import { assertTenant } from '../../../http/tenancy.ts';
import { auditContextOf } from '../../audit/service.ts';
import { assertProvider } from './access.ts';
import { generateMonthlyReport, markMonthlyReportSent, monthlyStates } from './lifecycle.ts';
import { companyRif } from './queries.ts';
import { assignedNumbersFile, assignedNumbersReport, CONTENT_TYPES } from './report.ts';

const BASE = '/reportes/seniat/numerosAsignados';
const security = [{ bearerAuth: [] }];
const tags = ['reportes: SENIAT'];
const LAYOUT =
  'Leído del libro de números de control (control_numbers) unido a cada documento; fecha y hora de asignación en America/Caracas. Formato propio: la Providencia SNAT/2024/000102 no publica uno (README, "Reporte mensual de números asignados").';

export const assignedNumbersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // The tax authority's portal users read it too, every company, each read audited.
  const read = { preValidation: allowPortalRead({ module: SENIAT_MODULE }) };

  /** The period checked (not after the current month) and the company, visible to the caller. */
  async function reportOf(request: FastifyRequest, query: { periodo: string; localidad?: string }) {
    const scope = scopeOfRequest(request);
    if (query.periodo > caracasDate().slice(0, 7))
      throw badRequest(ASSIGNED_NUMBERS_MESSAGES.periodoFuture, [
        { path: 'periodo', message: ASSIGNED_NUMBERS_MESSAGES.periodoFuture },
      ]);
    let rif: string | undefined;
    if (query.localidad) {
      rif = await companyRif(deps.db, query.localidad);
      if (!rif) throw badRequest('La razón social no existe');
      assertTenant(scope, { localidadId: query.localidad });
    }
    const report = await assignedNumbersReport(deps.db, deps.config, query.periodo, scope, query.localidad);
    return { report, rif };
  }

  app.get(
    BASE,
    {
      ...read,
      schema: {
        tags,
        security,
        summary: `Reporte mensual de números de control asignados (periodo AAAA-MM; localidad opcional): por razón social, familia, lote y serie, los rangos consecutivos, las cantidades y cada número con su documento, tipo, fecha y hora de asignación y estatus. ${LAYOUT}`,
        querystring: assignedNumbersQuery,
        response: { 200: reportContract, ...errorResponses },
      },
    },
    async (request) => (await reportOf(request, request.query)).report,
  );

  app.get(
    `${BASE}/descargar`,
    {
      ...read,
      schema: {
        tags,
        security,
        summary: `El mismo reporte como archivo: formato XLSX, PDF o CSV (el archivo legible por máquina; columnas en el README). ${LAYOUT}`,
        querystring: assignedNumbersDownloadQuery,
      },
    },
    async (request, reply) => {
      const { formato, ...query } = request.query;
      const { report, rif } = await reportOf(request, query);
      const file = await assignedNumbersFile(report, formato);
      return reply
        .type(CONTENT_TYPES[formato])
        .header(
          'content-disposition',
          contentDisposition('attachment', assignedNumbersFileName(report.periodo, formato, rif)),
        )
        .send(file);
    },
  );

  app.get(
    `${BASE}/estados`,
    {
      ...read,
      schema: {
        tags,
        security,
        summary:
          'Estados del reporte de los últimos 12 meses (pendiente, generado, enviado, vencido: no enviado al día 10 del mes siguiente) y cuántos meses del año calendario vencieron (dos son causal de revocatoria, Art. 34.3 según su lectura pública). Solo el administrador maestro.',
        response: { 200: monthlyReportStates, ...errorResponses },
      },
    },
    async (request) => {
      if (!request.portalRead) assertProvider(principalOf(request));
      return monthlyStates(deps.db, deps.config.printer.fechaProvidencia);
    },
  );

  app.post(
    `${BASE}/generar`,
    {
      ...read,
      schema: {
        tags,
        security,
        summary:
          'Genera el reporte de un mes cerrado para todas las razones sociales y guarda su archivo CSV con su SHA-256 (de nuevo mientras no esté enviado). Solo el administrador maestro.',
        body: monthlyReportPeriodBody,
        response: {
          200: resultBody(
            z.object({
              periodo: z.string(),
              sha256: z.string(),
              cantidad: z.number(),
              empresas: z.number(),
              generadoEn: z.string(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      assertProvider(principal);
      const result = await deps.db.transaction((tx) =>
        generateMonthlyReport(deps, tx, request.body.periodo, {
          email: principal.email,
          audit: auditContextOf(request),
        }),
      );
      return { code: 200, message: `Reporte de ${result.periodo} generado`, result };
    },
  );

  app.post(
    `${BASE}/enviado`,
    {
      ...read,
      schema: {
        tags,
        security,
        summary:
          'Marca el reporte generado de un mes como enviado al SENIAT: quién, cuándo y el número de recibo opcional. Solo el administrador maestro.',
        body: monthlyReportSentBody,
        response: { 200: resultBody(monthlyReportStateRow), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      assertProvider(principal);
      const result = await deps.db.transaction((tx) =>
        markMonthlyReportSent(tx, request.body, {
          id: principal.id,
          email: principal.email,
          audit: auditContextOf(request),
        }),
      );
      return { code: 200, message: `Reporte de ${result.periodo} marcado como enviado`, result };
    },
  );
};
