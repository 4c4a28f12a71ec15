import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import {
  BANCOS,
  CATEGORIAS_NOTA,
  CONCEPTOS_ISLR,
  DIVISAS,
  ESTADOS,
  INCOTERMS,
  PAIS,
  TIPOS_IVA,
  UNIDADES_TRIBUTARIAS,
} from './reference/index.ts';
import {
  bancos,
  categoriasNota,
  conceptosIslr,
  divisas,
  estados,
  incoterms,
  municipios,
  paises,
  tiposGravamen,
  unidadesTributarias,
  valoresGravamen,
} from './schema.ts';

/**
 * Venezuelan reference data, seeded on every database (demo or not): each table is filled once, when
 * it is empty, so later edits by the users are never overwritten. Sources are cited in db/reference.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await tx.$count(paises)) === 0) {
      const [pais] = await tx.insert(paises).values({ nombre: PAIS.nombre, iso: PAIS.iso }).returning();
      for (const estado of ESTADOS) {
        const [row] = await tx
          .insert(estados)
          .values({ paisId: pais.id, nombre: estado.nombre, iso: estado.iso })
          .returning();
        await tx.insert(municipios).values(
          estado.municipios.map((m, index) => ({
            estadoId: row.id,
            nombre: m.nombre,
            capital: m.capital ?? null,
            // Position within the state, as the national statistics office numbers them.
            codigo: `${estado.iso.slice(3)}${String(index + 1).padStart(2, '0')}`,
          })),
        );
      }
    }
    if ((await tx.$count(bancos)) === 0) {
      await tx
        .insert(bancos)
        .values(BANCOS.map((b) => ({ codigo: b.codigo, nombre: b.nombre, sitioWeb: b.sitioWeb ?? null })));
    }
    if ((await tx.$count(divisas)) === 0) {
      await tx
        .insert(divisas)
        .values(
          DIVISAS.map((d) => ({ iso: d.iso, nombre: d.nombre, simbolo: d.simbolo, decimales: d.decimales })),
        );
    }
    if ((await tx.$count(tiposGravamen)) === 0) {
      for (const iva of TIPOS_IVA) {
        const [tipo] = await tx
          .insert(tiposGravamen)
          .values({
            codigo: iva.codigo,
            concepto: iva.concepto,
            ivaGeneral: iva.ivaGeneral,
            exento: iva.exento,
            exonerado: iva.exonerado,
          })
          .returning();
        await tx
          .insert(valoresGravamen)
          .values({ tipoGravamenId: tipo.id, valor: iva.valor, fechaDesde: iva.fechaDesde });
      }
    }
    if ((await tx.$count(categoriasNota)) === 0) {
      await tx
        .insert(categoriasNota)
        .values(CATEGORIAS_NOTA.map((c) => ({ codigo: c.codigo, nombre: c.nombre, tipoNota: c.tipoNota })));
    }
    if ((await tx.$count(incoterms)) === 0) {
      await tx
        .insert(incoterms)
        .values(INCOTERMS.map((i) => ({ nombre: i.nombre, descripcion: i.descripcion, tipo: i.tipo })));
    }
    if ((await tx.$count(conceptosIslr)) === 0) {
      await tx.insert(conceptosIslr).values(
        CONCEPTOS_ISLR.map((c) => ({
          codigo: c.codigo,
          concepto: c.concepto,
          tipoPersona: c.tipoPersona,
          porcentaje: c.porcentaje,
          baseImponible: c.baseImponible,
          sustraendo: c.sustraendo,
          factor: c.factor,
          montoMinimo: c.montoMinimo ?? null,
          tarifa2: c.tarifa2 === true,
        })),
      );
    }
    // Every value with its gazette, also on databases seeded before a value was added;
    // one the administrator recorded for the same date stays.
    await tx.insert(unidadesTributarias).values(UNIDADES_TRIBUTARIAS).onConflictDoNothing();
  });
}

/** The tax type of a rate, for products and invoice lines: exento/exonerado or the value. */
export async function tipoGravamenByCodigo(db: Db, codigo: string) {
  const [row] = await db.select().from(tiposGravamen).where(eq(tiposGravamen.codigo, codigo)).limit(1);
  return row;
}
