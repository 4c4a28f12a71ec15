import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../src/db/client.ts';
import { AppError } from '../src/http/errors.ts';
import {
  assertTenant,
  canSeeCompany,
  canSeeRow,
  scopeOf,
  type TenantScope,
  tenantCondition,
} from '../src/http/tenancy.ts';
import { DRIVERS, freshDatabase } from './harness.ts';

const A = randomUUID();
const B = randomUUID();
const A1 = randomUUID();
const A2 = randomUUID();
const B1 = randomUUID();

const master: TenantScope = { all: true, localidades: [], sucursales: [] };
const companyA: TenantScope = { all: false, localidades: [A], sucursales: [] };
const branchA1: TenantScope = { all: false, localidades: [A], sucursales: [A1] };
const nothing: TenantScope = { all: false, localidades: [], sucursales: [] };

describe('tenancy: scopeOf', () => {
  it('maps masterAdmin to all and keeps the company and branch lists', () => {
    expect(scopeOf({ masterAdmin: true, localidades: [A], sucursales: [A1] })).toEqual({
      all: true,
      localidades: [A],
      sucursales: [A1],
    });
    expect(scopeOf({ masterAdmin: false, localidades: [A, B], sucursales: [] })).toEqual({
      all: false,
      localidades: [A, B],
      sucursales: [],
    });
  });
});

describe('tenancy: canSeeCompany', () => {
  it('lets a master admin see any company', () => {
    expect(canSeeCompany(master, B)).toBe(true);
  });
  it('lets others see only their companies', () => {
    expect(canSeeCompany(companyA, A)).toBe(true);
    expect(canSeeCompany(companyA, B)).toBe(false);
    expect(canSeeCompany(branchA1, A)).toBe(true);
    expect(canSeeCompany(nothing, A)).toBe(false);
  });
});

describe('tenancy: canSeeRow', () => {
  it('lets a master admin see every row', () => {
    expect(canSeeRow(master, { localidadId: B, sucursalId: B1 })).toBe(true);
  });
  it('without a branch list: every row of the granted companies, nothing else', () => {
    expect(canSeeRow(companyA, { localidadId: A })).toBe(true);
    expect(canSeeRow(companyA, { localidadId: A, sucursalId: A1 })).toBe(true);
    expect(canSeeRow(companyA, { localidadId: A, sucursalId: A2 })).toBe(true);
    expect(canSeeRow(companyA, { localidadId: B, sucursalId: null })).toBe(false);
    expect(canSeeRow(companyA, { localidadId: B, sucursalId: B1 })).toBe(false);
  });
  it('with a branch list: company-level rows and the listed branches only', () => {
    expect(canSeeRow(branchA1, { localidadId: A, sucursalId: null })).toBe(true);
    expect(canSeeRow(branchA1, { localidadId: A })).toBe(true);
    expect(canSeeRow(branchA1, { localidadId: A, sucursalId: A1 })).toBe(true);
    expect(canSeeRow(branchA1, { localidadId: A, sucursalId: A2 })).toBe(false);
    expect(canSeeRow(branchA1, { localidadId: B, sucursalId: A1 })).toBe(false);
  });
  it('without companies: nothing', () => {
    expect(canSeeRow(nothing, { localidadId: A })).toBe(false);
  });
});

describe('tenancy: assertTenant', () => {
  it('passes silently inside the scope', () => {
    expect(() => assertTenant(companyA, { localidadId: A, sucursalId: A2 })).not.toThrow();
    expect(() => assertTenant(master, { localidadId: B })).not.toThrow();
  });
  it('throws a 403 with the Spanish message outside it', () => {
    for (const [scope, row] of [
      [companyA, { localidadId: B }],
      [branchA1, { localidadId: A, sucursalId: A2 }],
      [nothing, { localidadId: A }],
    ] as const) {
      let caught: unknown;
      try {
        assertTenant(scope, row);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).statusCode).toBe(403);
      expect((caught as AppError).message).toBe('No tiene acceso a esta razón social o sucursal');
    }
  });
});

// PGlite always (an in-memory database of its own); PostgreSQL too when DATABASE_URL is set.
describe.each(DRIVERS)('tenancy: tenantCondition on a real table [%s]', (driver) => {
  const docs = pgTable('docs', {
    id: integer('id'),
    localidad: uuid('id_localidad'),
    sucursal: uuid('id_sucursal'),
  });
  let database: Database;
  let drop: () => Promise<void>;

  // 1: company A itself, 2: branch A1, 3: branch A2, 4: company B itself, 5: branch B1
  beforeAll(async () => {
    if (driver === 'pglite') {
      database = await openPglite('memory://');
      drop = () => database.close();
    } else {
      ({ database, drop } = await freshDatabase(driver));
    }
    await database.query('create table docs (id int, id_localidad uuid, id_sucursal uuid)');
    await database.db.insert(docs).values([
      { id: 1, localidad: A, sucursal: null },
      { id: 2, localidad: A, sucursal: A1 },
      { id: 3, localidad: A, sucursal: A2 },
      { id: 4, localidad: B, sucursal: null },
      { id: 5, localidad: B, sucursal: B1 },
    ]);
  });
  afterAll(() => drop());

  async function visible(scope: TenantScope, withBranch = true): Promise<number[]> {
    const columns = withBranch
      ? { localidad: docs.localidad, sucursal: docs.sucursal }
      : { localidad: docs.localidad };
    const rows = await database.db
      .select({ id: docs.id })
      .from(docs)
      .where(tenantCondition(scope, columns))
      .orderBy(asc(docs.id));
    return rows.map((r) => r.id!);
  }

  it('master admin: no condition, every row', async () => {
    expect(tenantCondition(master, { localidad: docs.localidad })).toBeUndefined();
    expect(await visible(master)).toEqual([1, 2, 3, 4, 5]);
  });

  it('one company, no branch list: that company rows, all its branches', async () => {
    expect(await visible(companyA)).toEqual([1, 2, 3]);
    expect(await visible({ all: false, localidades: [B], sucursales: [] })).toEqual([4, 5]);
  });

  it('two companies: both', async () => {
    expect(await visible({ all: false, localidades: [A, B], sucursales: [] })).toEqual([1, 2, 3, 4, 5]);
  });

  it('a branch list: company-level rows plus the listed branches only', async () => {
    expect(await visible(branchA1)).toEqual([1, 2]);
    expect(await visible({ all: false, localidades: [A, B], sucursales: [A2, B1] })).toEqual([1, 3, 4, 5]);
  });

  it('a branch list on a table without a branch column: the company rows', async () => {
    expect(await visible(branchA1, false)).toEqual([1, 2, 3]);
  });

  it('no companies: nothing, even with a branch list', async () => {
    expect(await visible(nothing)).toEqual([]);
    expect(await visible({ all: false, localidades: [], sucursales: [A1] })).toEqual([]);
  });

  it('an unknown company: nothing', async () => {
    expect(await visible({ all: false, localidades: [randomUUID()], sucursales: [] })).toEqual([]);
  });
});
