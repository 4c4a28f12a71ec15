// The operations chart's data (/charts/Linear 'Operativos'): real monthly sales and purchases of one
// company, or of every company the user sees (all of them for the master administrator).
import {
  caracasDayStart,
  operationsChartMonths,
  operationsChartQuerySchema,
  operationsChartSchema,
  screen,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, scopeOfRequest } from '../../../http/guard.ts';
import { errorResponses } from '../../../http/responses.ts';
import { visibleCompany } from '../../companies/service.ts';
import { monthlyInvoiceTotals } from '../../invoices/book.ts';
import { monthlyPurchaseTotals } from '../../purchases/book.ts';

const CHART = screen('/charts/Linear');

export const operationsChartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.get(
    '/charts/operativos',
    {
      preValidation: guard({ module: CHART.module }),
      schema: {
        tags: ['reportes'],
        security: [{ bearerAuth: [] }],
        summary:
          'Ventas y compras mensuales (Bs., facturas activas) de un año: de una razón social, o de todas las que el usuario ve',
        querystring: operationsChartQuerySchema,
        response: { 200: operationsChartSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOfRequest(request);
      const { anio, id_localidad } = request.query;
      if (id_localidad) await visibleCompany(db, scope, id_localidad);
      const next = `${Number(anio) + 1}-01-01`;
      const [sales, purchases] = await Promise.all([
        monthlyInvoiceTotals(db, scope, {
          localidadId: id_localidad,
          desde: caracasDayStart(`${anio}-01-01`),
          hasta: caracasDayStart(next),
        }),
        monthlyPurchaseTotals(db, scope, { localidadId: id_localidad, desde: `${anio}-01-01`, hasta: next }),
      ]);
      return { anio, meses: operationsChartMonths(anio, sales, purchases) };
    },
  );
};
