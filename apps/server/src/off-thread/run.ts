/**
 * Runs one CPU-heavy task (opening a certificate, reading an uploaded workbook) on a worker thread of its
 * own, so that the thread answering HTTP keeps answering meanwhile (issue 22 items 2 and 9), with a time
 * limit: past it the worker is terminated (the only way to stop node-forge's key derivation or a sheet's
 * parse mid-way) and the task fails with OffThreadTimeout. A fresh worker per task by default (whatever
 * the task allocated goes with it); a lane with `keepWarmMs` keeps its finished workers that long for its
 * next tasks instead, because a fresh worker loads its modules through tsx again: for an upload's parse
 * that was 2.4–2.6 s of CPU every time, more than the parse of a 500-row file itself.
 *
 * The task is a module whose default export takes the input (structured-cloned) and `ask`, which sends a
 * question back to this thread (`answer` replies: the database lives here) and resolves with its reply.
 *
 * Each run is announced on the diagnostics channel `sigece:off-thread` ({ task, phase: 'start' | 'end' }),
 * which lets a test count what the event loop answered while the task ran.
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

export interface OffThreadOptions {
  /** A name for the diagnostics channel and the concurrency lane (one lane per kind of task). */
  task: string;
  timeoutMs: number;
  /** Replies to the task's `ask(question)`. */
  answer?: (question: unknown) => Promise<unknown>;
  /** Tasks of this lane running at once; the rest wait their turn (default 2: the machine's cores). */
  concurrency?: number;
  /**
   * Keep a worker that finished its task (done or failed, not timed out) this long for the lane's next
   * task, its modules loaded; unreferenced meanwhile, so it never keeps the process alive.
   */
  keepWarmMs?: number;
}

export const offThreadChannel = diagnostics.channel('sigece:off-thread');

const ENTRY = new URL('./entry.mjs', import.meta.url);

interface Lane {
  running: number;
  waiting: Array<() => void>;
  /** Warm workers waiting for the next task (keepWarmMs), each with the timer that ends it. */
  idle: Array<{ worker: Worker; timer: NodeJS.Timeout; onExit: () => void }>;
}

/** Per lane: how many run, who waits for a turn, and its warm workers. */
const lanes = new Map<string, Lane>();

function laneOf(task: string): Lane {
  let lane = lanes.get(task);
  if (!lane) {
    lane = { running: 0, waiting: [], idle: [] };
    lanes.set(task, lane);
  }
  return lane;
}

async function turn(task: string, concurrency: number): Promise<() => void> {
  const l = laneOf(task);
  if (l.running >= concurrency) await new Promise<void>((resolve) => l.waiting.push(resolve));
  l.running++;
  return () => {
    l.running--;
    l.waiting.shift()?.();
  };
}

export async function runOffThread<T>(module: URL, input: unknown, options: OffThreadOptions): Promise<T> {
  const release = await turn(options.task, options.concurrency ?? 2);
  offThreadChannel.publish({ task: options.task, phase: 'start' });
  try {
    return await new Promise<T>((resolve, reject) => {
      // How far this thread's Date is from the real clock (moved by the tests' clock): the task sees the same.
      const clockOffsetMs = Math.round(Date.now() - (performance.timeOrigin + performance.now()));
      const task = { module: module.href, input, clockOffsetMs };
      const keepWarmMs = options.keepWarmMs ?? 0;
      const lane = laneOf(options.task);
      let worker: Worker;
      if (keepWarmMs > 0) {
        const warm = lane.idle.pop();
        if (warm) {
          clearTimeout(warm.timer);
          warm.worker.off('exit', warm.onExit);
          worker = warm.worker;
          worker.ref();
        } else worker = new Worker(ENTRY, { workerData: { warm: true } });
        worker.postMessage({ type: 'task', ...task });
      } else worker = new Worker(ENTRY, { workerData: task });
      let settled = false;
      /** Settles the task; the worker is kept warm only when it finished its task (`reusable`). */
      const settle = (fn: () => void, reusable = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        fn();
        if (reusable && keepWarmMs > 0) keepWarm(lane, worker, keepWarmMs);
        else void worker.terminate();
      };
      const timer = setTimeout(
        () => settle(() => reject(new OffThreadTimeout(`${options.task}: más de ${options.timeoutMs} ms`))),
        options.timeoutMs,
      );
      const onMessage = (message: { type: string; [key: string]: unknown }) => {
        if (message.type === 'done') settle(() => resolve(message.value as T), true);
        else if (message.type === 'failed')
          settle(() => reject(new OffThreadError(message.name as string, message.message as string)), true);
        else if (message.type === 'ask') {
          const reply = options.answer
            ? options.answer(message.question)
            : Promise.reject(new Error('sin respuesta'));
          reply.then(
            (value) => !settled && worker.postMessage({ type: 'answer', id: message.id, value }),
            (error: Error) =>
              !settled && worker.postMessage({ type: 'error', id: message.id, message: error.message }),
          );
        }
      };
      const onError = (error: Error) => settle(() => reject(error));
      const onExit = (code: number) =>
        settle(() => reject(new Error(`${options.task}: el hilo terminó sin respuesta (código ${code})`)));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
  } finally {
    offThreadChannel.publish({ task: options.task, phase: 'end' });
    release();
  }
}

/** Puts a worker that finished its task among the lane's warm ones, ended after `ms` unused. */
function keepWarm(lane: Lane, worker: Worker, ms: number) {
  worker.unref();
  const forget = () => {
    lane.idle = lane.idle.filter((w) => w !== entry);
  };
  const entry = {
    worker,
    timer: setTimeout(() => {
      forget();
      worker.off('exit', entry.onExit);
      void worker.terminate();
    }, ms),
    // Should it die while waiting, it is simply not handed out again.
    onExit: () => {
      clearTimeout(entry.timer);
      forget();
    },
  };
  entry.timer.unref();
  worker.once('exit', entry.onExit);
  lane.idle.push(entry);
}
