// CI (.ci/run) runs Biome and the type-check of every workspace before the tests and
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
  // Every benchmark once in its short mode, after the tests.
  expect(at('npm run bench:smoke')).toBeGreaterThan(at('npm test'));
});

it('the benchmark smoke runs every benchmark of bench/README.md', () => {
  const smoke = read('bench/smoke.ts');
  const listed = [...smoke.matchAll(/file: '([\w-]+\.ts)'/g)].map((m) => m[1]);
  const documented = [...read('bench/README.md').matchAll(/^\| `([\w-]+\.ts)` \|/gm)].map((m) => m[1]);
  expect(documented.length).toBeGreaterThan(10);
  for (const file of documented) expect(listed, file).toContain(file);
});

it('npm run typecheck checks every workspace, each with its own tsconfig', () => {
  const pkg = JSON.parse(read('package.json')) as { workspaces: string[]; scripts: Record<string, string> };
  const checked = [...pkg.scripts.typecheck.matchAll(/tsc -p (\S+)/g)].map((m) => m[1]);
  // Lint is Biome over the whole tree, then the bounded contexts' import rules.
  expect(pkg.scripts.lint).toBe('biome check . && node scripts/check-boundaries.mjs');
  for (const workspace of pkg.workspaces) {
    expect(checked, workspace).toContain(workspace);
    expect(existsSync(join(ROOT, workspace, 'tsconfig.json')), workspace).toBe(true);
  }
});

it('every locked package runs on the Node that package.json declares (no EBADENGINE on npm ci)', async () => {
  // npm's own semver (no types installed): the two functions used here.
  const semverModule: string = 'semver';
  const { default: semver } = (await import(semverModule)) as {
    default: {
      minVersion(range: string): { version: string } | null;
      satisfies(version: string, range: string): boolean;
    };
  };
  const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
  const lowest = semver.minVersion(pkg.engines.node)?.version;
  expect(lowest, pkg.engines.node).toBe('20.19.0');
  const lock = JSON.parse(read('package-lock.json')) as {
    packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean; optional?: boolean }>;
  };
  const refused = Object.entries(lock.packages)
    .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node)
    .filter(([, p]) => !semver.satisfies(lowest!, (p.engines as { node: string }).node))
    .map(([name, p]) => `${name} ${(p.engines as { node: string }).node}`);
  expect(refused).toEqual([]);
});
