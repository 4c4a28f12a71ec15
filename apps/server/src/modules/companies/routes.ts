import {
  branchesAnswerSchema,
  branchRowSchema,
  branchSchema,
  branchUpdateSchema,
  COMPANY_MESSAGES,
  certificateFieldsSchema,
  certificateRowSchema,
  companyCreateSchema,
  companyDetailSchema,
  companyRowSchema,
  companyUpdateSchema,
  idParam,
  looseBoolean,
  pageQuery,
  REGISTER_STATUSES,
  screen,
  thirdPartiesAnswerSchema,
  thirdPartyRowSchema,
  thirdPartySchema,
  z,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../http/errors.ts';
import { guard, principalOf, scopeOfRequest } from '../../http/guard.ts';
import { readMultipart } from '../../http/multipart.ts';
import { errorResponses, pageBody, resultBody } from '../../http/responses.ts';
import { auditContextOf } from '../audit/service.ts';
import * as branches from './branches.service.ts';
import * as companies from './service.ts';

const COMPANY = screen('/mantenimiento/Localidad');
const BRANCH = screen('/mantenimiento/Sucursal');
const security = [{ bearerAuth: [] }];

const listQuery = pageQuery.extend({ status: z.enum(REGISTER_STATUSES).optional() });

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, secrets } = app.deps;
  const tags = ['razón social'];

  app.get(
    '/mantenimiento/localidad/getlocalidades',
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: 'Razones sociales visibles para el usuario, con sus sucursales (paginado)',
        querystring: listQuery,
        response: { 200: pageBody(companyRowSchema), ...errorResponses },
      },
    },
    async (request) => companies.listCompanies(db, scopeOfRequest(request), request.query),
  );

  app.get(
    '/mantenimiento/localidad/getlocalidad/:id',
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary:
          'Detalle de una razón social con sus bloques de números de control (sin el certificado ni su contraseña)',
        params: idParam,
        response: { 200: resultBody(companyDetailSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: 'Consulta exitosa',
      result: await companies.companyDetail(db, scopeOfRequest(request), request.params.id),
    }),
  );

  // Logos are printed on public documents and shown on the verification page: no token needed.
  app.get(
    '/mantenimiento/localidad/logo/:id',
    { schema: { tags, summary: 'Logo JPG de la razón social', params: idParam } },
    async (request, reply) => {
      const logo = await companies.companyLogo(db, request.params.id);
      if (!logo) return reply.code(404).send({ code: 404, message: 'La razón social no tiene logo' });
      return reply.type('image/jpeg').header('cache-control', 'public, max-age=300').send(logo);
    },
  );

  app.post(
    '/mantenimiento/localidad/addlocalidad',
    {
      preValidation: guard(COMPANY.can('add')),
      schema: {
        tags,
        security,
        summary: 'Crea una razón social (logo JPG en base64)',
        body: companyCreateSchema,
        response: { 200: resultBody(companyRowSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: companies.COMPANY_SUCCESS.created,
      result: await companies.createCompany(db, principalOf(request), request.body, auditContextOf(request)),
    }),
  );

  app.put(
    '/mantenimiento/localidad/updatelocalidad/:id',
    {
      preValidation: guard(COMPANY.can('update')),
      schema: {
        tags,
        security,
        summary: 'Modifica una razón social (logo y sello opcionales)',
        params: idParam,
        body: companyUpdateSchema,
        response: { 200: resultBody(companyRowSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: companies.COMPANY_SUCCESS.updated,
      result: await companies.updateCompany(
        db,
        scopeOfRequest(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      ),
    }),
  );

  app.put(
    '/mantenimiento/localidad/inactivarLocalidad/:id',
    {
      preValidation: guard(COMPANY.can('delete')),
      schema: {
        tags,
        security,
        summary: 'Inactiva o activa una razón social',
        params: idParam,
        response: { 200: resultBody(companyRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { message, result } = await companies.toggleCompany(
        db,
        scopeOfRequest(request),
        request.params.id,
        auditContextOf(request),
      );
      return { code: 200, message, result };
    },
  );

  app.put(
    '/mantenimiento/localidad/uploadcertificado/:id',
    {
      preValidation: guard(COMPANY.can('addCertificado')),
      schema: {
        tags,
        security,
        summary:
          'Registra el certificado digital PKCS#12 (multipart: certificado, keyStoreAlias, keyStorePassword)',
        consumes: ['multipart/form-data'],
        params: idParam,
        response: { 200: resultBody(certificateRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Envíe el certificado como multipart/form-data');
      const { fields, files } = await readMultipart(request, {
        fileSize: 10_000_000,
        fileTooLarge: COMPANY_MESSAGES.fileTooHeavy,
        files: 2,
      });
      const file = files.find((f) => f.fieldname === 'certificado')?.data;
      const parsed = certificateFieldsSchema.safeParse(Object.fromEntries(fields));
      if (!parsed.success) {
        const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        throw badRequest(errors[0].message, errors);
      }
      return {
        code: 200,
        message: companies.COMPANY_SUCCESS.certificate,
        result: await companies.uploadCertificate(
          db,
          secrets,
          scopeOfRequest(request),
          request.params.id,
          { file, ...parsed.data },
          auditContextOf(request),
          app.deps.config.certificateOpenTimeoutMs,
        ),
      };
    },
  );

  // The parameter switches (spec 000 §7): e-mail sending and watermark, for companies and branches.
  const switches = [
    {
      path: '/mantenimiento/localidad/activarEnvioEmail',
      module: COMPANY.module,
      value: 'activaEnvioEmail',
      id: '_id',
      flag: 'envioEmail',
      of: 'company',
    },
    {
      path: '/mantenimiento/localidad/activarMarcaAguaLocalidad',
      module: COMPANY.module,
      value: 'activaMarcaAgua',
      id: '_id',
      flag: 'marcaAguaFactura',
      of: 'company',
    },
    {
      path: '/mantenimiento/sucursal/activarEnvioEmail',
      module: BRANCH.module,
      value: 'activaEnvioEmail',
      id: 'id',
      flag: 'envioEmail',
      of: 'branch',
    },
    {
      path: '/mantenimiento/sucursal/activarMarcaAguaSucursal',
      module: BRANCH.module,
      value: 'activaMarcaAgua',
      id: '_id',
      flag: 'marcaAguaFactura',
      of: 'branch',
    },
  ] as const;
  for (const sw of switches) {
    app.put(
      sw.path,
      {
        preValidation: guard({ module: sw.module, action: 'params' }),
        schema: {
          tags: sw.of === 'company' ? tags : ['sucursales'],
          security,
          summary: `${sw.flag === 'envioEmail' ? 'Activa o desactiva el envío de facturas por correo' : 'Activa o desactiva la marca de agua en las facturas'} (${sw.of === 'company' ? 'razón social' : 'sucursal'})`,
          body: z.object({ [sw.value]: looseBoolean, [sw.id]: z.uuid() }),
          response: {
            200: resultBody(sw.of === 'company' ? companyRowSchema : branchRowSchema),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const body = request.body as Record<string, unknown>;
        const [id, value, scope, audit] = [
          body[sw.id] as string,
          body[sw.value] as boolean,
          scopeOfRequest(request),
          auditContextOf(request),
        ];
        const result =
          sw.of === 'company'
            ? await companies.setCompanyFlag(db, scope, id, sw.flag, value, audit)
            : await branches.setBranchFlag(db, scope, id, sw.flag, value, audit);
        return { code: 200, message: companies.COMPANY_SUCCESS.params, result };
      },
    );
  }

  // --- Third-party accounts --------------------------------------------------------------------------
  const thirdTags = ['razón social: cuentas de terceros'];
  app.get(
    '/mantenimiento/localidad/cuentatercero/getcuentasterceros/:id',
    {
      preValidation: guard('authenticated'),
      schema: {
        tags: thirdTags,
        security,
        summary: 'Cuentas de terceros de una razón social',
        params: idParam,
        response: {
          200: thirdPartiesAnswerSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => ({
      code: 200,
      results: await companies.listThirdParties(db, scopeOfRequest(request), request.params.id),
    }),
  );
  app.post(
    '/mantenimiento/localidad/cuentatercero/addcuentatercero',
    {
      preValidation: guard(COMPANY.can('cuentaTerceros')),
      schema: {
        tags: thirdTags,
        security,
        summary: 'Agrega una cuenta de terceros',
        body: thirdPartySchema,
        response: { 200: resultBody(thirdPartyRowSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: companies.COMPANY_SUCCESS.thirdPartyCreated,
      result: await companies.addThirdParty(
        db,
        scopeOfRequest(request),
        request.body,
        auditContextOf(request),
      ),
    }),
  );
  app.put(
    '/mantenimiento/localidad/cuentatercero/updatecuentatercero/:id',
    {
      preValidation: guard(COMPANY.can('cuentaTerceros')),
      schema: {
        tags: thirdTags,
        security,
        summary: 'Modifica una cuenta de terceros',
        params: idParam,
        body: thirdPartySchema.extend({ id: z.uuid().optional() }),
        response: { 200: resultBody(thirdPartyRowSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: companies.COMPANY_SUCCESS.thirdPartyUpdated,
      result: await companies.updateThirdParty(
        db,
        scopeOfRequest(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      ),
    }),
  );
  app.delete(
    '/mantenimiento/localidad/cuentatercero/deletecuentatercero/:id',
    {
      preValidation: guard(COMPANY.can('cuentaTerceros')),
      schema: {
        tags: thirdTags,
        security,
        summary: 'Elimina una cuenta de terceros',
        params: idParam,
        response: { 200: resultBody(thirdPartyRowSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: companies.COMPANY_SUCCESS.thirdPartyDeleted,
      result: await companies.deleteThirdParty(
        db,
        scopeOfRequest(request),
        request.params.id,
        auditContextOf(request),
      ),
    }),
  );

  // --- Branches: /mantenimiento/sucursal ----------------------------------------------------------------
  const branchTags = ['sucursales'];
  const branchWrite = guard({
    anyOf: [BRANCH.can('add'), COMPANY.can('addSucursal')],
  });
  const branchEdit = guard({
    anyOf: [BRANCH.can('update'), COMPANY.can('addSucursal')],
  });

  app.get(
    '/mantenimiento/sucursal/getsucursales',
    {
      preValidation: guard('authenticated'),
      schema: {
        tags: branchTags,
        security,
        summary: 'Sucursales visibles para el usuario (paginado; localidad filtra por razón social)',
        querystring: listQuery.extend({ localidad: z.uuid().optional() }),
        response: { 200: pageBody(branchRowSchema), ...errorResponses },
      },
    },
    async (request) => branches.listBranches(db, scopeOfRequest(request), request.query),
  );
  app.get(
    '/mantenimiento/sucursal/sucursalbylocalidad/:id',
    {
      preValidation: guard('authenticated'),
      schema: {
        tags: branchTags,
        security,
        summary: 'Sucursales de una razón social',
        params: idParam,
        response: { 200: branchesAnswerSchema, ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      results: await branches.branchesOfCompany(db, scopeOfRequest(request), request.params.id),
    }),
  );
  app.post(
    '/mantenimiento/sucursal/addsucursal',
    {
      preValidation: branchWrite,
      schema: {
        tags: branchTags,
        security,
        summary: 'Agrega una sucursal',
        body: branchSchema,
        response: { 200: resultBody(branchRowSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: branches.BRANCH_SUCCESS.created,
      result: await branches.addBranch(db, scopeOfRequest(request), request.body, auditContextOf(request)),
    }),
  );
  app.post(
    '/mantenimiento/sucursal/updatesucursal',
    {
      preValidation: branchEdit,
      schema: {
        tags: branchTags,
        security,
        summary: 'Modifica una sucursal',
        body: branchUpdateSchema,
        response: { 200: resultBody(branchRowSchema), ...errorResponses },
      },
    },
    async (request) => ({
      code: 200,
      message: branches.BRANCH_SUCCESS.updated,
      result: await branches.updateBranch(db, scopeOfRequest(request), request.body, auditContextOf(request)),
    }),
  );
  app.put(
    '/mantenimiento/sucursal/inactivarSucursal/:id',
    {
      preValidation: branchEdit,
      schema: {
        tags: branchTags,
        security,
        summary: 'Inactiva o activa una sucursal',
        params: idParam,
        response: { 200: resultBody(branchRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const result = await branches.toggleBranch(
        db,
        scopeOfRequest(request),
        request.params.id,
        auditContextOf(request),
      );
      return {
        code: 200,
        message: result.logEstatusRegistro === 'ACTIVO' ? 'Activado' : 'Inactivado',
        result,
      };
    },
  );
};
