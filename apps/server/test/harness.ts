import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync } from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEMO_ADMIN_EMAIL, seedDemo, seedDemoCompanies, seedModules } from '../src/cli/seed.ts';
import type { AppConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { seedReference } from '../src/db/reference-seed.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import { usePasswordHashCostForTests } from '../src/modules/security/password.ts';
import { type DatabaseLevel, pgliteAt, postgresAt } from './database-snapshots.ts';

export type Driver = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL points at a server. */
export const DRIVERS: Driver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const ADMIN = { email: DEMO_ADMIN_EMAIL, password: 'admin123' };

// Passwords hashed at argon2's smallest cost in every test that uses the harness (and in the shared
// snapshots it seeds): no test is about the cost, and at the server's own it was a tenth of the suite's
// CPU. password-cost.test.ts checks the server's cost.
usePasswordHashCostForTests();

/**
 * The tests' DATA_DIR, private as the server wants it (it warns at start about a DATA_DIR
 * others can read); an earlier run on this machine may have left it more open.
 */
const TEST_DATA_DIR = '/tmp/sigece-test';
mkdirSync(TEST_DATA_DIR, { recursive: true, mode: 0o700 });
chmodSync(TEST_DATA_DIR, 0o700);

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: TEST_DATA_DIR,
    demo: true,
    adminPassword: ADMIN.password,
    jwtSecret: randomBytes(32).toString('hex'),
    secretsKey: randomBytes(32).toString('hex'),
    mailFrom: 'sigece <no-responder@sigece.local>',
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent',
    bcvUrl: 'http://127.0.0.1:9/',
    bcvDaily: false,
    jobs: false,
    printer: {
      nombre: 'Imprenta Prueba, C.A.',
      rif: 'J-000000001',
      providencia: 'SNAT/2026/TEST',
      fechaProvidencia: '2026-01-15',
    },
    ...overrides,
  };
}

/**
 * A fresh database of its own for one test file, migrated (or at another `level`): nothing leaks between
 * files. It is a copy of a snapshot built once (database-snapshots.ts), not a database built from nothing.
 */
export async function freshDatabase(
  driver: Driver,
  level: DatabaseLevel = 'migrated',
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (driver === 'pglite') {
    const database = await pgliteAt(TEST_DATA_DIR, level, ADMIN.password);
    return { database, drop: () => database.close() };
  }
  return postgresAt(process.env.DATABASE_URL!, level, ADMIN.password, 10);
}

export interface TestApp {
  driver: Driver;
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  login(email: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
}

/**
 * Runs `suite` once per driver against a running app on a fresh, demo-seeded database. The suite reads
 * the context lazily (`ctx()`), since it exists only once beforeAll has run.
 */
export function describeWithApp(
  name: string,
  suite: (ctx: () => TestApp) => void,
  options: {
    config?: Partial<AppConfig>;
    mailer?: () => Mailer;
    jobPollingSeconds?: number;
    /** The retry delay of job queues that set none (see buildApp); production's when unset. */
    jobRetryDelaySeconds?: number;
    /** Collects the app's log (at config.logLevel) instead of turning it off. */
    logStream?: NodeJS.WritableStream;
  } = {},
): void {
  describe.each(DRIVERS)(`${name} [%s]`, (driver) => {
    let context: TestApp | undefined;
    let drop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const config = testConfig(options.config);
      const demo = config.demo && config.adminPassword === ADMIN.password;
      const fresh = await freshDatabase(driver, demo ? 'demo' : 'migrated');
      drop = fresh.drop;
      if (!demo) {
        await seedModules(fresh.database.db);
        await seedReference(fresh.database.db);
        if (config.demo) {
          await seedDemo(fresh.database.db, { adminPassword: config.adminPassword });
          await seedDemoCompanies(fresh.database.db);
        }
      }
      const app = await buildApp({
        config,
        database: fresh.database,
        mailer: options.mailer?.(),
        logger: options.logStream !== undefined,
        logStream: options.logStream,
        jobPollingSeconds: options.jobPollingSeconds,
        jobRetryDelaySeconds: options.jobRetryDelaySeconds,
      });
      await app.ready();
      let adminToken: string | undefined;
      const request: TestApp['request'] = ({ token, headers, ...rest }) =>
        app.inject({
          ...rest,
          headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
      const login = async (email: string, password: string) => {
        const res = await request({ method: 'POST', url: '/v2/auth/login', payload: { email, password } });
        if (res.statusCode !== 200) throw new Error(`login ${email} → ${res.statusCode} ${res.body}`);
        return res.json().tokens.access.token as string;
      };
      context = {
        driver,
        app,
        database: fresh.database,
        config,
        request,
        login,
        adminToken: async () => {
          adminToken ??= await login(ADMIN.email, ADMIN.password);
          return adminToken;
        },
      };
    });
    afterAll(async () => {
      await context?.app.close();
      await drop?.();
    });
    suite(() => {
      if (!context) throw new Error('the test app is not ready');
      return context;
    });
  });
}

/** Counts rows of a table: "nothing written" assertions. */
export async function countRows(database: Database, table: string, where = 'true'): Promise<number> {
  const [row] = await database.query<{ n: string }>(
    `select count(*)::text as n from ${table} where ${where}`,
  );
  return Number(row.n);
}
