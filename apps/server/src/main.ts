import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedReference } from './db/reference-seed.ts';
import { seedDemo, seedDemoCompanies, seedModules } from './db/seed.ts';
import { purgeExpired } from './modules/auth/service.ts';
import { refreshFromBcv } from './modules/catalog/currencies.ts';
import { requeuePendingRenders } from './modules/issuance/render.ts';

const config = loadConfig();
config.webDist ??= resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const database = await openDatabase(config);
await database.migrate();
await seedModules(database.db);
await seedReference(database.db);
if (config.demo) {
  await seedDemo(database.db, { adminPassword: config.adminPassword });
  await seedDemoCompanies(database.db);
}

const app = await buildApp({ config, database });
// Invoices stored just before a crash get their PDF job again.
requeuePendingRenders(app.deps).catch((err) =>
  app.log.warn({ err }, 'no se pudieron reencolar PDFs pendientes'),
);
// Forget expired tokens and old failed logins once an hour; the answer never depends on it.
const housekeeping = setInterval(
  () => purgeExpired(database.db).catch((err) => app.log.warn({ err }, 'limpieza')),
  3_600_000,
);
housekeeping.unref();
// The official rates, once a day (and a minute after start); manual entry works whatever happens here.
const refreshRates = () =>
  refreshFromBcv(database.db, config.bcvUrl, {
    userId: null,
    userEmail: 'sistema',
    method: 'JOB',
    route: 'bcv-diario',
    ip: null,
  })
    .then((rates) =>
      app.log.info(`tasas BCV actualizadas: ${rates.map((r) => `${r.iso} ${r.valor}`).join(', ')}`),
    )
    .catch((err) => app.log.warn(`no se pudieron actualizar las tasas del BCV: ${(err as Error).message}`));
const rateTimers = config.bcvDaily
  ? [setTimeout(refreshRates, 60_000), setInterval(refreshRates, 24 * 3_600_000)]
  : [];
for (const timer of rateTimers) timer.unref();
const shutdown = async () => {
  clearInterval(housekeeping);
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `sigece escucha en http://localhost:${config.port} (base de datos: ${database.kind}${config.demo ? ', datos demo' : ''})`,
);
