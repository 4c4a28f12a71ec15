// What every benchmark needs: a fresh database (on DATABASE_URL's server, else in-memory PGlite) and the
// server's configuration for an in-process app.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { AppConfig } from '../apps/server/src/config.ts';
import { connectPostgres, type Database, openPglite } from '../apps/server/src/db/client.ts';
import { seedReference } from '../apps/server/src/db/reference-seed.ts';
import { seedDemo, seedDemoCompanies, seedModules } from '../apps/server/src/db/seed.ts';

export async function openBenchDatabase(
  prefix: string,
  poolSize = 20,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite('memory://');
    return { database, drop: () => database.close() };
  }
  const name = `sigece_bench_${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString(), poolSize);
  return {
    database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      // pool.end() resolves before its connections are gone; dropping with force at once would kill them
      // mid-goodbye and crash the process with an unhandled "terminating connection" error.
      for (let i = 0; i < 100; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Migrated, with the modules, the reference data and the demo (admin, usuario, Demo Comercial). */
export async function seedBenchDatabase(database: Database): Promise<void> {
  await database.migrate();
  await seedModules(database.db);
  await seedReference(database.db);
  await seedDemo(database.db, { adminPassword: 'admin123' });
  await seedDemoCompanies(database.db);
}

/** An in-process server: no background jobs, no daily rate refresh, no log. */
export function benchConfig(): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/tmp/sigece-bench',
    demo: true,
    adminPassword: 'admin123',
    jwtSecret: randomBytes(32).toString('hex'),
    secretsKey: randomBytes(32).toString('hex'),
    mailFrom: 'bench@sigece.local',
    publicUrl: 'http://localhost',
    logLevel: 'silent',
    bcvUrl: 'http://127.0.0.1:9/',
    bcvDaily: false,
    jobs: false,
    printer: { nombre: 'Bench', rif: 'J-000000001', providencia: 'X', fechaProvidencia: '2026-01-01' },
  };
}
