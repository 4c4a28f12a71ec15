import {
  bancoRowSchema,
  bancoSchema,
  categoriaNotaRowSchema,
  categoriaNotaSchema,
  estadoRowSchema,
  estadoSchema,
  estadosConMunicipiosAnswerSchema,
  incotermRowSchema,
  incotermSchema,
  municipioRowSchema,
  municipioSchema,
  paisRowSchema,
  paisSchema,
  screen,
  TEXT_MAX,
  valorGravamenRowSchema,
  valorGravamenSchema,
  z,
} from '@sigece/fiscal';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import {
  bancos,
  categoriasNota,
  estados,
  incoterms,
  municipios,
  paises,
  tiposGravamen,
  valoresGravamen,
} from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { guard } from '../../http/guard.ts';
import { errorResponses } from '../../http/responses.ts';
import { auditOf, registerCatalog } from './crud.ts';

async function mustExist(
  db: DbOrTx,
  table: typeof paises | typeof estados | typeof tiposGravamen,
  id: string,
  message: string,
) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  if (!row) throw badRequest(message);
}

/** Countries, states, municipalities, banks, note categories, incoterms, tax values. */
export const referenceRoutes: FastifyPluginAsync = async (app) => {
  // The company and branch forms read every active state with its municipalities (spec 000 §7:
  // "GET /mantenimiento/regiones/getestados (result holds the list)").
  app.get(
    '/mantenimiento/regiones/getestados',
    {
      preValidation: guard('authenticated'),
      schema: {
        tags: ['referencia: estados'],
        security: [{ bearerAuth: [] }],
        summary: 'Estados activos con sus municipios',
        response: { 200: estadosConMunicipiosAnswerSchema, ...errorResponses },
      },
    },
    async () => {
      const [states, towns] = await Promise.all([
        app.deps.db.select().from(estados).where(eq(estados.status, 'ACTIVO')).orderBy(asc(estados.nombre)),
        app.deps.db
          .select()
          .from(municipios)
          .where(eq(municipios.status, 'ACTIVO'))
          .orderBy(asc(municipios.nombre)),
      ]);
      return {
        code: 200,
        result: states.map((e) => ({
          id: e.id,
          id_estado: e.id,
          nombre: e.nombre,
          estado: e.nombre,
          iso: e.iso,
          municipios: towns
            .filter((m) => m.estadoId === e.id)
            .map((m) => ({ id: m.id, _id: m.id, id_municipio: m.id, municipio: m.nombre, nombre: m.nombre })),
        })),
      };
    },
  );

  registerCatalog(app, {
    base: '/mantenimiento/pais',
    module: screen('/mantenimiento/Pais').module,
    entity: 'pais',
    tag: 'referencia: países',
    table: paises,
    input: paisSchema,
    view: paisRowSchema,
    toView: (r: typeof paises.$inferSelect) => ({ id: r.id, nombre: r.nombre, iso: r.iso, ...auditOf(r) }),
    toValues: (i) => ({ nombre: i.nombre, iso: i.iso ?? null }),
    searchColumns: [paises.nombre],
    orderBy: paises.nombre,
    uniqueMessage: 'El país ya existe',
  });

  registerCatalog(app, {
    base: '/mantenimiento/estado',
    module: screen('/mantenimiento/Estado').module,
    entity: 'estado',
    tag: 'referencia: estados',
    table: estados,
    input: estadoSchema,
    view: estadoRowSchema,
    toView: (r: typeof estados.$inferSelect) => ({
      id: r.id,
      id_estado: r.id,
      nombre: r.nombre,
      estado: r.nombre,
      iso: r.iso,
      pais: r.paisId,
      ...auditOf(r),
    }),
    toValues: (i) => ({ nombre: i.nombre, paisId: i.pais, iso: i.iso ?? null }),
    validate: (db, i) => mustExist(db, paises, i.pais, 'El país no existe'),
    searchColumns: [estados.nombre, estados.iso],
    orderBy: estados.nombre,
    filters: z.object({ pais: z.uuid().optional() }),
    filterWhere: (f) => (f.pais ? eq(estados.paisId, String(f.pais)) : undefined),
    uniqueMessage: 'El estado ya existe en ese país',
  });

  registerCatalog(app, {
    base: '/mantenimiento/regiones',
    listPath: '/getmunicipios',
    module: screen('/mantenimiento/Municipio').module,
    entity: 'municipio',
    tag: 'referencia: municipios',
    table: municipios,
    input: municipioSchema,
    view: municipioRowSchema,
    toView: (r: typeof municipios.$inferSelect) => ({
      id: r.id,
      _id: r.id,
      id_municipio: r.id,
      nombre: r.nombre,
      municipio: r.nombre,
      codigo: r.codigo,
      capital: r.capital,
      estado: r.estadoId,
      ...auditOf(r),
    }),
    toValues: (i) => ({ nombre: i.nombre, estadoId: i.estado, codigo: i.codigo ?? null }),
    validate: (db, i) => mustExist(db, estados, i.estado, 'El estado no existe'),
    searchColumns: [municipios.nombre, municipios.codigo],
    orderBy: municipios.nombre,
    filters: z.object({ estado: z.uuid().optional() }),
    filterWhere: (f) => (f.estado ? eq(municipios.estadoId, String(f.estado)) : undefined),
    uniqueMessage: 'El municipio ya existe en ese estado',
  });

  registerCatalog(app, {
    base: '/mantenimiento',
    listPath: '/bancos',
    module: screen('/mantenimiento/Banco').module,
    entity: 'banco',
    tag: 'referencia: bancos',
    table: bancos,
    input: bancoSchema,
    view: bancoRowSchema,
    toView: (r: typeof bancos.$inferSelect) => ({
      id: r.id,
      nombre: r.nombre,
      codigo: r.codigo,
      sitioWeb: r.sitioWeb,
      correo: r.correo,
      status: r.status,
      ...auditOf(r),
    }),
    toValues: (i) => ({
      nombre: i.nombre,
      codigo: i.codigo,
      sitioWeb: i.sitioWeb ?? null,
      correo: i.correo ?? null,
    }),
    searchColumns: [bancos.nombre, bancos.codigo],
    orderBy: bancos.nombre,
    uniqueMessage: 'Ya existe un banco con ese código',
  });

  registerCatalog(app, {
    base: '/mantenimiento/categoriaNota',
    module: screen('/mantenimiento/CategoriaNota').module,
    entity: 'categoriaNota',
    tag: 'referencia: categorías de notas',
    table: categoriasNota,
    input: categoriaNotaSchema,
    view: categoriaNotaRowSchema,
    toView: (r: typeof categoriasNota.$inferSelect) => ({
      id: r.id,
      codigo: r.codigo,
      nombre: r.nombre,
      tipoNota: r.tipoNota,
      ...auditOf(r),
    }),
    toValues: (i) => ({ nombre: i.nombre, codigo: i.codigo, tipoNota: i.tipoNota }),
    searchColumns: [categoriasNota.nombre, categoriasNota.tipoNota],
    orderBy: categoriasNota.tipoNota,
    filters: z.object({ tipoNota: z.string().max(TEXT_MAX.code).optional() }),
    filterWhere: (f) =>
      f.tipoNota ? eq(categoriasNota.tipoNota, String(f.tipoNota).toUpperCase()) : undefined,
  });

  registerCatalog(app, {
    base: '/mantenimiento/incoterm',
    module: screen('/mantenimiento/INCOTERM').module,
    entity: 'incoterm',
    tag: 'referencia: incoterms',
    table: incoterms,
    input: incotermSchema,
    view: incotermRowSchema,
    toView: (r: typeof incoterms.$inferSelect) => ({
      id: r.id,
      nombre: r.nombre,
      descripcion: r.descripcion,
      tipo: r.tipo,
      ...auditOf(r),
    }),
    toValues: (i) => ({ nombre: i.nombre.toUpperCase(), descripcion: i.descripcion, tipo: i.tipo }),
    searchColumns: [incoterms.nombre, incoterms.descripcion],
    orderBy: incoterms.nombre,
    uniqueMessage: 'El incoterm ya existe',
  });

  registerCatalog(app, {
    base: '/mantenimiento/valorGravamen',
    module: screen('/mantenimiento/ValorGravamen').module,
    entity: 'valorGravamen',
    tag: 'referencia: valores de gravamen',
    table: valoresGravamen,
    input: valorGravamenSchema,
    view: valorGravamenRowSchema,
    toView: (r: typeof valoresGravamen.$inferSelect) => ({
      id: r.id,
      valor: r.valor,
      tipoGravamen: r.tipoGravamenId,
      fechaDesde: r.fechaDesde,
      fechaHasta: r.fechaHasta,
      ...auditOf(r),
    }),
    toValues: (i) => ({
      valor: i.valor,
      tipoGravamenId: i.tipoGravamen,
      fechaDesde: i.fechaDesde,
      fechaHasta: i.fechaHasta ?? null,
    }),
    validate: (db, i) => mustExist(db, tiposGravamen, i.tipoGravamen, 'El tipo de alícuota no existe'),
    searchColumns: [sql`${valoresGravamen.valor}::text`],
    orderBy: valoresGravamen.fechaDesde,
    filters: z.object({ tipoGravamen: z.uuid().optional() }),
    filterWhere: (f) =>
      f.tipoGravamen ? eq(valoresGravamen.tipoGravamenId, String(f.tipoGravamen)) : undefined,
  });
};
