// Loaded into the server's node (`--import`) by `bench/signed-documents.ts --statements`: counts the
// statements every node-postgres client of the process sends, by their text, so that a benchmark can say
// how many statements each signed document costs without touching the shared PostgreSQL's configuration
// (pg_stat_statements needs shared_preload_libraries, log_statement an ALTER SYSTEM). On SIGUSR2 the
// process writes its counts to `${BENCH_STATEMENTS_FILE}.${pid}`; the benchmark signals before and after
// a load and subtracts. PGlite runs inside the process and is not counted.
import { renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_STATEMENTS_FILE;
if (file && isMainThread) {
  // The server's own copy of pg (BENCH_SERVER_ENTRY may run another worktree's server, with its own).
  const pg = createRequire(process.argv[1])('pg');
  const counts = new Map();
  /** Whitespace folded, long texts cut: one key per statement shape (values are parameters). */
  const keyOf = (text) => {
    const folded = text.replace(/\s+/g, ' ').trim();
    return folded.length > 160 ? `${folded.slice(0, 160)}…` : folded;
  };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    const config = args[0];
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text === 'string') {
      const key = keyOf(text);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return query.apply(this, args);
  };
  // Says this process answers SIGUSR2 (the benchmark signals no other: a child without a handler, such
  // as tsx's esbuild service, would end).
  writeFileSync(`${file}.${process.pid}.ready`, '');
  process.on('SIGUSR2', () => {
    const target = `${file}.${process.pid}`;
    writeFileSync(`${target}.tmp`, JSON.stringify(Object.fromEntries(counts)));
    renameSync(`${target}.tmp`, target);
  });
}
