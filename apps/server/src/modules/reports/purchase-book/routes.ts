// The purchase-book calls (not in the spec): /mantenimiento/reportes/getlibroCompras and
// getLibroComprasExcel, named after the sales book's getlibroVentas and getLibroVentasExcel, with the same
// query, on the /reportes/libroCompras screen's permission.
import { purchaseBookAnswerSchema, purchaseBookQuerySchema, screen } from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, scopeOfRequest } from '../../../http/guard.ts';
import { errorResponses } from '../../../http/responses.ts';
import { purchaseBookPdfOf, purchaseBookXlsxOf } from './service.ts';

const PURCHASE_BOOK = screen('/reportes/libroCompras');
const security = [{ bearerAuth: [] }];
const tags = ['reportes'];

export const purchaseBookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/getlibroCompras',
    {
      preValidation: guard({ module: PURCHASE_BOOK.module }),
      schema: {
        tags,
        security,
        summary:
          'Libro de compras en PDF (base64 en libro.reporteCompra) de una razón social y, opcionalmente, una sucursal: sus facturas de compra activas en orden cronológico, con el IVA retenido al proveedor y el N° de comprobante; totales de compras internas, importaciones y del libro',
        querystring: purchaseBookQuerySchema,
        response: { 200: purchaseBookAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { pdf, summary } = await purchaseBookPdfOf(db, scopeOfRequest(request), request.query);
      return {
        msg: 'Libro de compras generado',
        libro: { ...summary, reporteCompra: pdf.toString('base64') },
      };
    },
  );

  app.get(
    '/getLibroComprasExcel',
    {
      preValidation: guard({ module: PURCHASE_BOOK.module }),
      schema: {
        tags,
        security,
        summary: 'Libro de compras en hoja de cálculo (base64 en libro.libroExcel), con sus totales',
        querystring: purchaseBookQuerySchema,
        response: { 200: purchaseBookAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { xlsx, summary } = await purchaseBookXlsxOf(db, scopeOfRequest(request), request.query);
      return { msg: 'Libro de compras generado', libro: { ...summary, libroExcel: xlsx.toString('base64') } };
    },
  );
};
