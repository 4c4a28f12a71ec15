import { lotRange } from '@sigece/fiscal';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, seedDemoCompanies, seedModules } from '../src/cli/seed.ts';
import type { Database, DbOrTx } from '../src/db/client.ts';
import { seedReference } from '../src/db/reference-seed.ts';
import { controlLots, controlSublots, localidades, sucursales } from '../src/db/schema.ts';
import { allocateControlNumbers, NumberingError } from '../src/modules/numbering/engine.ts';
import { DRIVERS, freshDatabase } from './harness.ts';

/** A document table of the test's own: unique numbers per company, as real documents will have. */
async function createDocuments(database: Database) {
  await database.query(`create table test_documents (
    id serial primary key, id_localidad uuid not null, serie text not null, numero bigint not null,
    unique (id_localidad, serie, numero))`);
}

async function insertDocument(tx: DbOrTx, localidadId: string, serie: string, numero: number) {
  await tx.execute(
    sql`insert into test_documents (id_localidad, serie, numero) values (${localidadId}, ${serie}, ${numero})`,
  );
}

async function newCompany(database: Database, rif: string): Promise<string> {
  const [row] = await database.db
    .insert(localidades)
    .values({
      nombre: `Empresa ${rif}`,
      tipoDocumento: 'J',
      numeroDocumento: rif,
      direccion: 'x',
      telefono: 'x',
      correo: 'x@x.com',
      tipoProveedor: 'PJD',
    })
    .returning({ id: localidades.id });
  return row.id;
}

async function addLot(
  database: Database,
  localidadId: string,
  values: {
    tipo?: string;
    serie?: string;
    initial: number;
    quantity: number;
    status: string;
    familia?: string;
    subAsignado?: number;
  },
) {
  const [lot] = await database.db
    .insert(controlLots)
    .values({
      localidadId,
      familia: values.familia ?? 'FACTURA',
      tipo: values.tipo ?? 'GLOBAL',
      serie: values.serie ?? '00',
      cantidad: values.quantity,
      ...lotRange(values.initial, values.quantity),
      subAsignado: values.subAsignado ?? 0,
      status: values.status,
    })
    .returning();
  return lot;
}

describe.each(DRIVERS)('numbering engine [%s]', (driver) => {
  let database: Database;
  let drop: () => Promise<void>;
  let demoId: string;

  beforeAll(async () => {
    const fresh = await freshDatabase(driver);
    database = fresh.database;
    drop = fresh.drop;
    await seedModules(database.db);
    await seedReference(database.db);
    await seedDemo(database.db, { adminPassword: 'admin123' });
    await seedDemoCompanies(database.db);
    await createDocuments(database);
    const [demo] = await database.db
      .select()
      .from(localidades)
      .where(eq(localidades.numeroDocumento, '123456789'));
    demoId = demo.id;
  });
  afterAll(() => drop());

  it('50 concurrent workers, 2,000 documents, 10 % failing after allocation: distinct, consecutive, no gap', async () => {
    const total = 2000;
    const workers = 50;
    let next = 0;
    const failures: number[] = [];
    const issued: number[] = [];
    await Promise.all(
      Array.from({ length: workers }, async () => {
        for (let i = next++; i < total; i = next++) {
          try {
            await database.db.transaction(async (tx) => {
              const [n] = await allocateControlNumbers(tx, {
                localidadId: demoId,
                sucursalId: null,
                familia: 'FACTURA',
              });
              await insertDocument(tx, demoId, n.serie, n.numero);
              // The document fails after its number was taken: the rollback must return it.
              if (i % 10 === 3) throw new Error('documento rechazado');
              issued.push(n.numero);
            });
          } catch (error) {
            if ((error as Error).message !== 'documento rechazado') throw error;
            failures.push(i);
          }
        }
      }),
    );
    expect(failures).toHaveLength(200);
    expect(issued).toHaveLength(1800);
    expect(new Set(issued).size).toBe(1800);
    const sorted = [...issued].sort((a, b) => a - b);
    expect(sorted[0]).toBe(1);
    expect(sorted.at(-1)).toBe(1800);
    const stored = await database.query<{ n: string; min: string; max: string }>(
      `select count(*)::text n, min(numero)::text min, max(numero)::text max from test_documents where id_localidad = '${demoId}'`,
    );
    expect(stored[0]).toEqual({ n: '1800', min: '1', max: '1800' });
    const [lot] = await database.db
      .select()
      .from(controlLots)
      .where(and(eq(controlLots.localidadId, demoId), eq(controlLots.familia, 'FACTURA')));
    expect(lot.actual).toBe(1800);
  });

  it('batches: 16 workers taking 10 numbers at a time, some batches failing, leave no gap', async () => {
    const companyId = await newCompany(database, '200000001');
    await addLot(database, companyId, { initial: 0, quantity: 100_000, status: 'ACTIVO', familia: 'ORDEN' });
    let batches = 0;
    const issued: number[] = [];
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        for (let b = 0; b < 10; b++) {
          await database.db
            .transaction(async (tx) => {
              const numbers = await allocateControlNumbers(tx, {
                localidadId: companyId,
                sucursalId: null,
                familia: 'ORDEN',
                count: 10,
              });
              if ((w + b) % 7 === 0) throw new Error('lote rechazado');
              issued.push(...numbers.map((n) => n.numero));
              batches++;
            })
            .catch((error: Error) => {
              if (error.message !== 'lote rechazado') throw error;
            });
        }
      }),
    );
    const sorted = [...issued].sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: batches * 10 }, (_, i) => i + 1));
  });

  it('in a batch, a failing document (savepoint) does not make the next one skip a number', async () => {
    const companyId = await newCompany(database, '200000002');
    await addLot(database, companyId, { initial: 500, quantity: 100, status: 'ACTIVO' });
    const kept: string[] = [];
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) {
        await tx
          .transaction(async (sp) => {
            const [n] = await allocateControlNumbers(sp, {
              localidadId: companyId,
              sucursalId: null,
              familia: 'FACTURA',
            });
            if (i === 1 || i === 3) throw new Error('inválido');
            kept.push(n.nroControl);
          })
          .catch(() => {});
      }
    });
    expect(kept).toEqual(['00-00000501', '00-00000502', '00-00000503']);
  });

  it('hands over to the queued lot without a gap, in order of arrival, even inside one batch', async () => {
    const companyId = await newCompany(database, '200000003');
    await addLot(database, companyId, { initial: 0, quantity: 3, status: 'ACTIVO', serie: 'A1' });
    await addLot(database, companyId, { initial: 1000, quantity: 4, status: 'ENCOLA', serie: 'A1' });
    await addLot(database, companyId, { initial: 2000, quantity: 2, status: 'ENCOLA', serie: 'B2' });
    const first = await database.db.transaction((tx) =>
      allocateControlNumbers(tx, { localidadId: companyId, sucursalId: null, familia: 'FACTURA', count: 5 }),
    );
    expect(first.map((n) => n.nroControl)).toEqual([
      'A1-00000001',
      'A1-00000002',
      'A1-00000003',
      'A1-00001001',
      'A1-00001002',
    ]);
    const rest: string[] = [];
    for (let i = 0; i < 4; i++) {
      const [n] = await database.db.transaction((tx) =>
        allocateControlNumbers(tx, { localidadId: companyId, sucursalId: null, familia: 'FACTURA' }),
      );
      rest.push(n.nroControl);
    }
    expect(rest).toEqual(['A1-00001003', 'A1-00001004', 'B2-00002001', 'B2-00002002']);
    const statuses = await database.query<{ serie: string; desde: string; status: string }>(
      `select serie, desde::text, status from control_lots where id_localidad = '${companyId}' order by seq`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['AGOTADO', 'AGOTADO', 'ACTIVO']);
    // The hand-over is stamped with the application's clock (the test's), not the database server's.
    const stamps = await database.query<{ stamp: string }>(
      `select log_fecha_modificacion::text as stamp from control_lots where id_localidad = '${companyId}'`,
    );
    for (const { stamp } of stamps) {
      expect(Math.abs(new Date(stamp).getTime() - Date.now())).toBeLessThan(60 * 60 * 1000);
    }
    // Everything used: the spec's message, and nothing consumed by the failed attempt.
    const error = await database.db
      .transaction((tx) =>
        allocateControlNumbers(tx, { localidadId: companyId, sucursalId: null, familia: 'FACTURA' }),
      )
      .catch((e) => e);
    expect(error).toBeInstanceOf(NumberingError);
    expect(error.message).toBe(
      'Ha ocupado la totalidad de control de facturas, debe ingresar un nuevo lote Global.',
    );
  });

  it('a batch larger than all lots fails whole and consumes nothing', async () => {
    const companyId = await newCompany(database, '200000004');
    const lot = await addLot(database, companyId, { initial: 0, quantity: 3, status: 'ACTIVO' });
    const error = await database.db
      .transaction((tx) =>
        allocateControlNumbers(tx, {
          localidadId: companyId,
          sucursalId: null,
          familia: 'FACTURA',
          count: 4,
        }),
      )
      .catch((e) => e);
    expect(error.message).toBe(
      'Ha ocupado la totalidad de control de facturas, debe ingresar un nuevo lote Global.',
    );
    const [after] = await database.db.select().from(controlLots).where(eq(controlLots.id, lot.id));
    expect(after).toMatchObject({ actual: 0, status: 'ACTIVO' });
  });

  it('without any lot: NO tiene Nro. De control Asignado, per family', async () => {
    const companyId = await newCompany(database, '200000005');
    const invoice = await database.db
      .transaction((tx) =>
        allocateControlNumbers(tx, { localidadId: companyId, sucursalId: null, familia: 'FACTURA' }),
      )
      .catch((e) => e);
    expect(invoice.message).toBe('NO tiene Nro. De control Asignado para Factura');
    const order = await database.db
      .transaction((tx) =>
        allocateControlNumbers(tx, { localidadId: companyId, sucursalId: null, familia: 'ORDEN' }),
      )
      .catch((e) => e);
    expect(order.message).toBe('NO tiene Nro. De control Asignado para Ordenes/Guias');
  });

  it('individual lots: each branch draws from its own sub-range, then its queued one; others get the message', async () => {
    const companyId = await newCompany(database, '200000006');
    const [a, b] = await database.db
      .insert(sucursales)
      .values(
        ['A01', 'B02'].map((code) => ({
          localidadId: companyId,
          codigoSucursal: code,
          nombre: code,
          direccion: 'x',
          telefono: '(212) 5551234',
          correo: 'x@x.com',
        })),
      )
      .returning();
    const lot = await addLot(database, companyId, {
      tipo: 'INDIVIDUAL',
      initial: 0,
      quantity: 100,
      status: 'ACTIVO',
      subAsignado: 5,
    });
    await database.db.insert(controlSublots).values([
      {
        lotId: lot.id,
        localidadId: companyId,
        sucursalId: a.id,
        familia: 'FACTURA',
        serie: '00',
        cantidad: 2,
        ...lotRange(0, 2),
        status: 'ACTIVO',
      },
      {
        lotId: lot.id,
        localidadId: companyId,
        sucursalId: a.id,
        familia: 'FACTURA',
        serie: '00',
        cantidad: 3,
        ...lotRange(2, 3),
        status: 'ENCOLA',
      },
    ]);
    const forA = await database.db.transaction((tx) =>
      allocateControlNumbers(tx, { localidadId: companyId, sucursalId: a.id, familia: 'FACTURA', count: 4 }),
    );
    expect(forA.map((n) => n.numero)).toEqual([1, 2, 3, 4]);
    const forB = await database.db
      .transaction((tx) =>
        allocateControlNumbers(tx, { localidadId: companyId, sucursalId: b.id, familia: 'FACTURA' }),
      )
      .catch((e) => e);
    expect(forB.message).toBe('NO tiene Nro. De control Asignado para Factura');
    await database.db.transaction((tx) =>
      allocateControlNumbers(tx, { localidadId: companyId, sucursalId: a.id, familia: 'FACTURA' }),
    );
    const spent = await database.db
      .transaction((tx) =>
        allocateControlNumbers(tx, { localidadId: companyId, sucursalId: a.id, familia: 'FACTURA' }),
      )
      .catch((e) => e);
    expect(spent.message).toBe(
      'Ha ocupado la totalidad de control de la sucursal, debe asignarle un nuevo lote.',
    );
  });
});
