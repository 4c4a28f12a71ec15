// Brings drizzle-kit's snapshot up to the last migration: `node scripts/drizzle-snapshot.mjs`.
//
// Most migrations since 0004 are written by hand (triggers, data moves, partial indexes drizzle cannot
// express), so drizzle-kit's own snapshot chain stopped at 0003 and `npm run db:generate` diffed the schema
// against a months-old picture, asking about renames that never happened. This writes the snapshot of
// today's `src/db/schema.ts` as the last journal entry's snapshot: drizzle-kit generates it from nothing in
// a scratch copy (no earlier snapshot, so no rename prompts), and it is linked to the newest snapshot kept.
// After it, `npm run db:generate` answers "No schema changes" until the schema changes again. Run it after
// adding a migration (CONTRIBUTING.md, "Add a migration").
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = join(ROOT, 'apps/server');
const META = join(SERVER, 'drizzle/meta');

const journal = JSON.parse(readFileSync(join(META, '_journal.json'), 'utf8'));
const last = journal.entries.at(-1);
const target = `${String(last.idx).padStart(4, '0')}_snapshot.json`;
const kept = readdirSync(META)
  .filter((f) => f.endsWith('_snapshot.json') && f !== target)
  .sort();
const previous = kept.length ? JSON.parse(readFileSync(join(META, kept.at(-1)), 'utf8')) : undefined;

const scratch = mkdtempSync(join(tmpdir(), 'sigece-drizzle-'));
try {
  const server = join(scratch, 'apps/server');
  cpSync(join(SERVER, 'src'), join(server, 'src'), { recursive: true });
  cpSync(join(SERVER, 'drizzle.config.ts'), join(server, 'drizzle.config.ts'));
  cpSync(join(SERVER, 'package.json'), join(server, 'package.json'));
  cpSync(join(ROOT, 'packages/fiscal'), join(scratch, 'packages/fiscal'), {
    recursive: true,
    filter: (path) => !path.includes('node_modules'),
  });
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
  execFileSync(join(ROOT, 'node_modules/.bin/drizzle-kit'), ['generate', '--name', 'snapshot'], {
    cwd: server,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const made = readdirSync(join(server, 'drizzle/meta')).find((f) => f.endsWith('_snapshot.json'));
  const snapshot = JSON.parse(readFileSync(join(server, 'drizzle/meta', made), 'utf8'));
  snapshot.prevId = previous?.id ?? '00000000-0000-0000-0000-000000000000';
  writeFileSync(join(META, target), `${JSON.stringify(snapshot, null, 2)}\n`);
  console.log(`drizzle/meta/${target}: ${Object.keys(snapshot.tables).length} tables, after ${kept.at(-1)}`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
