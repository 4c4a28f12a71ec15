/**
 * The main-thread side of the embedded database: PGlite runs in a worker thread (pglite-worker.mjs) and
 * this client offers Drizzle and the rest of the server the part of PGlite's API they use — query,
 * exec, transaction, close — over messages. While PGlite works, the API's thread keeps answering: each
 * statement is a message and its answer another one, so the event loop turns between any two statements
 * of a long job instead of running a whole chunk of them in microtasks.
 *
 * A transaction keeps its session in the worker: BEGIN runs there, the statements the callback sends go
 * to that transaction's handle, and COMMIT or ROLLBACK runs when the callback settles. Every other
 * statement waits for it in PGlite's own mutex, as before.
 */
import { Worker } from 'node:worker_threads';

/** What PGlite answers a statement with (rows as objects, or as arrays with rowMode 'array'). */
export interface ThreadResults<T = unknown> {
  rows: T[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Drizzle passes parsers that keep PostgreSQL's text for some types; only their type ids travel. */
  parsers?: Record<number, unknown>;
}

type Request =
  | { op: 'open'; dataDir?: string; loadFrom?: string }
  | { op: 'dump'; path: string }
  | {
      op: 'query';
      text: string;
      params?: unknown[];
      options?: { rowMode?: string; raw?: number[] };
      tx?: number;
    }
  | { op: 'exec'; text: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'migrate'; folder: string }
  | { op: 'close' };

type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/** The error as PGlite raised it in the worker: message, code, constraint, table… and both stacks. */
function rebuilt(plain: Record<string, unknown>, here: Error): Error {
  const error = new Error(String(plain.message));
  Object.assign(error, plain);
  error.stack = `${String(plain.stack ?? error.message)}\n    --- in the database thread, requested from:\n${here.stack?.split('\n').slice(1).join('\n') ?? ''}`;
  return error;
}

/** A statement runner bound to the session or to one open transaction. */
export interface ThreadQueryable {
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<ThreadResults<T>>;
  exec(text: string): Promise<ThreadResults[]>;
}

export interface ThreadTransaction extends ThreadQueryable {
  readonly closed: boolean;
  rollback(): Promise<void>;
}

export class PgliteThread implements ThreadQueryable {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; here: Error }
  >();
  private nextId = 1;
  private failure?: Error;

  private constructor() {
    this.worker = new Worker(WORKER_URL);
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => this.answered(reply));
    const lost = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', lost);
    this.worker.on('exit', (code) => lost(new Error(`la base de datos embebida se detuvo (código ${code})`)));
  }

  /**
   * `dataDir` undefined: in memory (tests). `loadFrom`: a file written by `dump`, whose database this one
   * starts as (the tests' shared start-up, test/database-snapshots.ts).
   */
  static async open(dataDir: string | undefined, loadFrom?: string): Promise<PgliteThread> {
    const thread = new PgliteThread();
    try {
      await thread.send({ op: 'open', dataDir, loadFrom });
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  private send<T>(request: Request): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      // Where the statement came from, for the error's stack (the worker's stack alone says nothing).
      const here = new Error('database thread');
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, here });
      // A statement in flight keeps the process alive, an idle database does not (as PGlite in-thread).
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ id, ...request });
    });
  }

  private answered(reply: Reply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(rebuilt(reply.error, waiting.here));
  }

  private queryOn<T>(tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions) {
    const wire = options && {
      rowMode: options.rowMode,
      raw: options.parsers ? Object.keys(options.parsers).map(Number) : undefined,
    };
    return this.send<ThreadResults<T>>({ op: 'query', text, params, options: wire, tx });
  }

  query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions) {
    return this.queryOn<T>(undefined, text, params, options);
  }

  exec(text: string): Promise<ThreadResults[]> {
    return this.send({ op: 'exec', text });
  }

  /** PGlite's transaction(): COMMIT when `callback` resolves, ROLLBACK when it throws (then rethrown). */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = await this.send<number>({ op: 'begin' });
    let closed = false;
    let rolledBack = false;
    const tx: ThreadTransaction = {
      get closed() {
        return closed;
      },
      query: (text, params, options) => this.queryOn(id, text, params, options),
      exec: (text) => this.send({ op: 'exec', text, tx: id }),
      rollback: async () => {
        rolledBack = true;
      },
    };
    let value: T;
    try {
      value = await callback(tx);
    } catch (error) {
      closed = true;
      // The callback's error is the one to report, even if the rollback fails too.
      await this.send({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    await this.send({ op: 'end', tx: id, commit: !rolledBack });
    return value;
  }

  /** Writes the database's files, as one uncompressed tar, to `path` (PGlite's dumpDataDir). */
  dump(path: string): Promise<void> {
    return this.send({ op: 'dump', path });
  }

  migrate(folder: string): Promise<void> {
    return this.send({ op: 'migrate', folder });
  }

  async close(): Promise<void> {
    if (!this.failure) await this.send({ op: 'close' });
    await this.worker.terminate();
  }
}
