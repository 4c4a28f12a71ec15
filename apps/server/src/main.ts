import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caracasDate } from '@sigece/fiscal';
import { buildApp } from './app.ts';
import { seedDemo, seedDemoCompanies, seedModules } from './cli/seed.ts';
import { prepareCluster, processRole, superviseWorkers } from './cluster.ts';
import { loadConfig } from './config.ts';
import { tightenDataDir } from './data-dir.ts';
import { openDatabase } from './db/client.ts';
import { maintainPartitions } from './db/partitions.ts';
import { seedReference } from './db/reference-seed.ts';
import { purgeExpired } from './modules/auth/service.ts';
import { purgeIntegrationRecords } from './modules/integration/housekeeping.ts';
import { queueAnnulledRenders } from './modules/issuance/annulment/annulment-render.ts';
import { PENDING_RENDER_AGE_SECONDS, requeuePendingRenders } from './modules/issuance/render/render.ts';
import { refreshFromBcv } from './modules/reference/currencies.ts';
import { taxUnitInForceMessage } from './modules/reference/tax-units.ts';

const config = loadConfig();
config.webDist ??= resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
// SIGECE_WORKERS > 1: this process only forks and supervises (cluster.ts); unset or 1: it does everything.
const role = processRole(config);

const database = await openDatabase(config);
// Once per start, before any fork: the cluster's workers find the database ready.
if (role === 'single' || role === 'primary') {
  await database.migrate();
  // The log tables' months, before any traffic: this one and the next three (db/partitions.ts). A row of a
  // month without its partition would still be kept (in the default partition), so a failure only warns.
  await maintainPartitions(database.db).catch((err) =>
    console.warn('no se pudieron preparar las particiones mensuales:', (err as Error).message),
  );
  await seedModules(database.db);
  await seedReference(database.db);
  if (config.demo) {
    await seedDemo(database.db, { adminPassword: config.adminPassword });
    await seedDemoCompanies(database.db);
  }
}
// DATA_DIR, its secrets and the embedded database's files (the migrations' new ones too): private to this
// user (data-dir.ts). PGlite creates its files 0666 whatever the umask; its folder, 0700, keeps them private.
tightenDataDir(config.dataDir);
if (role === 'primary') {
  const poolSize = await prepareCluster(database, config);
  await database.close();
  superviseWorkers(config, poolSize);
} else await serve();

/** One process's work: HTTP (single, http), background jobs and chores (single, jobs). */
async function serve() {
  const app = await buildApp({ config, database });
  // The chores below run once per host: in the job runner when clustered.
  const chores = role !== 'http';
  // Invoices stored just before a crash get their PDF job again.
  if (chores)
    requeuePendingRenders(app.deps).catch((err) =>
      app.log.warn({ err }, 'no se pudieron reencolar PDFs pendientes'),
    );
  // Annulments committed just before a crash get their 'ANULADA' PDF job again.
  if (chores)
    queueAnnulledRenders(app.deps).catch((err) =>
      app.log.warn({ err }, 'no se pudieron reencolar PDFs anulados pendientes'),
    );
  // Forget expired tokens and old failed logins once an hour; the answer never depends on it. The log
  // tables' partitions too: the months ahead made, the months past their retention dropped.
  const housekeeping = setInterval(
    () =>
      chores &&
      Promise.all([
        purgeExpired(database.db),
        // Whole months first; the request log's purge then deletes only in the month on its 90-day limit.
        maintainPartitions(database.db)
          .catch((err) => app.log.warn({ err }, 'particiones mensuales'))
          .then(() => purgeIntegrationRecords(database.db)),
      ]).catch((err) => app.log.warn({ err }, 'limpieza')),
    3_600_000,
  );
  housekeeping.unref();
  // A document whose PDF was being rendered at once by a process that died, and not restarted since, is
  // queued again by the chores every five minutes, once its number is five minutes old.
  const requeue = setInterval(
    () =>
      chores &&
      requeuePendingRenders(app.deps, 5000, PENDING_RENDER_AGE_SECONDS).catch((err) =>
        app.log.warn({ err }, 'no se pudieron reencolar PDFs pendientes'),
      ),
    PENDING_RENDER_AGE_SECONDS * 1000,
  );
  requeue.unref();
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
  const rateTimers =
    config.bcvDaily && chores
      ? [setTimeout(refreshRates, 60_000), setInterval(refreshRates, 24 * 3_600_000)]
      : [];
  for (const timer of rateTimers) timer.unref();
  let closing = false;
  const shutdown = async () => {
    // Ctrl-C reaches the primary and its workers alike; the primary's SIGTERM then finds this one closing.
    if (closing) return;
    closing = true;
    clearInterval(housekeeping);
    clearInterval(requeue);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  if (role === 'jobs') return app.log.info('sigece: proceso de trabajos en segundo plano listo');
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `sigece escucha en http://localhost:${config.port} (base de datos: ${database.kind}${config.demo ? ', datos demo' : ''})`,
  );
  // The ISLR sustraendo and Tarifa N° 2 depend on it: say which value prices today's payments.
  app.log.info(await taxUnitInForceMessage(database.db, caracasDate(new Date())));
}
