/** What other contexts may ask of a company's catalog without reading its tables: its products. */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { productos } from '../../db/schema.ts';

/** Whether the company has a product with this code. */
export async function productCodeExists(db: DbOrTx, localidadId: string, codigo: string): Promise<boolean> {
  const rows = await db
    .select({ id: productos.id })
    .from(productos)
    .where(and(eq(productos.localidadId, localidadId), eq(productos.codigo, codigo)))
    .limit(1);
  return rows.length > 0;
}

/** Which of these companies have an active product. */
export async function companiesWithActiveProducts(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: productos.localidadId })
    .from(productos)
    .where(and(inArray(productos.localidadId, ids), eq(productos.status, 'ACTIVO')));
  return new Set(rows.map((r) => r.id));
}
