// The off-thread runner (src/off-thread/run.ts) keeps its workers between tasks (loading a
// task's modules on a fresh worker cost more CPU than a 500-row workbook's parse), on real worker threads
// running support/off-thread-task.ts: two tasks in a row share a thread; a task past its time limit, or
// whose thread crashed, fails as before and the next one gets a fresh thread; each task's questions are
// answered by its own `answer`; an idle worker ends after its idle period and never holds the process.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { threadId as ownThreadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  OffThreadError,
  type OffThreadOptions,
  OffThreadTimeout,
  offThreadChannel,
  runOffThread,
} from '../src/off-thread/run.ts';
import type { OffThreadTestTask } from './support/off-thread-task.ts';

const TASK = new URL('./support/off-thread-task.ts', import.meta.url);
type Result = { threadId: number; answers: unknown[]; today: string };

let lanes = 0;
/** A lane of its own per test: workers kept by one test never serve another's. */
const lane = () => `prueba-${++lanes}`;
const run = (input: OffThreadTestTask, options: Partial<OffThreadOptions> & { task: string }) =>
  runOffThread<Result>(TASK, input, { timeoutMs: 60_000, ...options });

describe('off-thread runner: workers kept between tasks', () => {
  it('two tasks in a row run on the same worker thread, not this one, with this thread’s date', async () => {
    const task = lane();
    const announced: unknown[] = [];
    const listener = (message: unknown) => announced.push(message);
    offThreadChannel.subscribe(listener);
    try {
      const first = await run({}, { task });
      const second = await run({}, { task });
      expect(first.threadId).not.toBe(ownThreadId);
      expect(second.threadId).toBe(first.threadId);
      // The tests' moved clock (vitest.clock.ts) is the task's clock too.
      expect(second.today).toBe(new Date().toISOString().slice(0, 10));
      expect(announced).toEqual([
        { task, phase: 'start', threadId: first.threadId },
        { task, phase: 'end', threadId: first.threadId },
        { task, phase: 'start', threadId: first.threadId },
        { task, phase: 'end', threadId: first.threadId },
      ]);
    } finally {
      offThreadChannel.unsubscribe(listener);
    }
  });

  it('a task past its time limit fails with OffThreadTimeout; its worker is terminated and the next task gets a fresh one', async () => {
    const task = lane();
    const first = await run({}, { task });
    const slow = run({ busyMs: 5_000 }, { task, timeoutMs: 200 });
    await expect(slow).rejects.toThrow(new OffThreadTimeout(`${task}: más de 200 ms`));
    const next = await run({}, { task });
    expect(next.threadId).not.toBe(first.threadId);
    // And that fresh worker is kept in turn.
    expect((await run({}, { task })).threadId).toBe(next.threadId);
  });

  it('a worker that crashes fails its task; the next task gets a fresh worker', async () => {
    const task = lane();
    const first = await run({}, { task });
    await expect(run({ exitCode: 3 }, { task })).rejects.toThrow(
      `${task}: el hilo terminó sin respuesta (código 3)`,
    );
    const next = await run({}, { task });
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('a task that throws fails with its error’s name and message; its worker stays for the next task', async () => {
    const task = lane();
    const failed = await run({ fail: 'fuera de rango' }, { task }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(OffThreadError);
    expect(failed).toMatchObject({ taskErrorName: 'RangeError', message: 'fuera de rango' });
    const first = await run({}, { task });
    expect((await run({}, { task })).threadId).toBe(first.threadId);
  });

  it('each task’s questions are answered by its own `answer`, also when two run at once on two workers', async () => {
    const task = lane();
    const [a, b] = await Promise.all([
      run({ busyMs: 200, questions: ['P-1', 'P-2'] }, { task, answer: async (q) => `a:${q}` }),
      run({ busyMs: 200, questions: ['P-1'] }, { task, answer: async (q) => `b:${q}` }),
    ]);
    expect(a.answers).toEqual(['a:P-1', 'a:P-2']);
    expect(b.answers).toEqual(['b:P-1']);
    expect(a.threadId).not.toBe(b.threadId);
    // A later task reuses one of the two workers and its questions reach its own `answer` only.
    const c = await run({ questions: ['P-3'] }, { task, answer: async (q) => `c:${q}` });
    expect([a.threadId, b.threadId]).toContain(c.threadId);
    expect(c.answers).toEqual(['c:P-3']);
    // An answer that fails reaches the task as its error.
    await expect(
      run({ questions: ['P-4'] }, { task, answer: async () => Promise.reject(new Error('sin base')) }),
    ).rejects.toThrow('sin base');
  });

  it('tasks past the lane’s concurrency wait their turn and reuse its workers', async () => {
    const task = lane();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => run({ busyMs: 100 }, { task, concurrency: 1 })),
    );
    expect(new Set(results.map((r) => r.threadId)).size).toBe(1);
  });

  it('an idle worker ends after the idle period: the next task gets a fresh one', async () => {
    const task = lane();
    const first = await run({}, { task, idleMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const next = await run({}, { task, idleMs: 100 });
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('a kept worker does not keep a process alive (as the server runs, under tsx)', {
    timeout: 120_000,
  }, async () => {
    // The default idle period is a minute: the process must end as soon as its own work is done.
    const runner = fileURLToPath(new URL('../src/off-thread/run.ts', import.meta.url));
    const dir = await mkdtemp(join(tmpdir(), 'sigece-off-thread-'));
    const script = join(dir, 'run.mts');
    await writeFile(
      script,
      `import { runOffThread } from ${JSON.stringify(runner)};
      const task = new URL(${JSON.stringify(TASK.href)});
      const a = await runOffThread(task, {}, { task: 'x', timeoutMs: 60000 });
      const b = await runOffThread(task, {}, { task: 'x', timeoutMs: 60000 });
      process.stdout.write(String(a.threadId === b.threadId));
      `,
    );
    const started = performance.now();
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      timeout: 50_000,
    }).finally(() => rm(dir, { recursive: true, force: true }));
    expect(stdout).toBe('true');
    expect(performance.now() - started).toBeLessThan(50_000);
  });
});
