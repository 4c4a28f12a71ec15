import {
  DELIVERY_MESSAGES,
  type DeliveryFamily,
  deliveryStatesAnswerSchema,
  deliveryStatesQuery,
  FAMILY_LIST_SCREENS,
  hasAnyPermission,
  sendDocumentMailAnswerSchema,
  sendDocumentMailSchema,
} from '@sigece/fiscal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, forbidden, notFound } from '../../../http/errors.ts';
import { guard, principalOf, scopeOfRequest } from '../../../http/guard.ts';
import { errorResponses } from '../../../http/responses.ts';
import { assertTenant, canSeeRow } from '../../../http/tenancy.ts';
import { auditContextOf, recordAudit } from '../../audit/service.ts';
import { deliveryOf, deliveryStates, markQueued } from '../../delivery/service.ts';
import { familyOf } from '../registry.ts';
import { documentMailJob, sendDocumentMail } from '../render/mail-job.ts';

/** The list screen of each family: who sees its documents sees, and may send, their e-mail. */
const SCREENS = Object.fromEntries(
  Object.entries(FAMILY_LIST_SCREENS).map(([tipoDoc, list]) => [tipoDoc, list.module]),
) as Record<DeliveryFamily, string>;
const ANY_LIST = { anyOf: Object.values(SCREENS).map((module) => ({ module })) };
const security = [{ bearerAuth: [] }];
const tags = ['correo'];

/**
 * The e-mail delivery of documents: the states of a page of a list, and 'Enviar /
 * Reenviar por correo' to chosen recipients, queued on the job queue like the automatic e-mail.
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  const allowed = (request: Parameters<typeof principalOf>[0], tipoDoc: DeliveryFamily) => {
    if (!hasAnyPermission(principalOf(request), [{ path: SCREENS[tipoDoc] }])) throw forbidden();
  };

  app.get(
    '/correo/estados',
    {
      preValidation: guard(ANY_LIST),
      schema: {
        tags,
        security,
        summary:
          'Estado del envío por correo de cada documento (NO_ENVIADO, EN_COLA, ENVIADO, FALLIDO con la respuesta SMTP)',
        querystring: deliveryStatesQuery,
        response: { 200: deliveryStatesAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { tipoDoc, ids } = request.query;
      allowed(request, tipoDoc);
      const family = familyOf(tipoDoc);
      const scope = scopeOfRequest(request);
      // Only documents the user may see: the others are left out, as if they did not exist.
      const visible: string[] = [];
      for (const id of ids) {
        const header = await family.header(db, id);
        if (header && canSeeRow(scope, header)) visible.push(id);
      }
      return { code: 200, results: await deliveryStates(db, tipoDoc, visible) };
    },
  );

  app.post(
    '/correo/enviar',
    {
      preValidation: guard(ANY_LIST),
      schema: {
        tags,
        security,
        summary:
          'Enviar / Reenviar por correo el PDF firmado de un documento al correo indicado, con copias (CC)',
        body: sendDocumentMailSchema,
        response: { 200: sendDocumentMailAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { tipoDoc, id, correo, ccCorreo } = request.body;
      allowed(request, tipoDoc);
      const family = familyOf(tipoDoc);
      const header = await family.header(db, id);
      if (!header) throw notFound(DELIVERY_MESSAGES.notFound);
      assertTenant(scopeOfRequest(request), header);
      if (header.deleted) throw badRequest(DELIVERY_MESSAGES.annulledOrDeleted);
      if (!header.generated) throw badRequest(DELIVERY_MESSAGES.noPdf);
      const to = [correo];
      await db.transaction(async (tx) => {
        await markQueued(tx, { tipoDoc, id }, to, ccCorreo);
        await recordAudit(tx, auditContextOf(request), {
          entity: family.auditEntity,
          entityId: id,
          action: 'enviar-correo',
          after: { correo: to, ccCorreo },
        });
      });
      const job = { tipoDoc, id, to, cc: ccCorreo };
      if (app.deps.jobs) await app.deps.jobs.send(documentMailJob, job);
      else await sendDocumentMail(app.deps, job).catch(() => undefined);
      return { code: 200, message: DELIVERY_MESSAGES.queued, result: await deliveryOf(db, tipoDoc, id) };
    },
  );
};
