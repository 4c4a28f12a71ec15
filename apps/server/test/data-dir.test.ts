// DATA_DIR is private: created 0700 with its secrets 0600, the embedded database's files
// (PGlite writes them 0666) closed at start, and a start-up warning naming what is still open to others.
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { exposedInDataDir, PGDATA, tightenDataDir } from '../src/data-dir.ts';
import { openPglite } from '../src/db/client.ts';
import { startupWarnings } from '../src/startup-warnings.ts';

const root = mkdtempSync(join(tmpdir(), 'sigece-data-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every folder and file under `dir` whose mode lets group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if ((entry.isFile() || entry.isDirectory()) && (modeOf(path) & 0o077) !== 0) found.push(path);
  }
  return found;
}

describe('DATA_DIR permissions', () => {
  it('a new DATA_DIR is created 0700 with its secrets 0600', () => {
    const dataDir = join(root, 'new', 'data');
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '3106' });
    expect(modeOf(dataDir).toString(8)).toBe('700');
    expect(modeOf(join(dataDir, 'jwt-secret')).toString(8)).toBe('600');
    expect(modeOf(join(dataDir, 'secrets-key')).toString(8)).toBe('600');
    expect(startupWarnings(config).filter((w) => w.startsWith('DATA_DIR'))).toEqual([]);
  });

  it('an existing DATA_DIR left open is warned about, then closed at start', () => {
    const dataDir = join(root, 'old');
    loadConfig({ DATA_DIR: dataDir, PORT: '3106' });
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'jwt-secret'), 0o644);
    writeFileSync(join(dataDir, 'provider.p12.pass'), 'x\n', { mode: 0o666 });
    chmodSync(join(dataDir, 'provider.p12.pass'), 0o666);
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '3106' });
    const [warning] = startupWarnings(config).filter((w) => w.startsWith('DATA_DIR'));
    expect(warning).toContain('3 de sus archivos o carpetas pueden ser leídos o modificados por otros');
    expect(warning).toContain(`${join(dataDir, 'jwt-secret')} (0644)`);
    expect(tightenDataDir(dataDir)).toBe(3);
    expect(modeOf(dataDir).toString(8)).toBe('700');
    expect(modeOf(join(dataDir, 'jwt-secret')).toString(8)).toBe('600');
    expect(modeOf(join(dataDir, 'provider.p12.pass')).toString(8)).toBe('600');
    expect(startupWarnings(config).filter((w) => w.startsWith('DATA_DIR'))).toEqual([]);
  });

  it.runIf(process.getuid?.() === 0)(
    'a file of another owner cannot be closed: it stays in the warning',
    () => {
      const dataDir = join(root, 'foreign');
      loadConfig({ DATA_DIR: dataDir, PORT: '3106' });
      const secret = join(dataDir, 'secrets-key');
      chmodSync(secret, 0o640);
      chownSync(secret, 65534, 65534);
      expect(tightenDataDir(dataDir)).toBe(0);
      expect(exposedInDataDir(dataDir)).toEqual({ count: 1, first: [`${secret} (0640)`] });
      const [warning] = startupWarnings({ publicUrl: 'https://facturas.example.com', dataDir });
      expect(warning).toContain(`1 de sus archivos o carpetas`);
    },
  );

  it('the embedded database: PGlite writes files 0666, start-up leaves none open to others', {
    timeout: 180_000,
  }, async () => {
    const dataDir = join(root, 'embedded');
    loadConfig({ DATA_DIR: dataDir, PORT: '3106' });
    const database = await openPglite(join(dataDir, PGDATA));
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    const pgdata = join(dataDir, PGDATA);
    expect(modeOf(pgdata).toString(8)).toBe('700');
    // What PGlite itself does (the reason for all this): its files come out world-writable.
    expect(openToOthers(pgdata).length).toBeGreaterThan(100);
    expect(exposedInDataDir(dataDir).count).toBeGreaterThan(100);
    tightenDataDir(dataDir);
    expect(openToOthers(dataDir)).toEqual([]);
    expect(exposedInDataDir(dataDir).count).toBe(0);
  });
});
