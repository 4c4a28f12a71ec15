import { descuentoRowSchema, descuentoSchema, screen, z } from '@sigece/fiscal';
import type { FastifyPluginAsync } from 'fastify';
import { descuentos } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { companiesOfBranches, companyExists } from '../companies/lookup.service.ts';
import { auditOf, registerCatalog } from '../reference/crud.ts';

/** A company's discounts (or one branch's): the one company-scoped table of the 'Mantenimiento' screens. */
export const discountRoutes: FastifyPluginAsync = async (app) => {
  registerCatalog(app, {
    base: '/mantenimiento/descuento',
    module: screen('/mantenimiento/Descuento').module,
    entity: 'descuento',
    tag: 'referencia: descuentos',
    table: descuentos,
    input: descuentoSchema.extend({ localidad: z.uuid({ error: 'Es requerido' }) }),
    view: descuentoRowSchema,
    toView: (r: typeof descuentos.$inferSelect) => ({
      id: r.id,
      titulo: r.titulo,
      descripcion: r.descripcion,
      tipoMonto: r.tipoMonto,
      monto: r.monto,
      localidad: r.localidadId,
      sucursal: r.sucursalId,
      ...auditOf(r),
    }),
    toValues: (i) => ({
      titulo: i.titulo,
      descripcion: i.descripcion,
      tipoMonto: i.tipoMonto,
      monto: i.monto,
      localidadId: i.localidad,
      sucursalId: i.sucursal ?? null,
    }),
    validate: async (db, i) => {
      if (!(await companyExists(db, i.localidad))) throw badRequest('La razón social no existe');
      if (i.sucursal) {
        const [branch] = await companiesOfBranches(db, [i.sucursal]);
        if (branch?.localidadId !== i.localidad)
          throw badRequest('La sucursal no pertenece a la razón social');
      }
    },
    tenant: {
      columns: { localidad: descuentos.localidadId, sucursal: descuentos.sucursalId },
      ofRow: (r: typeof descuentos.$inferSelect) => ({
        localidadId: r.localidadId ?? '',
        sucursalId: r.sucursalId,
      }),
      ofInput: (i) => ({ localidadId: i.localidad, sucursalId: i.sucursal ?? null }),
    },
    searchColumns: [descuentos.titulo, descuentos.descripcion],
    orderBy: descuentos.titulo,
  });
};
