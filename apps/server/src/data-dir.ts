/**
 * DATA_DIR holds the signing secrets (jwt-secret, secrets-key, the provider's certificate and its
 * password) and, in embedded mode, the whole database (pgdata): only the server's own user may read it.
 * PGlite wrote its files mode 0666 (968 of 1,361 files world-writable), so the
 * directory is created 0700, the secrets 0600, what is more open and ours is closed at every start,
 * and what stays more open (another owner's files) is named in a warning at start.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from 'node:fs';
import { join } from 'node:path';

/** The secrets the server keeps in DATA_DIR (see config.ts and documents/provider-certificate.ts). */
export const SECRET_FILES = ['jwt-secret', 'secrets-key', 'provider.p12', 'provider.p12.pass'];
/** PGlite's data directory inside DATA_DIR (db/client.ts). */
export const PGDATA = 'pgdata';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/** DATA_DIR, created private (its parents too, when they are created here). */
export function makeDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
}

const stat = (path: string): Stats | undefined => {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
};

/** DATA_DIR, its secrets and the embedded database's files and folders: what exists, as [path, stats]. */
function* guarded(dataDir: string): Generator<[string, Stats]> {
  const root = stat(dataDir);
  if (!root?.isDirectory()) return;
  yield [dataDir, root];
  for (const name of SECRET_FILES) {
    const path = join(dataDir, name);
    const info = stat(path);
    if (info?.isFile()) yield [path, info];
  }
  const walk = function* (dir: string): Generator<[string, Stats]> {
    const info = stat(dir);
    if (!info?.isDirectory()) return;
    yield [dir, info];
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(path);
      else if (entry.isFile()) {
        const file = stat(path);
        if (file) yield [path, file];
      }
    }
  };
  yield* walk(join(dataDir, PGDATA));
}

/** Whether group or others may do anything with it. */
const tooOpen = (info: Stats) => (info.mode & 0o077) !== 0;
const owned = (info: Stats) => typeof process.getuid !== 'function' || info.uid === process.getuid();

/**
 * Closes what is ours and more open than private (folders 0700, files 0600); returns how many were
 * changed. Files of another owner are left as they are (startup warnings name them).
 */
export function tightenDataDir(dataDir: string): number {
  let changed = 0;
  for (const [path, info] of guarded(dataDir)) {
    if (!tooOpen(info) || !owned(info)) continue;
    chmodSync(path, info.isDirectory() ? PRIVATE_DIR : PRIVATE_FILE);
    changed++;
  }
  return changed;
}

/** What group or others can still reach: [path, mode in octal], at most `limit` of them. */
export function exposedInDataDir(dataDir: string, limit = 5): { count: number; first: string[] } {
  let count = 0;
  const first: string[] = [];
  for (const [path, info] of guarded(dataDir)) {
    if (!tooOpen(info)) continue;
    count++;
    if (first.length < limit) first.push(`${path} (${(info.mode & 0o777).toString(8).padStart(4, '0')})`);
  }
  return { count, first };
}
