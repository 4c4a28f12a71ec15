// The IGTF perceived report (not in the spec): /v2/reportes/getIgtfPercibido (rows and
// totals), getIgtfPercibidoPdf and getIgtfPercibidoExcel (base64, like the books' getlibroVentas and
// getLibroVentasExcel), per company and fortnight, on the /reportes/igtfPercibido screen's permission.
import { igtfReportAnswerSchema, igtfReportQuerySchema, screen } from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, scopeOfRequest } from '../../../http/guard.ts';
import { errorResponses } from '../../../http/responses.ts';
import { igtfReport, igtfReportPdf, igtfReportXlsx } from './service.ts';

const IGTF = screen('/reportes/igtfPercibido');
const security = [{ bearerAuth: [] }];
const tags = ['reportes'];
const MSG = 'Reporte de IGTF percibido generado';

export const igtfReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const schema = (summary: string) => ({
    tags,
    security,
    summary,
    querystring: igtfReportQuerySchema,
    response: { 200: igtfReportAnswerSchema, ...errorResponses },
  });

  app.get(
    '/getIgtfPercibido',
    {
      preValidation: guard({ module: IGTF.module }),
      schema: schema(
        'IGTF percibido de una razón social en una quincena (1: días 1–15; 2: del 16 al fin de mes): cada pago en divisas con su IGTF en la divisa y en Bs., y los totales',
      ),
    },
    async (request) => ({
      msg: MSG,
      reporte: await igtfReport(db, scopeOfRequest(request), request.query),
    }),
  );

  app.get(
    '/getIgtfPercibidoPdf',
    {
      preValidation: guard({ module: IGTF.module }),
      schema: schema('El mismo reporte en PDF (base64 en reporte.reportePdf)'),
    },
    async (request) => {
      const { pdf, summary } = await igtfReportPdf(db, scopeOfRequest(request), request.query);
      return { msg: MSG, reporte: { ...summary, reportePdf: pdf.toString('base64') } };
    },
  );

  app.get(
    '/getIgtfPercibidoExcel',
    {
      preValidation: guard({ module: IGTF.module }),
      schema: schema('El mismo reporte en hoja de cálculo (base64 en reporte.reporteExcel)'),
    },
    async (request) => {
      const { xlsx, summary } = await igtfReportXlsx(db, scopeOfRequest(request), request.query);
      return { msg: MSG, reporte: { ...summary, reporteExcel: xlsx.toString('base64') } };
    },
  );
};
