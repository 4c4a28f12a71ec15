/**
 * What other contexts may ask of the shared reference data without reading its tables: the geography
 * (states and municipalities), the ISLR concepts and the rate published on a day.
 */
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conceptosIslr, estados, municipios, tasasCambio } from '../../db/schema.ts';

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

/**
 * The rate of a currency published for exactly this day (yyyy-MM-dd), or null: unlike `rateOn`, no
 * earlier day stands in, so a missing publication shows as missing.
 */
export async function rateOfDay(db: DbOrTx, iso: string, fecha: string): Promise<string | null> {
  const [row] = await db
    .select({ valor: tasasCambio.valor })
    .from(tasasCambio)
    .where(and(eq(tasasCambio.iso, iso), eq(tasasCambio.fecha, fecha)))
    .limit(1);
  return row?.valor ?? null;
}

/** The ISLR concepts by code (the seeded table of Decreto 1.808). */
export async function islrConceptsByCode(db: DbOrTx, codes: string[]) {
  if (codes.length === 0) return new Map<string, typeof conceptosIslr.$inferSelect>();
  const rows = await db.select().from(conceptosIslr).where(inArray(conceptosIslr.codigo, codes));
  return new Map(rows.map((r) => [r.codigo, r]));
}

/**
 * A condition on a column holding an ISLR concept's code: the concept carries the Tarifa N° 2 flag. The
 * code is unique (conceptos_islr_codigo_uq), so this filters as an inner join on the code would.
 */
export function isTarifa2Concept(codeColumn: AnyColumn): SQL {
  return sql`${codeColumn} in (select ${conceptosIslr.codigo} from ${conceptosIslr} where ${conceptosIslr.tarifa2})`;
}
