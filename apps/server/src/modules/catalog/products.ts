import {
  caracasDate,
  idParam,
  pageQuery,
  pricedProductsAnswerSchema,
  productRowSchema,
  productSchema,
  REGISTER_STATUSES,
  screen,
  TEXT_MAX,
  z,
} from '@sigece/fiscal';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client.ts';
import { productos } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { guard, scopeOfRequest } from '../../http/guard.ts';
import { likePattern, offsetOf, pageOf } from '../../http/paging.ts';
import { errorResponses, pageBody, resultBody } from '../../http/responses.ts';
import { assertTenant, tenantCondition } from '../../http/tenancy.ts';
import { auditContextOf, recordAudit } from '../audit/service.ts';
import { companyNameOf } from '../companies/issuers.service.ts';
import { companyExists, companyName } from '../companies/lookup.service.ts';
import { allTaxTypesWithValues, isActiveTaxType, valueInForce } from '../reference/taxes.ts';

const PRODUCT = screen('/mantenimiento/Producto');
const security = [{ bearerAuth: [] }];
const tags = ['productos'];

type ProductRow = typeof productos.$inferSelect;

const PRICE_BY_CURRENCY = { VEF: 'precio', USD: 'divisaPrecio', PTR: 'precioPtr', EUR: 'precioEur' } as const;

async function productViews(db: DbOrTx, rows: Array<{ product: ProductRow; company: string }>) {
  const tipoIds = [...new Set(rows.map((r) => r.product.tipoGravamenId).filter((id): id is string => !!id))];
  const tipos = tipoIds.length ? await allTaxTypesWithValues(db) : [];
  const today = caracasDate();
  return rows.map(({ product: p, company }) => {
    const tipo = tipos.find((t) => t.id === p.tipoGravamenId);
    return {
      id: p.id,
      idProducto: p.id,
      id_localidad: { id: p.localidadId, nombre: company },
      codigo: p.codigo,
      descripcion: p.descripcion,
      unidadMedida: p.unidadMedida,
      precio: p.precio,
      divisaPrecio: p.divisaPrecio,
      PrecioPtr: p.precioPtr,
      PrecioEur: p.precioEur,
      stock: p.stock,
      tipoVenta: p.tipoVenta,
      exento: p.exento,
      exonerado: p.exonerado,
      tipoGravamen: tipo
        ? {
            idgravamen: tipo.id,
            codigo: tipo.codigo,
            concepto: tipo.concepto,
            ivaGeneral: tipo.ivaGeneral,
            valor: valueInForce(tipo, today),
          }
        : null,
      tipoAlicuota: p.exonerado ? 'Exonerado' : p.exento ? 'Exento' : (tipo?.concepto ?? ''),
      logEstatusRegistro: p.status,
    };
  });
}

function productValues(input: z.infer<typeof productSchema>) {
  return {
    localidadId: input.id_localidad,
    codigo: input.codigo,
    descripcion: input.descripcion,
    unidadMedida: input.unidadMedida.toUpperCase(),
    precio: input.precio,
    divisaPrecio: input.divisaPrecio,
    precioPtr: input.PrecioPtr,
    precioEur: input.PrecioEur,
    stock: input.stock,
    tipoVenta: input.tipoVenta,
    exento: input.exento,
    exonerado: input.exonerado,
    // Exento and Exonerado carry no tax type (spec 002 §4).
    tipoGravamenId: input.exento || input.exonerado ? null : (input.tipoGravamen?.idgravamen ?? null),
  };
}

async function checkReferences(db: DbOrTx, input: z.infer<typeof productSchema>, exceptId?: string) {
  if (!(await companyExists(db, input.id_localidad))) throw badRequest('La razón social no existe');
  const tipoId = input.exento || input.exonerado ? undefined : input.tipoGravamen?.idgravamen;
  if (tipoId) {
    if (!(await isActiveTaxType(db, tipoId)))
      throw badRequest('El tipo de alícuota no existe o está inactivo');
  }
  const [taken] = await db
    .select({ id: productos.id })
    .from(productos)
    .where(and(eq(productos.localidadId, input.id_localidad), eq(productos.codigo, input.codigo)))
    .limit(1);
  if (taken && taken.id !== exceptId) throw conflict(`Ya existe un producto con el código ${input.codigo}`);
}

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const base = '/mantenimiento/producto';

  const select = () =>
    db
      // A product's company is required (not null, a foreign key): the name as a scalar subquery is what
      // the inner join gave.
      .select({ product: productos, company: sql<string>`${companyNameOf(productos.localidadId)}` })
      .from(productos);

  app.get(
    `${base}/getproductos`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: 'Productos de las razones sociales visibles (paginado)',
        querystring: pageQuery.extend({
          status: z.enum(REGISTER_STATUSES).optional(),
          localidad: z.uuid().optional(),
        }),
        response: { 200: pageBody(productRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const term = q.search ? likePattern(q.search) : undefined;
      const where = and(
        tenantCondition(scopeOfRequest(request), { localidad: productos.localidadId }),
        term ? or(ilike(productos.codigo, term), ilike(productos.descripcion, term)) : undefined,
        q.status ? eq(productos.status, q.status) : undefined,
        q.localidad ? eq(productos.localidadId, q.localidad) : undefined,
      );
      const [total, rows] = await Promise.all([
        db.$count(productos, where),
        select().where(where).orderBy(asc(productos.descripcion)).limit(q.limit).offset(offsetOf(q)),
      ]);
      return pageOf(q, await productViews(db, rows), total);
    },
  );

  app.get(
    `${base}/prductosbylocalidad/:id/divisa/:divisa`,
    {
      preValidation: guard('authenticated'),
      schema: {
        tags,
        security,
        summary: 'Productos activos de una razón social con precio en la divisa pedida (VEF, USD, EUR, PTR)',
        params: idParam.extend({
          divisa: z.enum(['VEF', 'USD', 'EUR', 'PTR'], { error: 'Divisa no admitida' }),
        }),
        querystring: z.object({
          search: z.string().max(TEXT_MAX.search).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(500),
        }),
        response: {
          200: pricedProductsAnswerSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { id, divisa } = request.params;
      assertTenant(scopeOfRequest(request), { localidadId: id });
      const term = request.query.search ? likePattern(request.query.search) : undefined;
      const rows = await select()
        .where(
          and(
            eq(productos.localidadId, id),
            eq(productos.status, 'ACTIVO'),
            term ? or(ilike(productos.codigo, term), ilike(productos.descripcion, term)) : undefined,
          ),
        )
        .orderBy(asc(productos.descripcion))
        .limit(request.query.limit);
      const column = PRICE_BY_CURRENCY[divisa];
      const views = await productViews(db, rows);
      const results = views
        .map((v, i) => ({ ...v, precioDivisa: rows[i].product[column] }))
        .filter((v) => Number(v.precioDivisa) > 0);
      return { code: 200, results, sinPrecio: views.length - results.length };
    },
  );

  app.post(
    `${base}/addproducto`,
    {
      preValidation: guard(PRODUCT.can('add')),
      schema: {
        tags,
        security,
        summary: 'Crea un producto',
        body: productSchema,
        response: { 200: resultBody(productRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const input = request.body;
      assertTenant(scopeOfRequest(request), { localidadId: input.id_localidad });
      const audit = auditContextOf(request);
      const result = await db.transaction(async (tx) => {
        await checkReferences(tx, input);
        const [row] = await tx
          .insert(productos)
          .values({ ...productValues(input), createdBy: audit.userEmail ?? 'sistema' })
          .returning();
        await recordAudit(tx, audit, { entity: 'producto', entityId: row.id, action: 'create', after: row });
        return row;
      });
      const company = (await companyName(db, result.localidadId)) ?? '';
      return {
        code: 200,
        message: 'Producto Registrado!!!',
        result: (await productViews(db, [{ product: result, company }]))[0],
      };
    },
  );

  app.post(
    `${base}/updateproducto`,
    {
      preValidation: guard(PRODUCT.can('update')),
      schema: {
        tags,
        security,
        summary: 'Modifica un producto (idProducto en el cuerpo)',
        body: productSchema.and(z.object({ idProducto: z.uuid({ error: 'Es requerido' }) })),
        response: { 200: resultBody(productRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const input = request.body;
      const scope = scopeOfRequest(request);
      const audit = auditContextOf(request);
      const result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(productos).where(eq(productos.id, input.idProducto)).limit(1);
        if (!before) throw notFound('Producto no encontrado');
        assertTenant(scope, { localidadId: before.localidadId });
        assertTenant(scope, { localidadId: input.id_localidad });
        await checkReferences(tx, input, before.id);
        const [row] = await tx
          .update(productos)
          .set({ ...productValues(input), updatedAt: new Date() })
          .where(eq(productos.id, before.id))
          .returning();
        await recordAudit(tx, audit, {
          entity: 'producto',
          entityId: row.id,
          action: 'update',
          before,
          after: row,
        });
        return row;
      });
      const company = (await companyName(db, result.localidadId)) ?? '';
      return {
        code: 200,
        message: 'Producto Actualizado!!!',
        result: (await productViews(db, [{ product: result, company }]))[0],
      };
    },
  );

  app.put(
    `${base}/ActDesProducto`,
    {
      preValidation: guard(PRODUCT.can('cancel')),
      schema: {
        tags,
        security,
        summary: 'Activa o inactiva un producto (cuerpo: el producto)',
        body: z
          .object({ id: z.uuid().optional(), idProducto: z.uuid().optional() })
          .refine((v) => v.id || v.idProducto, 'Es requerido'),
        response: { 200: resultBody(productRowSchema), ...errorResponses },
      },
    },
    async (request) => {
      const id = (request.body.id ?? request.body.idProducto)!;
      const scope = scopeOfRequest(request);
      const audit = auditContextOf(request);
      const result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(productos).where(eq(productos.id, id)).limit(1);
        if (!before) throw notFound('Producto no encontrado');
        assertTenant(scope, { localidadId: before.localidadId });
        const status = before.status === 'ACTIVO' ? 'INACTIVO' : 'ACTIVO';
        const [row] = await tx
          .update(productos)
          .set({ status, updatedAt: new Date() })
          .where(eq(productos.id, id))
          .returning();
        await recordAudit(tx, audit, {
          entity: 'producto',
          entityId: id,
          action: status === 'ACTIVO' ? 'activate' : 'deactivate',
          before: { logEstatusRegistro: before.status },
          after: { logEstatusRegistro: status },
        });
        return row;
      });
      const company = (await companyName(db, result.localidadId)) ?? '';
      return {
        code: 200,
        message: result.status === 'ACTIVO' ? 'Activado' : 'Inactivado',
        result: (await productViews(db, [{ product: result, company }]))[0],
      };
    },
  );
};
