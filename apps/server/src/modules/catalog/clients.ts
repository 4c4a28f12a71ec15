import {
  clientMatchesAnswerSchema,
  clientRowSchema,
  clientSchema,
  formatRif,
  INVOICE_SCREENS,
  idParam,
  pageQuery,
  REGISTER_STATUSES,
  screen,
  z,
} from '@sigece/fiscal';
import { and, asc, eq, ilike, like, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client.ts';
import { clientes } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { guard, scopeOfRequest } from '../../http/guard.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { errorResponses, pageBody, resultBody } from '../../http/responses.ts';
import { assertTenant, tenantCondition } from '../../http/tenancy.ts';
import { auditContextOf, recordAudit } from '../audit/service.ts';
import { companyExists } from '../companies/lookup.service.ts';

const CLIENTS = screen('/seguridad/clientes');
const NEW_INVOICE = INVOICE_SCREENS.create.module;
const security = [{ bearerAuth: [] }];
const tags = ['clientes'];

/** The picker's limit: at most 10 suggestions, matched from the start (spec 002 §2.11). */
export const PICKER_LIMIT = 10;

type ClientRow = typeof clientes.$inferSelect;

export function clientView(c: ClientRow) {
  return {
    id: c.id,
    _id: c.id,
    id_localidad: c.localidadId,
    tipoDocumento: c.tipoDocumento,
    numeroDocumento: c.numeroDocumento,
    identificacion: c.identificacion,
    correo: c.correo,
    ccCorreo: c.ccCorreo,
    direccion: c.direccion,
    telefonoMovil: c.telefonoMovil,
    telefonoHabitacion: c.telefonoHabitacion,
    contribuyenteEspecial: c.contribuyenteEspecial,
    tipoProveedor: c.tipoProveedor,
    tipoPersona: c.tipoPersona,
    /** "tipo-numero / name", as the picker shows it. */
    etiqueta: `${formatRif(c.tipoDocumento, c.numeroDocumento)} / ${c.identificacion}`,
    logEstatusRegistro: c.status,
  };
}

function clientValues(input: z.infer<typeof clientSchema>) {
  return {
    localidadId: input.id_localidad,
    tipoDocumento: input.tipoDocumento,
    numeroDocumento: input.numeroDocumento,
    identificacion: input.identificacion,
    correo: input.correo.toLowerCase(),
    ccCorreo: input.ccCorreo?.toLowerCase() ?? null,
    direccion: input.direccion,
    telefonoMovil: input.telefonoMovil,
    telefonoHabitacion: input.telefonoHabitacion ?? null,
    contribuyenteEspecial: input.contribuyenteEspecial,
    tipoProveedor: input.tipoProveedor,
  };
}

async function assertUnique(db: DbOrTx, input: z.infer<typeof clientSchema>, exceptId?: string) {
  if (!(await companyExists(db, input.id_localidad))) throw badRequest('La razón social no existe');
  const [taken] = await db
    .select({ id: clientes.id })
    .from(clientes)
    .where(
      and(
        eq(clientes.localidadId, input.id_localidad),
        eq(clientes.tipoDocumento, input.tipoDocumento),
        eq(clientes.numeroDocumento, input.numeroDocumento),
      ),
    )
    .limit(1);
  if (taken && taken.id !== exceptId)
    throw conflict(`El cliente ${formatRif(input.tipoDocumento, input.numeroDocumento)} ya existe`);
}

export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const base = '/mantenimiento/cliente';
  // The invoice screen's new-client modal creates clients too.
  const canWrite = guard({ anyOf: [{ module: CLIENTS.module }, { module: NEW_INVOICE }] });

  app.get(
    `${base}/getclientes`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: 'Clientes de las razones sociales visibles (paginado; localidad filtra por razón social)',
        querystring: pageQuery.extend({
          status: z.enum(REGISTER_STATUSES).optional(),
          localidad: z.uuid().optional(),
        }),
        response: { 200: pageBody(clientRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const term = q.search ? likePattern(q.search) : undefined;
      const where = and(
        tenantCondition(scopeOfRequest(request), { localidad: clientes.localidadId }),
        term
          ? or(
              ilike(clientes.numeroDocumento, term),
              ilike(clientes.identificacion, term),
              ilike(clientes.correo, term),
            )
          : undefined,
        q.status ? eq(clientes.status, q.status) : undefined,
        q.localidad ? eq(clientes.localidadId, q.localidad) : undefined,
      );
      const [total, rows] = await Promise.all([
        db.$count(clientes, where),
        db
          .select()
          .from(clientes)
          .where(where)
          .orderBy(asc(clientes.identificacion))
          .limit(q.limit)
          .offset(offsetOf(q)),
      ]);
      return pageOf(q, rows.map(clientView), total);
    },
  );

  app.get(
    `${base}/buscar`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary:
          'Selector de clientes: hasta 10 coincidencias por el inicio del número de documento o, si se escriben letras, por el nombre',
        querystring: z.object({
          localidad: z.uuid({ error: 'Seleccione la razón social' }),
          q: z.string().trim().max(90, 'Maximo 90 caracteres permitidos').default(''),
        }),
        response: { 200: clientMatchesAnswerSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { localidad, q } = request.query;
      assertTenant(scopeOfRequest(request), { localidadId: localidad });
      // Letters search the name (anywhere in it, without case), digits the document number.
      // 'V-1234' is still a number: the document type's letter before digits does not count.
      if (/\p{L}/u.test(q.replace(/^[VEJGPC]-?(?=\d)/i, ''))) {
        const rows = await db
          .select()
          .from(clientes)
          .where(
            and(
              eq(clientes.localidadId, localidad),
              eq(clientes.status, 'ACTIVO'),
              ilike(clientes.identificacion, likePattern(q)),
            ),
          )
          .orderBy(asc(clientes.identificacion))
          .limit(PICKER_LIMIT);
        return { code: 200, results: rows.map(clientView) };
      }
      if (q.replace(/\D/g, '').length > 9) throw badRequest('Maximo 9 caracteres permitidos');
      const digits = q.replace(/\D/g, '');
      // A prefix on the text_pattern_ops index: the search stays an index range scan at any size. The
      // order uses that index's operator (~<~, the same order for digit strings), so the index also
      // gives the order and a one-digit prefix reads 10 rows instead of sorting a ninth of the company.
      const rows = await db
        .select()
        .from(clientes)
        .where(
          and(
            eq(clientes.localidadId, localidad),
            eq(clientes.status, 'ACTIVO'),
            like(clientes.numeroDocumento, `${digits}%`),
          ),
        )
        .orderBy(sql`${clientes.numeroDocumento} using ~<~`)
        .limit(PICKER_LIMIT);
      return { code: 200, results: rows.map(clientView) };
    },
  );

  app.post(
    `${base}/addcliente`,
    {
      preValidation: canWrite,
      schema: {
        tags,
        security,
        summary: 'Crea un cliente de una razón social',
        body: clientSchema,
        response: { 200: resultBody(clientRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const input = request.body;
      assertTenant(scopeOfRequest(request), { localidadId: input.id_localidad });
      const audit = auditContextOf(request);
      const result = await db.transaction(async (tx) => {
        await assertUnique(tx, input);
        const [row] = await tx
          .insert(clientes)
          .values({ ...clientValues(input), createdBy: audit.userEmail ?? 'sistema' })
          .returning();
        await recordAudit(tx, audit, { entity: 'cliente', entityId: row.id, action: 'create', after: row });
        return clientView(row);
      });
      return { code: 200, message: 'Guardado', result };
    },
  );

  app.put(
    `${base}/updatecliente/:id`,
    {
      preValidation: canWrite,
      schema: {
        tags,
        security,
        summary: 'Modifica un cliente',
        params: idParam,
        body: clientSchema,
        response: { 200: resultBody(clientRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const input = request.body;
      const scope = scopeOfRequest(request);
      const audit = auditContextOf(request);
      const result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(clientes).where(eq(clientes.id, request.params.id)).limit(1);
        if (!before) throw notFound('Cliente no encontrado');
        assertTenant(scope, { localidadId: before.localidadId });
        if (input.id_localidad !== before.localidadId)
          throw badRequest('El cliente pertenece a otra razón social');
        await assertUnique(tx, input, before.id);
        const [row] = await tx
          .update(clientes)
          .set({ ...clientValues(input), updatedAt: new Date() })
          .where(eq(clientes.id, before.id))
          .returning();
        await recordAudit(tx, audit, {
          entity: 'cliente',
          entityId: row.id,
          action: 'update',
          before,
          after: row,
        });
        return clientView(row);
      });
      return { code: 200, message: 'Actualizado', result };
    },
  );

  app.put(
    `${base}/ActDesCliente/:id`,
    {
      preValidation: guard({ module: CLIENTS.module }),
      schema: {
        tags,
        security,
        summary: 'Activa o inactiva un cliente',
        params: idParam,
        response: { 200: resultBody(clientRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOfRequest(request);
      const audit = auditContextOf(request);
      const result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(clientes).where(eq(clientes.id, request.params.id)).limit(1);
        if (!before) throw notFound('Cliente no encontrado');
        assertTenant(scope, { localidadId: before.localidadId });
        const status = before.status === 'ACTIVO' ? 'INACTIVO' : 'ACTIVO';
        const [row] = await tx
          .update(clientes)
          .set({ status, updatedAt: new Date() })
          .where(eq(clientes.id, before.id))
          .returning();
        await recordAudit(tx, audit, {
          entity: 'cliente',
          entityId: row.id,
          action: status === 'ACTIVO' ? 'activate' : 'deactivate',
          before: { logEstatusRegistro: before.status },
          after: { logEstatusRegistro: status },
        });
        return clientView(row);
      });
      return {
        code: 200,
        message: result.logEstatusRegistro === 'ACTIVO' ? 'Activado' : 'Inactivado',
        result,
      };
    },
  );
};
