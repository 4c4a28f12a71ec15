/**
 * The imprenta digital's own signing certificate: the PKCS#12 named by PROVIDER_P12 (with
 * PROVIDER_P12_PASSWORD), or, without one, a self-signed demo certificate generated once and kept in
 * the data directory (`provider.p12` and its random password in `provider.p12.pass`, both mode 0600).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { generateSelfSignedOffThread, signingSubjectOffThread } from './keystore-thread.ts';
import { KeyStoreError } from './pkcs12.ts';

export interface ProviderCertificateConfig {
  /** Path of the provider's PKCS#12 (PROVIDER_P12). */
  providerP12Path?: string;
  /** Its password (PROVIDER_P12_PASSWORD). */
  providerP12Password?: string;
  /** Where the generated demo certificate is kept. */
  dataDir: string;
  /** Longest the store may take to open or generate (keystore-thread.ts's default unless told). */
  openTimeoutMs?: number;
}

export interface ProviderCertificate {
  p12: Buffer;
  password: string;
  /** "CN=..., O=..., C=..." of the signing certificate. */
  subject: string;
}

export const PROVIDER_P12_FILE = 'provider.p12';
export const PROVIDER_P12_PASS_FILE = 'provider.p12.pass';

/** The provider-certificate settings from the environment (PROVIDER_P12, PROVIDER_P12_PASSWORD). */
export function providerCertificateConfigFromEnv(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): ProviderCertificateConfig {
  return {
    dataDir,
    ...(env.PROVIDER_P12 ? { providerP12Path: env.PROVIDER_P12 } : {}),
    ...(env.PROVIDER_P12_PASSWORD !== undefined ? { providerP12Password: env.PROVIDER_P12_PASSWORD } : {}),
  };
}

const DEMO_SUBJECT = { commonName: 'sigece Imprenta Digital (demo)', organization: 'sigece', country: 'VE' };

async function readStored(dataDir: string, timeoutMs?: number): Promise<ProviderCertificate | undefined> {
  const p12Path = join(dataDir, PROVIDER_P12_FILE);
  const passPath = join(dataDir, PROVIDER_P12_PASS_FILE);
  // The store is written last: when it is there, its password is too.
  if (!existsSync(p12Path)) return undefined;
  const [p12, password] = await Promise.all([readFile(p12Path), readFile(passPath, 'utf8')]);
  const subject = await signingSubjectOffThread(p12, password.trim(), timeoutMs);
  return { p12, password: password.trim(), subject };
}

async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, data, { mode: 0o600 });
  await rename(tmp, path);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The generation lock is stale when the process that took it is gone: its owner (host and pid, written
 * when it took the lock) is a process of this host that no longer runs — a server killed with SIGKILL
 * while generating — or, without an owner (killed between the two steps) or on another host, when it is
 * over a minute old. Before the owner was written, a restarted server waited that whole minute before
 * signing anything.
 */
async function lockIsStale(lock: string): Promise<boolean> {
  const owner = await readFile(join(lock, 'owner'), 'utf8').catch(() => '');
  const [host, pidText] = owner.trim().split(' ');
  const pid = Number(pidText);
  if (host === hostname() && Number.isInteger(pid) && pid > 0) return !processRuns(pid);
  const age = await stat(lock).then(
    (s) => Date.now() - s.mtimeMs,
    () => 0,
  );
  return age > 60_000;
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function generateOnce(dataDir: string, timeoutMs?: number): Promise<ProviderCertificate> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lock = join(dataDir, `${PROVIDER_P12_FILE}.lock`);
  // Several server processes may start together on one data directory: one generates, the others wait.
  for (let attempt = 0; ; attempt++) {
    const stored = await readStored(dataDir, timeoutMs);
    if (stored) return stored;
    try {
      await mkdir(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (await lockIsStale(lock)) await rm(lock, { recursive: true, force: true });
      else await sleep(Math.min(50 * (attempt + 1), 500));
      continue;
    }
    try {
      await writeFile(join(lock, 'owner'), `${hostname()} ${process.pid}\n`);
      const again = await readStored(dataDir, timeoutMs);
      if (again) return again;
      const password = randomBytes(24).toString('base64url');
      // RSA key generation and node-forge's certificate signing: on a worker thread too.
      const { p12, subject } = await generateSelfSignedOffThread(
        { ...DEMO_SUBJECT, years: 5, password, alias: 'sigece-imprenta' },
        timeoutMs,
      );
      await writeAtomically(join(dataDir, PROVIDER_P12_PASS_FILE), `${password}\n`);
      await writeAtomically(join(dataDir, PROVIDER_P12_FILE), p12);
      return { p12, password, subject };
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

const inProcess = new Map<string, Promise<ProviderCertificate>>();

/**
 * The provider's signing certificate. With `providerP12Path`, that file and `providerP12Password`
 * (checked by opening the store: a wrong password throws KeyStoreError). Without it, the demo
 * certificate of `dataDir`, generated on the first call and the same bytes on every later one.
 */
export async function loadProviderCertificate(
  config: ProviderCertificateConfig,
): Promise<ProviderCertificate> {
  if (config.providerP12Path) {
    let p12: Buffer;
    try {
      p12 = await readFile(config.providerP12Path);
    } catch {
      throw new KeyStoreError(`No se puede leer el certificado del proveedor (${config.providerP12Path})`);
    }
    const password = config.providerP12Password ?? '';
    // Opened on a worker thread with a time limit, as a company's certificate on upload.
    return { p12, password, subject: await signingSubjectOffThread(p12, password, config.openTimeoutMs) };
  }
  const existing = inProcess.get(config.dataDir);
  if (existing) return existing;
  // Concurrent first calls share one generation; later calls read the stored files.
  const loading = generateOnce(config.dataDir, config.openTimeoutMs).finally(() =>
    inProcess.delete(config.dataDir),
  );
  inProcess.set(config.dataDir, loading);
  return loading;
}
