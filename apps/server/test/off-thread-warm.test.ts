import { describe, expect, it } from 'vitest';
import { OffThreadError, OffThreadTimeout, runOffThread } from '../src/off-thread/run.ts';

// Issue 24 item 2 (d): a lane with keepWarmMs hands a finished worker, its modules loaded, to the next task;
// a timed-out one is never reused; without keepWarmMs every task has a fresh worker.
const TASK = new URL('./support/off-thread-task.ts', import.meta.url);
type Answer = { threadId: number; runs: number };

const run = (task: string, mode: 'count' | 'throw' | 'hang', keepWarmMs?: number, timeoutMs = 30_000) =>
  runOffThread<Answer>(TASK, { mode }, { task, timeoutMs, keepWarmMs });

describe('off-thread tasks: warm workers', () => {
  it('a warm lane runs its next tasks on the same worker, the module loaded once, even after a failed task', async () => {
    const first = await run('warm-a', 'count', 60_000);
    const second = await run('warm-a', 'count', 60_000);
    expect(second.threadId).toBe(first.threadId);
    expect([first.runs, second.runs]).toEqual([1, 2]);
    await expect(run('warm-a', 'throw', 60_000)).rejects.toMatchObject({
      constructor: OffThreadError,
      taskErrorName: 'Boom',
      message: 'falló a propósito',
    });
    const third = await run('warm-a', 'count', 60_000);
    expect(third).toEqual({ threadId: first.threadId, runs: 4 });
  });

  it('a worker that timed out is ended, and the next task gets a fresh one', async () => {
    const first = await run('warm-b', 'count', 60_000);
    await expect(run('warm-b', 'hang', 60_000, 1_500)).rejects.toBeInstanceOf(OffThreadTimeout);
    const next = await run('warm-b', 'count', 60_000);
    expect(next.threadId).not.toBe(first.threadId);
    expect(next.runs).toBe(1);
  });

  it('without keepWarmMs every task has a fresh worker', async () => {
    const first = await run('cold', 'count');
    const second = await run('cold', 'count');
    expect(second.threadId).not.toBe(first.threadId);
    expect([first.runs, second.runs]).toEqual([1, 1]);
  });
});
