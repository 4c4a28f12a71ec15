// The embedded database's thread (started by pglite-thread.ts). PGlite runs PostgreSQL compiled to WASM
// synchronously on whatever thread calls it, so on the API's thread one long statement or a burst of
// short ones stopped every request: here it has a thread of its own. Plain JavaScript:
// no loader to register, so the thread starts as soon as PGlite's WASM is compiled.
//
// This is a thin remote for PGlite's own API, not a second database engine: queries, scripts and
// transactions are handed to PGlite as they come, and its mutex serialises them exactly as it did on the
// API's thread (one session: a statement outside a transaction waits until the open one ends).
import { readFile, rename, writeFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const port = parentPort;
const identity = (value) => value;

/** Transactions held open for the API's thread, by id: PGlite's handle, how to end it, its outcome. */
const open = new Map();
let nextTransaction = 1;
let pg;

/** A DatabaseError's fields (code, constraint, table…) survive the trip; functions do not. */
function plainError(error) {
  const plain = { name: 'Error', message: String(error) };
  if (error && typeof error === 'object') {
    plain.name = error.name ?? 'Error';
    plain.message = error.message ?? String(error);
    plain.stack = error.stack;
    for (const [key, value] of Object.entries(error)) {
      if (key === 'queryOptions' || typeof value === 'function') continue;
      try {
        plain[key] = structuredClone(value);
      } catch {
        // Not cloneable: left out.
      }
    }
  }
  return plain;
}

/** Drizzle's parsers are all "keep PostgreSQL's text" for a few types: they travel as type ids. */
function queryOptions(options) {
  if (!options) return undefined;
  const parsers = options.raw ? Object.fromEntries(options.raw.map((type) => [type, identity])) : undefined;
  return { rowMode: options.rowMode, parsers };
}

const result = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

function target(message) {
  if (message.tx === undefined) return pg;
  const held = open.get(message.tx);
  if (!held) throw new Error(`transacción ${message.tx} inexistente`);
  return held.tx;
}

/**
 * PGlite's transaction(): BEGIN once its mutex is free, COMMIT when the callback resolves, ROLLBACK when
 * it throws. The callback stays open, holding the session, until the API's thread says how it ended.
 */
function begin(id) {
  const tx = nextTransaction++;
  let started = false;
  const held = {};
  held.ended = new Promise((resolve, reject) => {
    held.commit = resolve;
    held.rollback = reject;
  });
  held.ended.catch(() => {});
  held.done = pg
    .transaction(async (handle) => {
      held.tx = handle;
      open.set(tx, held);
      started = true;
      port.postMessage({ id, ok: true, value: tx });
      await held.ended;
    })
    .finally(() => open.delete(tx));
  // A failed BEGIN answers this request; a failed COMMIT answers the 'end' request.
  held.done.catch((error) => {
    if (!started) port.postMessage({ id, ok: false, error: plainError(error) });
  });
}

async function handle(message) {
  switch (message.op) {
    case 'open': {
      // A dump of another database's files (dumpDataDir) to start from: no initdb, no migrations.
      const loadDataDir = message.loadFrom ? new Blob([await readFile(message.loadFrom)]) : undefined;
      pg = await PGlite.create(message.dataDir, loadDataDir ? { loadDataDir } : {});
      return null;
    }
    case 'dump': {
      // Written beside its place and renamed: a reader never sees half a file.
      const dump = await pg.dumpDataDir('none');
      const partial = `${message.path}.${process.pid}.${Date.now()}.partial`;
      await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
      await rename(partial, message.path);
      return null;
    }
    case 'query':
      return result(await target(message).query(message.text, message.params, queryOptions(message.options)));
    case 'exec':
      return (await target(message).exec(message.text)).map(result);
    case 'migrate':
      await migrate(drizzle(pg), { migrationsFolder: message.folder });
      return null;
    case 'end': {
      const held = open.get(message.tx);
      if (!held) throw new Error(`transacción ${message.tx} inexistente`);
      if (message.commit) held.commit();
      else held.rollback(new Error('rollback'));
      try {
        await held.done;
      } catch (error) {
        if (message.commit) throw error;
      }
      return null;
    }
    case 'close':
      await pg?.close();
      return null;
    default:
      throw new Error(`operación desconocida: ${message.op}`);
  }
}

port.on('message', async (message) => {
  if (message.op === 'begin') return begin(message.id);
  try {
    port.postMessage({ id: message.id, ok: true, value: await handle(message) });
  } catch (error) {
    port.postMessage({ id: message.id, ok: false, error: plainError(error) });
  }
});
