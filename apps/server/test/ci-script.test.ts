// Issue 22 item 11: CI (.ci/run) runs Biome and the type-check of every workspace before the tests and
// fails on either; the type-check covers every workspace of package.json.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

it('.ci/run stops on the first failure and runs lint and the type-check before the tests', () => {
  const lines = read('.ci/run')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  expect(lines).toContain('set -euo pipefail');
  const at = (command: string) => lines.indexOf(command);
  expect(at('npm run lint')).toBeGreaterThan(-1);
  expect(at('npm run typecheck')).toBeGreaterThan(-1);
  expect(at('npm run lint')).toBeLessThan(at('npm test'));
  expect(at('npm run typecheck')).toBeLessThan(at('npm test'));
});

it('npm run typecheck checks every workspace, each with its own tsconfig', () => {
  const pkg = JSON.parse(read('package.json')) as { workspaces: string[]; scripts: Record<string, string> };
  const checked = [...pkg.scripts.typecheck.matchAll(/tsc -p (\S+)/g)].map((m) => m[1]);
  expect(pkg.scripts.lint).toBe('biome check .');
  for (const workspace of pkg.workspaces) {
    expect(checked, workspace).toContain(workspace);
    expect(existsSync(join(ROOT, workspace, 'tsconfig.json')), workspace).toBe(true);
  }
});
