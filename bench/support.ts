// What every benchmark needs: a fresh database (on DATABASE_URL's server, else in-memory PGlite) and the
// server's configuration for an in-process app.
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite } from '../apps/server/src/db/client.ts';
import { seedReference } from '../apps/server/src/db/reference-seed.ts';
import { seedDemo, seedDemoCompanies, seedModules } from '../apps/server/src/db/seed.ts';
import { scratchPostgres } from '../apps/server/test/scratch-database.ts';

export async function openBenchDatabase(
  prefix: string,
  poolSize = 20,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openPglite('memory://');
    return { database, drop: () => database.close() };
  }
  return scratchPostgres(serverUrl, `sigece_bench_${prefix}_${Date.now()}`, poolSize);
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
