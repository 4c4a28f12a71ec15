// The server's boundaries, checked by `npm run lint` (ARCHITECTURE: "Dependencies point one way"):
//   1. a module under apps/server/src/modules/<context> reads and writes only its own context's tables
//      (apps/server/src/db/schema/<file>.ts), by import and by name in raw SQL; another context's data
//      comes through that context's service;
//   2. contexts have ranks (RANKS below) and a module imports only contexts of a lower rank: two contexts
//      that need each other move the shared part down a rank or declare a hook (src/wiring.ts);
//   3. the kit under src (db, http, documents, off-thread, the job definitions) imports no module: only the
//      composition roots (app.ts, main.ts, cluster.ts, wiring.ts, families/, jobs/registry.ts, cli/) do;
//   4. no import cycle among the server's files.
// Biome's restricted imports cannot say this: every module imports the one schema barrel, and what counts is
// which of its names it takes. So this reads the import statements and the sql`…` texts as text (no
// dependency), prints each breach with its file and exits 1 when there is one. `--report` prints the
// figures and always exits 0.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'apps/server/src');

/** Which schema files each module owns. The column builders (`columns.ts`) are nobody's tables. */
export const OWNED = {
  audit: ['audit'],
  auth: ['security'],
  catalog: ['catalog'],
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
  reference: ['reference'],
  'received-withholdings': ['received-withholdings'],
  reports: ['seniat-reports'],
  security: ['security'],
  verification: [],
  webhooks: ['webhooks'],
  withholdings: ['withholdings'],
};
const SHARED_SCHEMA = new Set(['columns']);

/**
 * Each context's rank: a module imports (values, not types) only contexts of a lower rank. From the
 * bottom: the records every context writes (audit, mail, the job queue); the provider's shared reference
 * data; the tenants; who may do what; each company's master data and numbering; the integration platform
 * and the e-mail delivery state; the issuance kernel; the document families; what reads several families
 * (purchases, the mass load, read models, reports, the portals).
 */
export const RANKS = {
  audit: 1,
  jobs: 1,
  mail: 1,
  health: 1,
  reference: 2,
  companies: 3,
  security: 4,
  auth: 5,
  catalog: 5,
  numbering: 5,
  webhooks: 5,
  delivery: 6,
  integration: 6,
  issuance: 7,
  invoices: 8,
  withholdings: 8,
  notes: 9,
  orders: 9,
  purchases: 10,
  'received-withholdings': 10,
  'mass-load': 10,
  activity: 11,
  dashboard: 11,
  lookup: 11,
  portal: 11,
  reports: 11,
  verification: 11,
};

/** The files of src outside modules/ that may import modules: they put the application together. */
const COMPOSITION_ROOTS = [
  /^app\.ts$/,
  /^main\.ts$/,
  /^cluster\.ts$/,
  /^wiring\.ts$/,
  /^families\//,
  /^jobs\/registry\.ts$/,
  /^cli\//,
];

/**
 * Raw SQL tolerated for now (file -> the context whose table it names): the check fails on a new one, and
 * on a listed one that is gone. These read models join the companies' and branches' names into reports
 * and the control-number engine locks the issuer's rows; they go when the kernel's one document header
 * carries the issuer's identity.
 */
export const KNOWN_SQL = new Set([
  'modules/integration/request-log.ts -> companies',
  'modules/numbering/engine.ts -> companies',
  'modules/numbering/register.service.ts -> audit',
  'modules/numbering/register.service.ts -> companies',
  'modules/numbering/register.service.ts -> security',
  'modules/portal/queries.ts -> companies',
  'modules/portal/queries.ts -> issuance',
  'modules/reports/assigned-numbers/queries.ts -> companies',
  'modules/reports/assigned-numbers/queries.ts -> issuance',
  'modules/reports/assigned-numbers/queries.ts -> security',
  'modules/reports/seniat/queries.ts -> companies',
  'modules/reports/seniat/queries.ts -> issuance',
]);

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

/** Table name → the schema file (context) that declares it; and the SQL name of each table → that context. */
function tableOwners() {
  const owners = new Map();
  const sqlOwners = new Map();
  const dir = join(SRC, 'db/schema');
  for (const name of readdirSync(dir)) {
    const context = name.replace(/\.ts$/, '');
    const text = readFileSync(join(dir, name), 'utf8');
    for (const m of text.matchAll(/^export const (\w+)/gm)) owners.set(m[1], context);
    for (const m of text.matchAll(/pgTable\(\s*'(\w+)'/g)) sqlOwners.set(m[1], context);
  }
  return { owners, sqlOwners };
}

function moduleOf(file) {
  const rel = relative(join(SRC, 'modules'), file);
  return rel.startsWith('..') ? null : rel.split('/')[0];
}

/** The text of every sql`…` template of a file, interpolations left out (they name tables by reference). */
function sqlTexts(text) {
  const out = [];
  for (const m of text.matchAll(/\bsql(?:\.raw)?`((?:[^`\\]|\\.)*)`/g))
    out.push(m[1].replace(/\$\{[^}]*\}/g, ' '));
  return out;
}

/** The tables a raw SQL text names after from, join, into, update or table. */
function tablesNamed(sqlText) {
  const names = new Set();
  for (const m of sqlText.matchAll(
    /\b(?:from|join|into|update|table)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi,
  ))
    names.add(m[1].toLowerCase());
  return names;
}

export function check() {
  const files = walk(SRC);
  const { owners, sqlOwners } = tableOwners();
  const barrel = join(SRC, 'db/schema.ts');
  const schemaDir = join(SRC, 'db/schema');
  const tableBreaches = [];
  const sqlBreaches = [];
  const rankBreaches = [];
  const kitBreaches = [];
  const unranked = new Set();
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const imports = importsOf(file, text);
    const mod = moduleOf(file);
    const rel = relative(ROOT, file);
    const inSrc = relative(SRC, file);
    graph.set(
      file,
      imports.map((i) => i.target),
    );
    if (!mod) {
      if (!COMPOSITION_ROOTS.some((re) => re.test(inSrc)))
        for (const i of imports)
          if (moduleOf(i.target) && !i.typeOnly)
            kitBreaches.push(`${rel} imports ${relative(ROOT, i.target)}`);
      continue;
    }
    if (!(mod in RANKS)) unranked.add(mod);
    for (const i of imports) {
      const target = moduleOf(i.target);
      if (target && target !== mod && !i.typeOnly && !(RANKS[target] < RANKS[mod]))
        rankBreaches.push(
          `${rel} imports ${relative(ROOT, i.target)}: ${mod} (rank ${RANKS[mod]}) may import only lower ranks, ${target} is ${RANKS[target]}`,
        );
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
    const named = new Map();
    for (const sqlText of sqlTexts(text))
      for (const table of tablesNamed(sqlText)) {
        const context = sqlOwners.get(table);
        if (!context || SHARED_SCHEMA.has(context) || (OWNED[mod] ?? []).includes(context)) continue;
        if (!named.has(context)) named.set(context, new Set());
        named.get(context).add(table);
      }
    for (const [context, tables] of named)
      sqlBreaches.push({ file: rel, module: mod, context, tables: [...tables].sort() });
  }
  const cycles = findCycles(graph).map((c) => c.map((f) => relative(ROOT, f)));
  return { tableBreaches, sqlBreaches, rankBreaches, kitBreaches, unranked: [...unranked], cycles };
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
  const { tableBreaches, sqlBreaches, rankBreaches, kitBreaches, unranked, cycles } = check();
  const key = (b) => `${relative(SRC, join(ROOT, b.file))} -> ${b.context}`;
  const fresh = tableBreaches.filter((b) => !KNOWN.has(key(b)));
  const freshSql = sqlBreaches.filter((b) => !KNOWN_SQL.has(key(b)));
  const seen = new Set(tableBreaches.map(key));
  const seenSql = new Set(sqlBreaches.map(key));
  const repaid = [...KNOWN].filter((k) => !seen.has(k));
  const repaidSql = [...KNOWN_SQL].filter((k) => !seenSql.has(k));
  if (process.argv.includes('--report')) {
    const pairs = new Set(tableBreaches.map((b) => `${b.module} -> ${b.context}`));
    console.log(
      `cross-context table imports: ${pairs.size} module/context pairs, ${tableBreaches.length} file/context pairs`,
    );
    for (const b of tableBreaches) console.log(`  ${b.file} -> ${b.context} (${b.tables.join(', ')})`);
    console.log(`raw SQL naming another context's table: ${sqlBreaches.length} file/context pairs`);
    for (const b of sqlBreaches) console.log(`  ${b.file} -> ${b.context} (${b.tables.join(', ')})`);
    console.log(`imports up a rank: ${rankBreaches.length}`);
    for (const b of rankBreaches) console.log(`  ${b}`);
    console.log(`kit files importing a module: ${kitBreaches.length}`);
    for (const b of kitBreaches) console.log(`  ${b}`);
    console.log(`import cycles: ${cycles.length}`);
    for (const c of cycles) console.log(`  ${c.join(' <-> ')}`);
    process.exit(0);
  }
  const problems = [
    ...fresh.map(
      (b) =>
        `${b.file} imports the ${b.context} context's tables (${b.tables.join(', ')}): reach them through modules/${b.context}'s service`,
    ),
    ...freshSql.map(
      (b) =>
        `${b.file} names the ${b.context} context's tables in raw SQL (${b.tables.join(', ')}): reach them through modules/${b.context}'s service`,
    ),
    ...repaid.map((k) => `${k} is repaid: remove it from KNOWN in scripts/check-boundaries.mjs`),
    ...repaidSql.map((k) => `${k} is repaid: remove it from KNOWN_SQL in scripts/check-boundaries.mjs`),
    ...unranked.map((m) => `modules/${m} has no rank: give it one in RANKS of scripts/check-boundaries.mjs`),
    ...rankBreaches,
    ...kitBreaches.map((b) => `${b}: the kit under src sits below every module and imports none`),
    ...cycles.map((c) => `import cycle: ${c.join(' <-> ')}`),
  ];
  for (const p of problems) console.error(p);
  if (problems.length > 0) process.exit(1);
}
