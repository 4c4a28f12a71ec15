// The pre-test step (scripts/ensure-system-deps.mjs, run by `npm test` and CI): finds what the browser and
// PDF tests need from the system, installs it when it can, and otherwise stops with the exact command.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  CHROMIUM,
  installCommand,
  missingSystemPackages,
  plan,
} from '../../../scripts/ensure-system-deps.mjs';

const script = fileURLToPath(new URL('../../../scripts/ensure-system-deps.mjs', import.meta.url));

describe('system packages the tests need (npm pretest)', () => {
  it('Chromium at /usr/bin/chromium and both poppler programs on the PATH', () => {
    const having = (files: string[]) => (file: string) => files.includes(file);
    expect(missingSystemPackages('/bin:/usr/bin', having([]))).toEqual(['chromium', 'poppler-utils']);
    expect(missingSystemPackages('/bin:/usr/bin', having([CHROMIUM, '/usr/bin/pdftotext']))).toEqual([
      'poppler-utils',
    ]);
    expect(
      missingSystemPackages('/bin:/usr/bin', having([CHROMIUM, '/usr/bin/pdftotext', '/bin/pdfsig'])),
    ).toEqual([]);
  });

  it('installs as root with apt-get; otherwise stops naming the exact command', () => {
    expect(plan([], { root: false, hasApt: false })).toEqual({ action: 'none' });
    expect(plan(['chromium'], { root: true, hasApt: true })).toEqual({
      action: 'install',
      packages: ['chromium'],
    });
    expect(plan(['chromium', 'poppler-utils'], { root: false, hasApt: true })).toEqual({
      action: 'stop',
      message: expect.stringContaining(
        'sudo apt-get update && sudo apt-get install -y chromium poppler-utils',
      ),
    });
    expect(plan(['poppler-utils'], { root: true, hasApt: false })).toEqual({
      action: 'stop',
      message: expect.stringContaining('poppler-utils (pdftotext, pdfsig)'),
    });
    expect(installCommand(['poppler-utils'], { root: true })).toBe(
      'apt-get update && apt-get install -y poppler-utils',
    );
  });

  it('run where poppler is not on the PATH and apt-get cannot be found, it stops at once with exit 1', async () => {
    const started = Date.now();
    const failure = await promisify(execFile)(process.execPath, [script], {
      env: { PATH: mkdtempSync(join(tmpdir(), 'sigece-empty-path-')) },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain('Faltan programas del sistema');
    expect((failure as { stderr: string }).stderr).toContain('apt-get install -y');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
