/**
 * Runs one CPU-heavy task (opening a certificate, reading an uploaded workbook) on a worker thread of its
 * own, so that the thread answering HTTP keeps answering meanwhile (issue 22 items 2 and 9), with a time
 * limit: past it the worker is terminated (the only way to stop node-forge's key derivation or a sheet's
 * parse mid-way) and the task fails with OffThreadTimeout. A fresh worker per task: these tasks are rare
 * and seconds long, a thread's start is small beside them, and whatever the task allocated goes with it.
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
}

export const offThreadChannel = diagnostics.channel('sigece:off-thread');

const ENTRY = new URL('./entry.mjs', import.meta.url);

/** Per lane: how many run, and who waits for a turn. */
const lanes = new Map<string, { running: number; waiting: Array<() => void> }>();

async function turn(task: string, concurrency: number): Promise<() => void> {
  let lane = lanes.get(task);
  if (!lane) {
    lane = { running: 0, waiting: [] };
    lanes.set(task, lane);
  }
  const l = lane;
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
      const worker = new Worker(ENTRY, { workerData: { module: module.href, input, clockOffsetMs } });
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
        void worker.terminate();
      };
      const timer = setTimeout(
        () => settle(() => reject(new OffThreadTimeout(`${options.task}: más de ${options.timeoutMs} ms`))),
        options.timeoutMs,
      );
      worker.on('message', (message) => {
        if (message.type === 'done') settle(() => resolve(message.value as T));
        else if (message.type === 'failed')
          settle(() => reject(new OffThreadError(message.name, message.message)));
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
      });
      worker.on('error', (error) => settle(() => reject(error)));
      worker.on('exit', (code) =>
        settle(() => reject(new Error(`${options.task}: el hilo terminó sin respuesta (código ${code})`))),
      );
    });
  } finally {
    offThreadChannel.publish({ task: options.task, phase: 'end' });
    release();
  }
}
