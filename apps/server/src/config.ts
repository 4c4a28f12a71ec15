import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeDataDir } from './data-dir.ts';

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL server; when absent PGlite keeps the data in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Seed the demo data (default: on in embedded mode, off with DATABASE_URL). */
  demo: boolean;
  adminPassword: string;
  jwtSecret: string;
  /** Key that encrypts certificates and their passwords at rest. */
  secretsKey: string;
  corsOrigin?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Address users reach the app at; used in e-mailed links. */
  publicUrl: string;
  logLevel: string;
  /** The central bank's page with the official exchange rates. */
  bcvUrl: string;
  /** Refresh the official rates from bcvUrl once a day. */
  bcvDaily: boolean;
  /** Run the background workers (PDF generation, e-mail) in this process. */
  jobs: boolean;
  /** With `jobs`: false queues jobs without working them here (SIGECE_JOBS=send; cluster HTTP workers). */
  jobWorkers?: boolean;
  /** With job workers: send the monthly SENIAT report's daily job (SENIAT_MONTHLY_DUTY, default on). */
  seniatMonthlyDuty?: boolean;
  /** HTTP server processes on one port (SIGECE_WORKERS, PostgreSQL only); unset or 1: one process. */
  workers?: number;
  /** A direct connection for migrations when DATABASE_URL goes through a transaction-mode pooler. */
  databaseMigrationUrl?: string;
  /** PostgreSQL connections per process (DATABASE_POOL_SIZE); default 20, or derived when clustered. */
  databasePoolSize?: number;
  /**
   * Prepare repeated statements once per connection (DATABASE_PREPARED_STATEMENTS, default on; off for
   * a transaction-mode pooler without prepared-statement support, see db/prepared.ts).
   */
  databasePreparedStatements?: boolean;
  /** The provider's own signing certificate (PKCS#12 path and password); demo: generated once. */
  providerP12Path?: string;
  providerP12Password?: string;
  /**
   * Longest a PKCS#12 may take to open on its worker thread (CERTIFICATE_OPEN_TIMEOUT_MS; default 30 s):
   * an upload past it is refused, the provider's certificate past it fails to load.
   */
  certificateOpenTimeoutMs?: number;
  /** The imprenta digital's data printed on every document. */
  printer: { nombre: string; rif: string; providencia: string; fechaProvidencia: string };
  /** Folder with the built web app, served at /. */
  webDist?: string;
  /**
   * Which proxies in front may name the client's address (X-Forwarded-For), as Fastify's trustProxy
   * takes it: false (unset: the socket's address is the client's), true, a hop count or addresses/CIDRs.
   */
  trustProxy?: boolean | number | string[];
  /** Webhook receivers may be plain http (NODE_ENV development or test); otherwise HTTPS only. */
  webhookAnyUrl?: boolean;
  /**
   * Requests per caller (API key or user) and window on the integration routes (INTEGRATION_RATE_LIMIT,
   * default 6000; 0: no limit) and the window's length in seconds (INTEGRATION_RATE_WINDOW, default 60).
   */
  integrationRateLimit?: number;
  integrationRateWindowSeconds?: number;
}

/** A secret from the environment, or one generated on first start and kept in DATA_DIR. */
export function persistentSecret(dataDir: string, fileName: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  makeDataDir(dataDir);
  const file = join(dataDir, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return value === '1' || value.toLowerCase() === 'true';
}

/**
 * TRUST_PROXY: unset, empty, `0` or `false` = no proxy is trusted; `true` = every hop; a number n = the n
 * nearest hops (`1`: one reverse proxy); otherwise a comma-separated list of addresses or CIDRs.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = Number(env.PORT || 3000);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir,
    demo: flag(env.SIGECE_DEMO) ?? !databaseUrl,
    adminPassword: env.SIGECE_ADMIN_PASSWORD || 'admin123',
    jwtSecret: persistentSecret(dataDir, 'jwt-secret', env.JWT_SECRET),
    secretsKey: persistentSecret(dataDir, 'secrets-key', env.SECRETS_KEY),
    corsOrigin: env.CORS_ORIGIN || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'sigece <no-responder@sigece.local>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL || 'info',
    bcvUrl: env.BCV_URL || 'https://www.bcv.org.ve/',
    bcvDaily: flag(env.BCV_DAILY) ?? true,
    jobs: env.SIGECE_JOBS === 'send' || (flag(env.SIGECE_JOBS) ?? true),
    jobWorkers: env.SIGECE_JOBS !== 'send',
    seniatMonthlyDuty: flag(env.SENIAT_MONTHLY_DUTY) ?? true,
    workers: env.SIGECE_WORKERS ? Number(env.SIGECE_WORKERS) : undefined,
    databaseMigrationUrl: env.DATABASE_MIGRATION_URL || undefined,
    databasePoolSize: env.DATABASE_POOL_SIZE ? Number(env.DATABASE_POOL_SIZE) : undefined,
    databasePreparedStatements: flag(env.DATABASE_PREPARED_STATEMENTS) ?? true,
    providerP12Path: env.PROVIDER_P12 || undefined,
    providerP12Password: env.PROVIDER_P12_PASSWORD,
    certificateOpenTimeoutMs: env.CERTIFICATE_OPEN_TIMEOUT_MS
      ? Number(env.CERTIFICATE_OPEN_TIMEOUT_MS)
      : undefined,
    printer: {
      nombre: env.PRINTER_NAME || 'sigece Imprenta Digital, C.A. (demo)',
      rif: env.PRINTER_RIF || 'J-000000000',
      providencia: env.PRINTER_PROVIDENCIA || 'SENIAT/INTI/2026/000000 (demo)',
      fechaProvidencia: env.PRINTER_PROVIDENCIA_FECHA || '2026-01-15',
    },
    webDist: env.WEB_DIST,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webhookAnyUrl: env.NODE_ENV === 'development' || env.NODE_ENV === 'test',
    integrationRateLimit: env.INTEGRATION_RATE_LIMIT ? Number(env.INTEGRATION_RATE_LIMIT) : undefined,
    integrationRateWindowSeconds: env.INTEGRATION_RATE_WINDOW
      ? Number(env.INTEGRATION_RATE_WINDOW)
      : undefined,
  };
}
