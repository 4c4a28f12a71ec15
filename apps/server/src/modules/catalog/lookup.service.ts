/**
 * What other contexts may ask of the catalog without reading its tables: the shared geography (states and
 * municipalities) and whether a company has a product.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { estados, municipios, productos } from '../../db/schema.ts';

/** The names of a state and a municipality (null for one that is not set or not found). */
export async function placeNames(
  db: DbOrTx,
  estadoId: string | null,
  municipioId: string | null,
): Promise<{ estado: string | null; municipio: string | null }> {
  const [estado] = estadoId
    ? await db.select({ nombre: estados.nombre }).from(estados).where(eq(estados.id, estadoId))
    : [];
  const [municipio] = municipioId
    ? await db.select({ nombre: municipios.nombre }).from(municipios).where(eq(municipios.id, municipioId))
    : [];
  return { estado: estado?.nombre ?? null, municipio: municipio?.nombre ?? null };
}

/** The state a municipality lies in, undefined when it does not exist. */
export async function stateOfMunicipality(db: DbOrTx, municipioId: string): Promise<string | undefined> {
  const [municipio] = await db
    .select({ estadoId: municipios.estadoId })
    .from(municipios)
    .where(eq(municipios.id, municipioId))
    .limit(1);
  return municipio?.estadoId;
}

/** Whether the company has a product with this code. */
export async function productCodeExists(db: DbOrTx, localidadId: string, codigo: string): Promise<boolean> {
  const rows = await db
    .select({ id: productos.id })
    .from(productos)
    .where(and(eq(productos.localidadId, localidadId), eq(productos.codigo, codigo)))
    .limit(1);
  return rows.length > 0;
}
