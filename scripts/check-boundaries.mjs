// The server's boundaries, checked by `npm run lint` (see ARCHITECTURE.md, "Dependencies point one way"):
//   1. a module under apps/server/src/modules/<context> reads and writes only its own context's tables
//      (apps/server/src/db/schema/<file>.ts); another context's data comes through that context's service;
//   2. apps/server/src/http imports no module;
//   3. no import cycle among the server's files.
// Biome's restricted imports cannot say this: every module imports the one schema barrel, and what counts is
// which of its names it takes. So this reads the import statements as text (no dependency), prints each
// breach with its file and exits 1 when there is one. `--report` prints the figures and always exits 0.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'apps/server/src');

/**
 * Which schema files each module owns. The column builders and the shared reference data are nobody's
 * tables in this sense: `columns.ts` only builds columns, and `reference.ts` is written by the catalog.
 */
export const OWNED = {
  audit: ['audit'],
  auth: ['security'],
  catalog: ['catalog', 'reference'],
  companies: ['companies'],
  dashboard: [],
  delivery: ['delivery'],
  health: [],
  integration: ['api-keys', 'integration-requests'],
  invoices: ['invoices'],
  issuance: ['issuance', 'annulments'],
  jobs: ['jobs'],
  lookup: [],
  mail: ['mail'],
  'mass-load': ['mass-load'],
  activity: [],
  notes: ['notes'],
  numbering: ['numbering'],
  orders: ['orders'],
  purchases: ['purchases'],
  'received-withholdings': ['received-withholdings'],
  reports: ['seniat-reports'],
  security: ['security'],
  verification: [],
  webhooks: ['webhooks'],
  withholdings: ['withholdings'],
};
const SHARED_SCHEMA = new Set(['columns']);

/**
 * Breaches tolerated for now (file -> context), e.g. `'modules/x/service.ts -> y'`: the check fails on a
 * new one, and on a listed one that is gone. None is left: read models over many contexts (Home's
 * dashboard, a document's activity) compose what each context answers over its own tables.
 */
export const KNOWN = new Set([]);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|mts|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every `import … from '…'` and `export … from '…'` of a file: the names taken and the resolved target. */
function importsOf(file, text) {
  const found = [];
  const re = /(?:^|\n)\s*(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const spec = m[4];
    if (!spec.startsWith('.')) continue;
    const typeOnly = Boolean(m[2]);
    const names = [];
    const braces = /\{([\s\S]*)\}/.exec(m[3]);
    if (braces)
      for (const part of braces[1].split(',')) {
        const item = part.trim();
        if (!item || item.startsWith('type ')) continue;
        names.push(item.split(/\s+as\s+/)[0].trim());
      }
    if (m[3].includes('*')) names.push('*');
    found.push({ target: resolve(dirname(file), spec), names, typeOnly });
  }
  // Dynamic imports count for cycles as much as static ones do not: they run later, so they are left out.
  return found;
}

/** Table name → the schema file (context) that declares it. */
function tableOwners() {
  const owners = new Map();
  const dir = join(SRC, 'db/schema');
  for (const name of readdirSync(dir)) {
    const context = name.replace(/\.ts$/, '');
    const text = readFileSync(join(dir, name), 'utf8');
    for (const m of text.matchAll(/^export const (\w+)/gm)) owners.set(m[1], context);
  }
  return owners;
}

function moduleOf(file) {
  const rel = relative(join(SRC, 'modules'), file);
  return rel.startsWith('..') ? null : rel.split('/')[0];
}

export function check() {
  const files = walk(SRC);
  const owners = tableOwners();
  const barrel = join(SRC, 'db/schema.ts');
  const schemaDir = join(SRC, 'db/schema');
  const tableBreaches = [];
  const httpBreaches = [];
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const imports = importsOf(file, text);
    const mod = moduleOf(file);
    const rel = relative(ROOT, file);
    graph.set(
      file,
      imports.map((i) => i.target),
    );
    if (rel.startsWith('apps/server/src/http/'))
      for (const i of imports)
        if (moduleOf(i.target)) httpBreaches.push(`${rel} imports ${relative(ROOT, i.target)}`);
    if (!mod) continue;
    for (const i of imports) {
      let contexts = [];
      if (i.target === barrel) contexts = i.names.map((n) => owners.get(n)).filter(Boolean);
      else if (dirname(i.target) === schemaDir)
        contexts = [i.target.slice(schemaDir.length + 1).replace(/\.ts$/, '')];
      for (const context of new Set(contexts)) {
        if (SHARED_SCHEMA.has(context) || (OWNED[mod] ?? []).includes(context)) continue;
        const tables = i.names.filter((n) => owners.get(n) === context);
        tableBreaches.push({ file: rel, module: mod, context, tables });
      }
    }
  }
  const cycles = findCycles(graph).map((c) => c.map((f) => relative(ROOT, f)));
  return { tableBreaches, httpBreaches, cycles };
}

/** Strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
function findCycles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { tableBreaches, httpBreaches, cycles } = check();
  const pairs = new Set(tableBreaches.map((b) => `${b.module} -> ${b.context}`));
  const key = (b) => `${relative(SRC, join(ROOT, b.file))} -> ${b.context}`;
  const fresh = tableBreaches.filter((b) => !KNOWN.has(key(b)));
  const seen = new Set(tableBreaches.map(key));
  const repaid = [...KNOWN].filter((k) => !seen.has(k));
  if (process.argv.includes('--report')) {
    console.log(
      `cross-context table imports: ${pairs.size} module/context pairs, ${tableBreaches.length} file/context pairs`,
    );
    for (const b of tableBreaches) console.log(`  ${b.file} -> ${b.context} (${b.tables.join(', ')})`);
    console.log(`http/ importing a module: ${httpBreaches.length}`);
    for (const b of httpBreaches) console.log(`  ${b}`);
    console.log(`import cycles: ${cycles.length}`);
    for (const c of cycles) console.log(`  ${c.join(' <-> ')}`);
    process.exit(0);
  }
  const problems = [
    ...fresh.map(
      (b) =>
        `${b.file} imports the ${b.context} context's tables (${b.tables.join(', ')}): reach them through modules/${b.context}'s service`,
    ),
    ...repaid.map((k) => `${k} is repaid: remove it from KNOWN in scripts/check-boundaries.mjs`),
    ...httpBreaches.map((b) => `${b}: http/ sits below every module and imports none`),
    ...cycles.map((c) => `import cycle: ${c.join(' <-> ')}`),
  ];
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exit(1);
}
