import {
  caracasDate,
  conceptoIslrSchema,
  pageQuery,
  screen,
  tipoGravamenRowSchema,
  tipoGravamenSchema,
  z,
} from '@sigece/fiscal';
import { asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client.ts';
import { conceptosIslr, tiposGravamen, valoresGravamen } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { guard } from '../../http/guard.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { errorResponses, pageBody, resultBody } from '../../http/responses.ts';
import { auditContextOf, recordAudit } from '../audit/service.ts';
import { taxUnitInForce } from './tax-units.ts';

const TIPO = screen('/mantenimiento/TipoGravamen');
const security = [{ bearerAuth: [] }];

type TipoRow = typeof tiposGravamen.$inferSelect;
type ValorRow = typeof valoresGravamen.$inferSelect;

function tipoView(t: TipoRow, valores: ValorRow[]) {
  return {
    id: t.id,
    idgravamen: t.id,
    codigo: t.codigo,
    concepto: t.concepto,
    ivaGeneral: t.ivaGeneral,
    tipo: t.tipo,
    exento: t.exento,
    exonerado: t.exonerado,
    lstValores: valores.map((v) => ({
      id: v.id,
      valor: v.valor,
      fechaDesde: v.fechaDesde,
      fechaHasta: v.fechaHasta,
      logEstatusRegistro: v.status,
    })),
    logEstatusRegistro: t.status,
  };
}

/** Every tax type with its values (a product's view shows the one it carries). */
export async function allTaxTypesWithValues(db: DbOrTx) {
  return tiposWithValores(db, await db.select().from(tiposGravamen));
}

/** Whether a tax type exists and is active (a product may carry only such a one). */
export async function isActiveTaxType(db: DbOrTx, id: string): Promise<boolean> {
  const [tipo] = await db
    .select({ status: tiposGravamen.status })
    .from(tiposGravamen)
    .where(eq(tiposGravamen.id, id))
    .limit(1);
  return tipo?.status === 'ACTIVO';
}

export async function tiposWithValores(db: DbOrTx, tipos: TipoRow[]) {
  const valores = tipos.length
    ? await db
        .select()
        .from(valoresGravamen)
        .where(
          inArray(
            valoresGravamen.tipoGravamenId,
            tipos.map((t) => t.id),
          ),
        )
        .orderBy(asc(valoresGravamen.fechaDesde))
    : [];
  return tipos.map((t) =>
    tipoView(
      t,
      valores.filter((v) => v.tipoGravamenId === t.id),
    ),
  );
}

/** The rate in force for a tax type on a date: its ACTIVO value whose validity covers the date. */
export function valueInForce(tipo: ReturnType<typeof tipoView>, fecha: string): string | null {
  if (tipo.exento || tipo.exonerado) return '0';
  const value = tipo.lstValores
    .filter(
      (v) =>
        v.logEstatusRegistro === 'ACTIVO' &&
        v.fechaDesde <= fecha &&
        (!v.fechaHasta || v.fechaHasta >= fecha),
    )
    .at(-1);
  return value?.valor ?? null;
}

export const taxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['referencia: alícuotas'];

  app.get(
    '/mantenimiento/gravamen/querygravemen',
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: 'Tipos de alícuota con sus valores',
        querystring: pageQuery,
        response: { 200: pageBody(tipoGravamenRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const where = q.search
        ? or(
            ilike(tiposGravamen.concepto, likePattern(q.search)),
            ilike(tiposGravamen.codigo, likePattern(q.search)),
          )
        : undefined;
      const [total, tipos] = await Promise.all([
        db.$count(tiposGravamen, where),
        db
          .select()
          .from(tiposGravamen)
          .where(where)
          .orderBy(asc(tiposGravamen.codigo))
          .limit(q.limit)
          .offset(offsetOf(q)),
      ]);
      return pageOf(q, await tiposWithValores(db, tipos), total);
    },
  );

  app.post(
    '/mantenimiento/gravamen/addgravemen',
    {
      preValidation: guard(TIPO.can('add')),
      schema: {
        tags,
        security,
        summary: 'Crea un tipo de alícuota con sus valores',
        body: tipoGravamenSchema,
        response: { 200: resultBody(tipoGravamenRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const input = request.body;
      const audit = auditContextOf(request);
      const result = await db.transaction(async (tx) => {
        const [taken] = await tx
          .select({ id: tiposGravamen.id })
          .from(tiposGravamen)
          .where(eq(tiposGravamen.codigo, input.codigo))
          .limit(1);
        if (taken) throw conflict(`Ya existe un tipo de alícuota con el código ${input.codigo}`);
        const [tipo] = await tx
          .insert(tiposGravamen)
          .values({
            codigo: input.codigo,
            concepto: input.concepto,
            tipo: input.tipo,
            ivaGeneral: input.ivaGeneral,
            createdBy: audit.userEmail ?? 'sistema',
          })
          .returning();
        const valores = await tx
          .insert(valoresGravamen)
          .values(
            input.lstValores.map((v) => ({
              tipoGravamenId: tipo.id,
              valor: v.valor,
              fechaDesde: v.fechaDesde,
              fechaHasta: v.fechaHasta,
            })),
          )
          .returning();
        await recordAudit(tx, audit, {
          entity: 'tipoGravamen',
          entityId: tipo.id,
          action: 'create',
          after: { tipo, valores },
        });
        return tipoView(tipo, valores);
      });
      // The screen shows this text after adding a tax type (spec 002 §8, wording as shown).
      return { code: 200, message: 'Sucursal registrada', result };
    },
  );

  app.put(
    '/mantenimiento/gravamen/ActDesGravamen',
    {
      preValidation: guard(TIPO.can('cancel')),
      schema: {
        tags,
        security,
        summary: 'Activa o inactiva un tipo de alícuota (cuerpo: el tipo)',
        body: z
          .object({ id: z.uuid().optional(), idgravamen: z.uuid().optional() })
          .refine((v) => v.id || v.idgravamen, 'Es requerido'),
        response: { 200: resultBody(tipoGravamenRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const id = (request.body.id ?? request.body.idgravamen)!;
      const audit = auditContextOf(request);
      const result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(tiposGravamen).where(eq(tiposGravamen.id, id)).limit(1);
        if (!before) throw notFound('Tipo de alícuota no encontrado');
        const status = before.status === 'ACTIVO' ? 'INACTIVO' : 'ACTIVO';
        const [row] = await tx
          .update(tiposGravamen)
          .set({ status, updatedAt: new Date() })
          .where(eq(tiposGravamen.id, id))
          .returning();
        await recordAudit(tx, audit, {
          entity: 'tipoGravamen',
          entityId: id,
          action: status === 'ACTIVO' ? 'activate' : 'deactivate',
          before: { logEstatusRegistro: before.status },
          after: { logEstatusRegistro: status },
        });
        return (await tiposWithValores(tx, [row]))[0];
      });
      return { code: 200, message: 'Tipo de Gravamen Actualizada', result };
    },
  );

  app.get(
    '/retenciones/queryConceptosIsrl',
    {
      preValidation: guard('authenticated'),
      schema: {
        tags: ['retenciones'],
        security,
        summary: 'Conceptos de retención de ISLR (Decreto 1.808), solo lectura',
        querystring: pageQuery.extend({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: pageBody(conceptoIslrSchema), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const where = q.search
        ? or(
            ilike(conceptosIslr.codigo, likePattern(q.search)),
            ilike(conceptosIslr.concepto, likePattern(q.search)),
          )
        : undefined;
      const [total, rows, ut] = await Promise.all([
        db.$count(conceptosIslr, where),
        db
          .select()
          .from(conceptosIslr)
          .where(where)
          .orderBy(asc(conceptosIslr.codigo))
          .limit(q.limit)
          .offset(offsetOf(q)),
        // The UT in force today: the sustraendo of a concept is UT × Factor × Porcentaje (Decreto 1.808).
        taxUnitInForce(db, caracasDate(new Date())),
      ]);
      return pageOf(
        q,
        rows.map((r) => ({
          Codigo: r.codigo,
          Concepto: r.concepto,
          TipoPersona: r.tipoPersona,
          Porcentaje: r.porcentaje,
          BaseImponible: r.baseImponible,
          Sustraendo: r.sustraendo,
          UT: r.sustraendo ? (ut?.valor ?? null) : null,
          Factor: r.factor,
          Tarifa2: Boolean(r.tarifa2),
          MontoMinimo: r.montoMinimo ?? null,
        })),
        total,
      );
    },
  );
};
