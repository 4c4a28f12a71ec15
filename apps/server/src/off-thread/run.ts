/**
 * Runs one CPU-heavy task (opening a certificate, reading an uploaded workbook) on a worker thread, so
 * that the thread answering HTTP keeps answering meanwhile, with a time limit:
 * past it the worker is terminated (the only way to stop node-forge's key derivation or a sheet's parse
 * mid-way) and the task fails with OffThreadTimeout.
 *
 * The workers stay between tasks: a worker's start is small, but loading the task's
 * modules in it (through tsx when the server runs from source: exceljs, node-forge, the fiscal rules) cost
 * more CPU than a 500-row workbook's parse, on every upload. Each lane (kind of task) keeps up to its
 * `concurrency` workers, started when first needed, reused one task at a time, and ended after `idleMs`
 * without work; an idle worker is unref'd, so it never keeps the process (or a test) alive. A worker that
 * timed out is terminated and one that crashed is dropped: the next task of its lane gets a fresh one.
 *
 * The task is a module whose default export takes the input (structured-cloned) and `ask`, which sends a
 * question back to this thread (`answer` replies: the database lives here) and resolves with its reply.
 *
 * Each run is announced on the diagnostics channel `sigece:off-thread` ({ task, phase: 'start' | 'end',
 * threadId }), which lets a test count what the event loop answered while the task ran, and see which
 * worker ran it.
 */
import diagnostics from 'node:diagnostics_channel';
import { Worker } from 'node:worker_threads';

export class OffThreadTimeout extends Error {
  override name = 'OffThreadTimeout';
}

/** An error the task threw, with its original name (KeyStoreError, NotASpreadsheet…) kept. */
export class OffThreadError extends Error {
  constructor(
    readonly taskErrorName: string,
    message: string,
  ) {
    super(message);
  }
}

/** How long a worker waits for its lane's next task before it ends (a user's next upload is near). */
export const OFF_THREAD_IDLE_MS = 60_000;

export interface OffThreadOptions {
  /** A name for the diagnostics channel and the lane (its workers and their concurrency). */
  task: string;
  timeoutMs: number;
  /** Replies to the task's `ask(question)`. */
  answer?: (question: unknown) => Promise<unknown>;
  /** Tasks of this lane running at once; the rest wait their turn (default 2: the machine's cores). */
  concurrency?: number;
  /** How long an idle worker of this lane is kept (default OFF_THREAD_IDLE_MS). */
  idleMs?: number;
}

export const offThreadChannel = diagnostics.channel('sigece:off-thread');

const ENTRY = new URL('./entry.mjs', import.meta.url);

/** What a worker's messages go to while it runs a task. */
interface Running {
  message(message: WorkerMessage): void;
  lost(error: Error): void;
}

type WorkerMessage =
  | { type: 'done'; task: number; value: unknown }
  | { type: 'failed'; task: number; name: string; message: string }
  | { type: 'ask'; task: number; id: number; question: unknown };

interface Slot {
  worker: Worker;
  running?: Running;
  idleTimer?: NodeJS.Timeout;
}

/** Per lane: how many run, who waits for a turn, and the workers waiting for a task. */
interface Lane {
  running: number;
  waiting: Array<() => void>;
  idle: Slot[];
}

const lanes = new Map<string, Lane>();
let nextTask = 1;

function laneOf(task: string): Lane {
  let lane = lanes.get(task);
  if (!lane) {
    lane = { running: 0, waiting: [], idle: [] };
    lanes.set(task, lane);
  }
  return lane;
}

async function turn(lane: Lane, concurrency: number): Promise<() => void> {
  if (lane.running >= concurrency) await new Promise<void>((resolve) => lane.waiting.push(resolve));
  lane.running++;
  return () => {
    lane.running--;
    lane.waiting.shift()?.();
  };
}

/** A worker of `lane`: an idle one, else a new one (whose crash or exit fails the task it runs). */
function workerFor(lane: Lane, task: string): Slot {
  const reused = lane.idle.pop();
  if (reused) {
    clearTimeout(reused.idleTimer);
    reused.worker.ref();
    return reused;
  }
  const slot: Slot = { worker: new Worker(ENTRY) };
  slot.worker.on('message', (message: WorkerMessage) => slot.running?.message(message));
  slot.worker.on('error', (error) => {
    forget(lane, slot);
    slot.running?.lost(error);
  });
  slot.worker.on('exit', (code) => {
    forget(lane, slot);
    slot.running?.lost(new Error(`${task}: el hilo terminó sin respuesta (código ${code})`));
  });
  return slot;
}

/** Back to the lane's idle workers, unref'd, until its next task or `idleMs` from now. */
function rest(lane: Lane, slot: Slot, idleMs: number) {
  slot.worker.unref();
  slot.idleTimer = setTimeout(() => {
    forget(lane, slot);
    void slot.worker.terminate();
  }, idleMs);
  slot.idleTimer.unref();
  lane.idle.push(slot);
}

function forget(lane: Lane, slot: Slot) {
  clearTimeout(slot.idleTimer);
  const at = lane.idle.indexOf(slot);
  if (at >= 0) lane.idle.splice(at, 1);
}

export async function runOffThread<T>(module: URL, input: unknown, options: OffThreadOptions): Promise<T> {
  const lane = laneOf(options.task);
  const release = await turn(lane, options.concurrency ?? 2);
  let slot: Slot;
  try {
    slot = workerFor(lane, options.task);
  } catch (error) {
    // A thread that could not even start (out of resources): the turn goes to the next task.
    release();
    throw error;
  }
  const { threadId } = slot.worker;
  offThreadChannel.publish({ task: options.task, phase: 'start', threadId });
  try {
    return await new Promise<T>((resolve, reject) => {
      const id = nextTask++;
      // How far this thread's Date is from the real clock (moved by the tests' clock): the task sees the same.
      const clockOffsetMs = Math.round(Date.now() - (performance.timeOrigin + performance.now()));
      let settled = false;
      /** Ends this task; its worker goes back to the lane only if it finished the task itself. */
      const settle = (fn: () => void, keepWorker: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        slot.running = undefined;
        fn();
        if (keepWorker) rest(lane, slot, options.idleMs ?? OFF_THREAD_IDLE_MS);
        else void slot.worker.terminate();
      };
      const timer = setTimeout(
        () =>
          settle(
            () => reject(new OffThreadTimeout(`${options.task}: más de ${options.timeoutMs} ms`)),
            false,
          ),
        options.timeoutMs,
      );
      slot.running = {
        message: (message) => {
          if (message.task !== id) return;
          if (message.type === 'done') settle(() => resolve(message.value as T), true);
          else if (message.type === 'failed')
            settle(() => reject(new OffThreadError(message.name, message.message)), true);
          else if (message.type === 'ask') {
            const reply = options.answer
              ? options.answer(message.question)
              : Promise.reject(new Error('sin respuesta'));
            reply.then(
              (value) =>
                !settled && slot.worker.postMessage({ type: 'answer', task: id, id: message.id, value }),
              (error: Error) =>
                !settled &&
                slot.worker.postMessage({ type: 'error', task: id, id: message.id, message: error.message }),
            );
          }
        },
        lost: (error) => settle(() => reject(error), false),
      };
      try {
        slot.worker.postMessage({ type: 'run', task: id, module: module.href, input, clockOffsetMs });
      } catch (error) {
        // An input that cannot be cloned: the task fails here, its worker never saw it.
        settle(() => reject(error as Error), true);
      }
    });
  } finally {
    offThreadChannel.publish({ task: options.task, phase: 'end', threadId });
    release();
  }
}
