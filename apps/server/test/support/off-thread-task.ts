// A task for src/off-thread/run.ts's tests (off-thread.test.ts), run on its real worker threads: it says
// which thread ran it, can hold its thread busy (to pass a time limit), end its thread (a crash) or ask the
// starting thread questions (the channel the mass load's product lookups use).
import { threadId } from 'node:worker_threads';

export interface OffThreadTestTask {
  /** Milliseconds of CPU to spend before answering. */
  busyMs?: number;
  /** Ends the worker thread with this exit code instead of answering. */
  exitCode?: number;
  /** Questions to ask, one after another; their answers come back in `answers`. */
  questions?: unknown[];
  /** Thrown (after the questions) instead of answering. */
  fail?: string;
}

export default async function offThreadTestTask(
  task: OffThreadTestTask,
  ask: (question: unknown) => Promise<unknown>,
): Promise<{ threadId: number; answers: unknown[]; today: string }> {
  if (task.exitCode !== undefined) process.exit(task.exitCode);
  const until = performance.now() + (task.busyMs ?? 0);
  while (performance.now() < until);
  const answers: unknown[] = [];
  for (const question of task.questions ?? []) answers.push(await ask(question));
  if (task.fail) throw new RangeError(task.fail);
  return { threadId, answers, today: new Date().toISOString().slice(0, 10) };
}
