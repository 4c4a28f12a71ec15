/**
 * PDFs are rendered and signed on worker threads, never on the thread that answers HTTP: a pool sized to
 * the cores, one document per worker at a time, the rest waiting in order. A document that takes longer
 * than the time limit has its worker terminated (the only way to stop pdfkit mid-layout) and fails with
 * a RenderTimeoutError; the pool starts a fresh worker for the next one. Idle workers do not keep the
 * process alive.
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FiscalDocument } from './model.ts';
import { KeyStoreError } from './pkcs12.ts';
import type { SignedDocument } from './render.ts';
import type { RenderReply, RenderRequest } from './render-worker.ts';
import type { PdfSignerInput } from './sign.ts';

/** Longest a document may take to render and sign, unless configured. */
export const DEFAULT_RENDER_TIMEOUT_MS = 30_000;

export class RenderTimeoutError extends Error {
  override name = 'RenderTimeoutError';
}

export interface RenderPoolOptions {
  /** Worker threads (default: os.availableParallelism()). */
  size?: number;
  /** Time limit per document, from the moment a worker takes it (default 30 s). */
  timeoutMs?: number;
}

interface Task {
  id: number;
  doc: FiscalDocument;
  signer: PdfSignerInput;
  resolve: (signed: SignedDocument) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** The key stores this worker already holds (by `keyStoreId`): sent once, then named. */
  keyStores: Set<string>;
  task?: Task;
  timer?: NodeJS.Timeout;
}

/** Key stores a worker keeps (render-worker.ts forgets them all past this many, as the pool does). */
export const KEY_STORES_PER_WORKER = 64;

const keyStoreIds = new WeakMap<Buffer, Map<string, string>>();

/** A key store's identity (its bytes and password), computed once per Buffer and password. */
function keyStoreId(p12: Buffer, password: string): string {
  let byPassword = keyStoreIds.get(p12);
  if (!byPassword) {
    byPassword = new Map();
    keyStoreIds.set(p12, byPassword);
  }
  let id = byPassword.get(password);
  if (id === undefined) {
    id = createHash('sha256').update(p12).update('\0').update(password, 'utf8').digest('base64');
    byPassword.set(password, id);
  }
  return id;
}

// A plain module that registers tsx in the worker, then loads render-worker.ts (see there why).
const WORKER_URL = new URL('./render-worker.mjs', import.meta.url);

export class RenderPool {
  readonly size: number;
  timeoutMs: number;
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: RenderPoolOptions = {}) {
    this.size = Math.max(1, options.size ?? availableParallelism());
    this.timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  }

  render(doc: FiscalDocument, signer: PdfSignerInput): Promise<SignedDocument> {
    if (this.closed) return Promise.reject(new Error('El generador de PDF está detenido'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, doc, signer, resolve, reject });
      this.dispatch();
    });
  }

  /** Terminates every worker; documents not finished fail. */
  async close(): Promise<void> {
    this.closed = true;
    const error = new Error('El generador de PDF está detenido');
    for (const task of this.waiting.splice(0)) task.reject(error);
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        clearTimeout(slot.timer);
        slot.task?.reject(error);
        return slot.worker.terminate();
      }),
    );
  }

  private dispatch() {
    while (this.waiting.length > 0) {
      const slot = this.slots.find((s) => s.ready && !s.task);
      if (!slot) {
        if (this.slots.length < this.size) this.spawn();
        return;
      }
      const task = this.waiting.shift()!;
      slot.task = task;
      slot.worker.ref();
      slot.timer = setTimeout(() => this.timedOut(slot), this.timeoutMs);
      const { p12, password, ...signer } = task.signer;
      const keyStore = keyStoreId(p12, password);
      const known = slot.keyStores.has(keyStore);
      if (!known) {
        if (slot.keyStores.size >= KEY_STORES_PER_WORKER) slot.keyStores.clear();
        slot.keyStores.add(keyStore);
      }
      const request: RenderRequest = {
        id: task.id,
        doc: task.doc,
        signer,
        keyStore,
        ...(known ? {} : { p12, password }),
      };
      slot.worker.postMessage(request);
    }
  }

  private spawn() {
    const worker = new Worker(WORKER_URL);
    const slot: Slot = { worker, ready: false, keyStores: new Set() };
    this.slots.push(slot);
    worker.on('message', (reply: RenderReply) => this.answered(slot, reply));
    worker.on('error', (error) => this.lost(slot, error));
    worker.on('exit', (code) => this.lost(slot, new Error(`el proceso de PDF terminó (código ${code})`)));
  }

  private answered(slot: Slot, reply: RenderReply) {
    if (reply.type === 'ready') {
      slot.ready = true;
    } else {
      const task = slot.task;
      clearTimeout(slot.timer);
      slot.task = undefined;
      if (task && task.id === reply.id) {
        if (reply.type === 'done') {
          const pdf = Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength);
          task.resolve({ pdf, sha256: reply.sha256, checksumBase64: reply.checksumBase64 });
        } else {
          const error =
            reply.name === 'KeyStoreError' ? new KeyStoreError(reply.message) : new Error(reply.message);
          task.reject(error);
        }
      }
    }
    if (!slot.task) slot.worker.unref();
    this.dispatch();
  }

  private timedOut(slot: Slot) {
    const task = slot.task;
    this.remove(slot);
    void slot.worker.terminate();
    const seconds = Math.round(this.timeoutMs / 100) / 10;
    task?.reject(
      new RenderTimeoutError(
        `El PDF del documento ${task.doc.numero} no se generó en el tiempo límite (${seconds} s)`,
      ),
    );
    this.dispatch();
  }

  /** A worker that crashed or exited: its document fails, a new worker takes the next one. */
  private lost(slot: Slot, error: Error) {
    if (!this.slots.includes(slot)) return;
    this.remove(slot);
    if (!slot.ready) {
      // A worker that cannot even start would fail again: the waiting documents fail with its reason.
      for (const task of this.waiting.splice(0)) task.reject(error);
      return;
    }
    slot.task?.reject(error);
    if (!this.closed) this.dispatch();
  }

  private remove(slot: Slot) {
    clearTimeout(slot.timer);
    const at = this.slots.indexOf(slot);
    if (at >= 0) this.slots.splice(at, 1);
  }
}

let shared: RenderPool | undefined;

/** The process's render pool, created on first use. */
export function renderPool(): RenderPool {
  shared ??= new RenderPool();
  return shared;
}

/** Sets the size or time limit of the process's pool (another size starts a new pool). */
export function configureRenderPool(options: RenderPoolOptions): RenderPool {
  if (options.size !== undefined && options.size !== shared?.size) {
    const timeoutMs = options.timeoutMs ?? shared?.timeoutMs;
    void shared?.close();
    shared = new RenderPool({ ...options, timeoutMs });
  } else if (options.timeoutMs !== undefined) renderPool().timeoutMs = options.timeoutMs;
  return renderPool();
}

/** Stops the process's pool (tests, benchmarks, shutdown). */
export async function closeRenderPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
