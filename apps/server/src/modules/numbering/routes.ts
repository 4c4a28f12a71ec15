import {
  autoNumberingSchema,
  autoNumberSchema,
  branchLotSchema,
  branchLotsAnswerSchema,
  branchLotViewSchema,
  type ControlFamily,
  companyLotSchema,
  controlLotSchema,
  controlLotsAnswerSchema,
  idParam,
  invoiceNumberRangeSchema,
  NUMBERING_MESSAGES,
  nextInvoiceNumberSchema,
  numberingModeSchema,
  numberingModeViewSchema,
  screen,
  TEXT_MAX,
  withholdingNumbersSchema,
  withholdingRangeSchema,
  z,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../http/errors.ts';
import { guard, scopeOfRequest } from '../../http/guard.ts';
import { errorResponses, resultBody } from '../../http/responses.ts';
import { auditContextOf } from '../audit/service.ts';
import { peekInvoiceNumber } from './engine.ts';
import * as numbering from './service.ts';

const COMPANY = screen('/mantenimiento/Localidad');
const BRANCH = screen('/mantenimiento/Sucursal');
const security = [{ bearerAuth: [] }];
const tags = ['numeración: números de control'];
const autoTags = ['numeración: números automáticos'];

/** The company id arrives under several names in the screens' calls (razonSocial, _id, id_localidad). */
const companyQuery = z
  .object({
    id_localidad: z.uuid().optional(),
    _id: z.uuid().optional(),
    razonSocial: z.uuid().optional(),
    id: z.uuid().optional(),
    tipo: z.string().max(TEXT_MAX.code).optional(),
  })
  .refine((v) => v.id_localidad ?? v._id ?? v.razonSocial ?? v.id, { message: 'Seleccione la razón social' });
const companyIdOf = (v: z.infer<typeof companyQuery>) => (v.id_localidad ?? v._id ?? v.razonSocial ?? v.id)!;

export const numberingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const base = '/mantenimiento/control';

  // --- Reading lots ---------------------------------------------------------------------------------
  const readLots = (path: string, familia: ControlFamily, summary: string) =>
    app.post(
      `${base}/${path}`,
      {
        preValidation: guard('authenticated'),
        schema: {
          tags,
          security,
          summary,
          body: companyQuery,
          response: { 200: controlLotsAnswerSchema, ...errorResponses },
        },
      },
      async (request) => ({
        code: 200,
        results: await numbering.lotsOfCompany(
          db,
          scopeOfRequest(request),
          companyIdOf(request.body),
          familia,
        ),
      }),
    );
  readLots(
    'getcontrolesSucursaleLocalidad',
    'FACTURA',
    'Lotes de control de facturas y notas de una razón social',
  );
  readLots(
    'getcontrolesOrdenesSucursaleLocalidad',
    'ORDEN',
    'Lotes de control de órdenes de entrega y guías de una razón social',
  );
  readLots('getcontrolesRetenciones', 'RETENCION', 'Lotes de control de retenciones de una razón social');

  app.get(
    `${base}/getcontrolesfacturasByLocalidad/:id`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: 'Lotes de control de facturas de una razón social',
        params: idParam,
        response: { 200: controlLotsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      results: await numbering.lotsOfCompany(db, scopeOfRequest(request), request.params.id, 'FACTURA'),
    }),
  );
  app.get(
    `${base}/getcontrolesSucursalesByIDControlFacturalocalidad/:id`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: 'Lotes de sucursal repartidos de un lote individual',
        params: idParam,
        response: { 200: branchLotsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      results: await numbering.sublotsOfLot(db, scopeOfRequest(request), request.params.id),
    }),
  );
  app.post(
    `${base}/getcontrolesSucursaleLocalidadOrdenesGuia`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary:
          'Lotes de una sucursal (familia ORDEN por omisión; FACTURA o RETENCION con tipoFacturaOrden)',
        body: z.object({
          id_sucursal: z.uuid({ error: 'Seleccione la sucursal' }),
          tipo: z.string().max(TEXT_MAX.code).optional(),
          tipoFacturaOrden: z.enum(['FACTURA', 'ORDEN', 'RETENCION']).default('ORDEN'),
        }),
        response: { 200: branchLotsAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      results: await numbering.sublotsOfBranch(
        db,
        scopeOfRequest(request),
        request.body.id_sucursal,
        request.body.tipoFacturaOrden,
      ),
    }),
  );

  // --- Adding lots ------------------------------------------------------------------------------------
  const addCompanyLot = (path: string, familia: ControlFamily, action: string, message: string) =>
    app.post(
      path,
      {
        preValidation: guard({ module: COMPANY.module, action }),
        schema: {
          tags,
          security,
          summary: `Asigna un lote de números de control (${familia}) a una razón social: Global o Individual`,
          body: companyLotSchema,
          response: { 200: resultBody(controlLotSchema), ...errorResponses },
        },
      },
      async (request) => ({
        code: 200,
        message,
        result: await numbering.addCompanyLot(
          db,
          scopeOfRequest(request),
          request.body,
          familia,
          auditContextOf(request),
        ),
      }),
    );
  addCompanyLot('/facturas/addcontrolLoc', 'FACTURA', 'addControl', NUMBERING_MESSAGES.invoiceLotCreated);
  addCompanyLot(
    '/facturas/addcontrolOrdenGuiaLoc',
    'ORDEN',
    'addControl',
    NUMBERING_MESSAGES.orderLotCreated,
  );
  addCompanyLot(
    `${base}/AddControlRetencion`,
    'RETENCION',
    'addControlsucusal',
    'Control De Retenciones registrada',
  );

  const addBranchLot = (path: string, familia: ControlFamily) =>
    app.post(
      `${base}/${path}`,
      {
        preValidation: guard({
          anyOf: [BRANCH.can('addControlsucusal'), COMPANY.can('addControl')],
        }),
        schema: {
          tags,
          security,
          summary: `Reparte a una sucursal parte del lote individual (${familia}) de su razón social`,
          body: branchLotSchema,
          response: { 200: resultBody(branchLotViewSchema), ...errorResponses },
        },
      },
      async (request) => ({
        code: 200,
        message: NUMBERING_MESSAGES.branchLotCreated,
        result: await numbering.addBranchLot(
          db,
          scopeOfRequest(request),
          request.body,
          familia,
          auditContextOf(request),
        ),
      }),
    );
  addBranchLot('addcontrolsucur', 'FACTURA');
  addBranchLot('addcontrolsucurOrdenGuia', 'ORDEN');

  // --- Withholding voucher numbers ------------------------------------------------------------------
  // The same two routes under the company screen's base and under /retenciones, as spec 002 §7 lists
  // them for the withholding screens (one service, registered twice).
  for (const prefix of [base, '/retenciones']) {
    app.post(
      `${prefix}/AddNroRetenciones`,
      {
        preValidation: guard({
          anyOf: [COMPANY.can('addControlsucusal'), COMPANY.can('params')],
        }),
        schema: {
          tags: autoTags,
          security,
          summary: 'Registra la secuencia de números de comprobante de retención (año, mes y 8 dígitos)',
          body: withholdingNumbersSchema,
          response: { 200: resultBody(withholdingRangeSchema), ...errorResponses },
        },
      },
      async (request) => ({
        code: 200,
        message: NUMBERING_MESSAGES.withholdingNumbersUpdated,
        result: await numbering.addWithholdingNumbers(
          db,
          scopeOfRequest(request),
          request.body,
          auditContextOf(request),
        ),
      }),
    );
    app.get(
      `${prefix}/getnroRetenciones/:id`,
      {
        preValidation: guard('authenticated'),
        schema: {
          tags: autoTags,
          security,
          summary: 'Secuencias de comprobantes de retención de una razón social',
          params: idParam,
          response: {
            200: z.object({ code: z.number(), results: z.array(withholdingRangeSchema) }),
            ...errorResponses,
          },
        },
      },
      async (request) => ({
        code: 200,
        results: await numbering.withholdingNumbersOf(db, scopeOfRequest(request), request.params.id),
      }),
    );
  }

  // --- Automatic invoice numbers: /mantenimiento/nroFacturaAuto ------------------------------------
  const auto = '/mantenimiento/nroFacturaAuto';
  const paramsGuard = guard({
    anyOf: [COMPANY.can('params'), BRANCH.can('params')],
  });
  const target = z.object({
    id: z.uuid({ error: 'Es requerido' }),
    tipo: z.enum(['Localidad', 'Sucursal']).default('Localidad'),
  });
  const autoAnswer = z.object({ code: z.number(), result: autoNumberingSchema });

  app.post(
    `${auto}/getConsultaNroFacturaAuto`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags: autoTags,
        security,
        summary: 'Modo y rangos de números de factura automáticos',
        body: target,
        response: { 200: autoAnswer, ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      result: await numbering.autoNumbering(db, scopeOfRequest(request), request.body.id, request.body.tipo),
    }),
  );
  app.post(
    `${auto}/updateActivityNroFactura`,
    {
      preValidation: paramsGuard,
      schema: {
        tags: autoTags,
        security,
        summary: 'Cambia el modo: GLOBAL (activar), INDIVIDUAL o INACTIVO (desactivar)',
        body: numberingModeSchema.extend({ id_sucursal: z.uuid().optional() }),
        response: {
          200: resultBody(numberingModeViewSchema),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { id_localidad, id_sucursal, asignaNroFacturas } = request.body;
      const tipo = id_sucursal ? 'Sucursal' : request.body.tipo;
      return {
        code: 200,
        message: 'Parametros actualizados con exito !!!',
        result: await numbering.setNumberingMode(
          db,
          scopeOfRequest(request),
          id_sucursal ?? id_localidad,
          tipo,
          asignaNroFacturas,
          auditContextOf(request),
        ),
      };
    },
  );
  for (const [path, tipo] of [
    ['AddUpdateControlfacturaAuto', 'Localidad'],
    ['AddUpdateControlfacturaAutoSucursal', 'Sucursal'],
  ] as const) {
    app.post(
      `${auto}/${path}`,
      {
        preValidation: paramsGuard,
        schema: {
          tags: autoTags,
          security,
          summary: `Registra un rango de números de factura automáticos (${tipo === 'Sucursal' ? 'sucursal' : 'razón social'})`,
          body: autoNumberSchema,
          response: { 200: resultBody(invoiceNumberRangeSchema), ...errorResponses },
        },
      },
      async (request) => ({
        code: 200,
        message: 'Parametros actualizados con exito !!!',
        result: await numbering.addInvoiceNumberRange(
          db,
          scopeOfRequest(request),
          request.body,
          tipo,
          auditContextOf(request),
        ),
      }),
    );
  }
  app.post(
    `${auto}/deleteAsignaNroFactura`,
    {
      preValidation: paramsGuard,
      schema: {
        tags: autoTags,
        security,
        summary: 'Elimina un rango sin números usados',
        body: z.object({ id: z.uuid({ error: 'Es requerido' }) }),
        response: { 200: resultBody(invoiceNumberRangeSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Eliminado',
      result: await numbering.deleteInvoiceNumberRange(
        db,
        scopeOfRequest(request),
        request.body.id,
        auditContextOf(request),
      ),
    }),
  );

  app.get(
    '/facturas/asignanrofactura',
    {
      preValidation: guard('authenticated'),
      schema: {
        tags: autoTags,
        security,
        summary:
          'El próximo número de factura automático, sin consumirlo (id de la razón social o, con tipo=Sucursal, de la sucursal)',
        querystring: z.object({
          id: z.uuid({ error: 'Es requerido' }),
          tipo: z.string().max(TEXT_MAX.code).optional(),
          sucursalTipo: z.string().max(TEXT_MAX.code).optional(),
        }),
        response: {
          200: resultBody(nextInvoiceNumberSchema),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { id, tipo, sucursalTipo } = request.query;
      const isBranch = tipo === 'Sucursal' || sucursalTipo === 'Sucursal';
      const where = await numbering.resolveTarget(
        db,
        scopeOfRequest(request),
        id,
        isBranch ? 'Sucursal' : 'Localidad',
      );
      const next = await peekInvoiceNumber(db, where.localidadId, where.sucursalId);
      if (!next) throw badRequest(NUMBERING_MESSAGES.autoFailed);
      return { code: 200, message: NUMBERING_MESSAGES.autoAssigned, result: next };
    },
  );
};
