// Who may see which book, and its heading: shared by the sales and the purchase book.
import { formatRif, type SalesBookQuery } from '@sigece/fiscal';
import type { DbOrTx } from '../../../db/client.ts';
import { badRequest } from '../../../http/errors.ts';
import type { TenantScope } from '../../../http/tenancy.ts';
import { visibleBranch } from '../../companies/branches.service.ts';
import { visibleCompany } from '../../companies/service.ts';
import type { BookFilter } from '../../issuance/read/book-reader.ts';
import type { BookHeading } from './pdf.ts';

export type { BookFilter };

/**
 * The book's filter and heading, after the tenancy checks: a foreign company or branch is 403, an unknown
 * one 404, a branch of another company 400.
 */
export async function bookRequest(
  db: DbOrTx,
  scope: TenantScope,
  query: SalesBookQuery,
): Promise<{ filter: BookFilter; heading: BookHeading }> {
  const company = await visibleCompany(db, scope, query.id_localidad);
  let sucursal: string | undefined;
  if (query.id_sucursal) {
    const branch = await visibleBranch(db, scope, query.id_sucursal);
    if (branch.localidadId !== company.id) throw badRequest('La sucursal no pertenece a la razón social');
    sucursal = `${branch.codigoSucursal} ${branch.nombre}`;
  }
  return {
    filter: {
      localidadId: company.id,
      sucursalId: query.id_sucursal,
      fechaInicio: query.fechaInicio,
      fechaFin: query.fechaFin,
    },
    heading: {
      empresa: { nombre: company.nombre, rif: formatRif(company.tipoDocumento, company.numeroDocumento) },
      sucursal,
      fechaInicio: query.fechaInicio,
      fechaFin: query.fechaFin,
    },
  };
}
