import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import { JobRunner } from './runners.ts';
import type { JobSpec } from './spec.ts';

/**
 * Background work on pg-boss, in the application's own database (PostgreSQL or PGlite). Jobs survive
 * restarts, are retried with back-off, and run in any of the server processes. Only jobs declared with
 * `defineJob` and listed in `jobs/registry.ts` can be sent: the payload is checked against its schema.
 *
 * Duplicates: every queue defaults to pg-boss's 'short' policy, a unique index on (queue, singletonKey)
 * over jobs in state 'created'. Sending a job whose key already has a waiting job stores nothing (send
 * answers null), also from another process or after a restart, since the index is in the database. A
 * job already running ('active') or waiting for its retry ('retry') does not block a new one: after a
 * kill -9 the job that was running stays 'active' until pg-boss expires it, and the document must not
 * wait for that; handlers are idempotent (a PDF is stored only while none is). 'stately' and
 * 'singleton' were rejected: they forbid two active jobs per key with a unique index that pg-boss's fetch
 * trips over (the whole fetch fails and returns nothing), which would stall the queue behind such an
 * orphan for minutes. A job sent without a key gets a key of its own, so 'short' never merges unrelated
 * keyless jobs.
 *
 * Working: pg-boss's own `work()` sleeps a polling interval after every batch and fails a whole batch
 * when one job fails. Here each queue runs its own loop: it fetches a batch, runs its jobs concurrently
 * (up to `concurrency`), fetches again as soon as half the slots are free, completes jobs in groups and
 * fails them one by one; it waits for the polling interval only when the queue is empty, and a `send`
 * from this process wakes it at once.
 *
 * A job left 'active' by a process that died is handed back within seconds (runners.ts), not after
 * pg-boss's expiry.
 */
export interface JobQueue {
  send<T>(job: JobSpec<T>, data: NoInfer<T>, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Many jobs of one queue in one statement (pg-boss `insert`), each with its key: the same duplicate
   * rule as `send` (a key with a waiting job stores nothing).
   */
  sendMany<T>(job: JobSpec<T>, items: Array<{ data: NoInfer<T>; singletonKey: string }>): Promise<void>;
  /** Starts this process's workers for `job`, calling `run` with each checked payload. */
  work<T>(job: JobSpec<T>, run: (data: T) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

const QUEUE_DEFAULTS = {
  policy: 'short' as PgBoss.QueuePolicy,
  retryLimit: 5,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
};

/** Jobs a process runs at once per queue: twice the render pool, so one job's reads and writes overlap
 * another's rendering (the pool queues what exceeds its workers). */
export const DEFAULT_CONCURRENCY = availableParallelism() * 2;

const report = (error: unknown) => console.error('cola de trabajos:', (error as Error)?.message ?? error);

export async function startJobQueue(
  database: Database,
  definitions: readonly JobSpec<never>[],
  options: {
    pollingIntervalSeconds?: number;
    /**
     * The first retry's delay for queues that set none of their own (the default, 5 s, doubles with each
     * retry): a test of a failure that heals shortens it, instead of waiting the production back-off out.
     */
    defaultRetryDelaySeconds?: number;
  } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: 'pgboss',
    supervise: true,
    schedule: false,
    // PGlite serves one process: keep maintenance light.
    maintenanceIntervalSeconds: 120,
  });
  boss.on('error', report);
  await boss.start();
  const policies = new Map<string, PgBoss.QueuePolicy>();
  const defaults = {
    ...QUEUE_DEFAULTS,
    retryDelay: options.defaultRetryDelaySeconds ?? QUEUE_DEFAULTS.retryDelay,
  };
  for (const job of definitions) {
    const queue = { name: job.name, ...defaults, ...job.queue };
    await boss.createQueue(job.name, queue);
    // createQueue leaves an existing queue as it was: bring queues made by earlier versions up to date.
    await boss.updateQueue(job.name, queue);
    policies.set(job.name, queue.policy);
  }
  const pollMs = (options.pollingIntervalSeconds ?? 1) * 1000;
  const loops: WorkLoop<never>[] = [];
  // Only a process that works jobs is a runner: it tags what it fetches and beats while alive.
  let runner: Promise<JobRunner> | undefined;
  const runnerOf = () => {
    runner ??= (async () => {
      const started = new JobRunner(
        database,
        () => loops.map((loop) => loop.name),
        (names) => {
          for (const loop of loops) if (names.includes(loop.name)) loop.nudge();
        },
        report,
      );
      await started.start();
      return started;
    })();
    return runner;
  };
  return {
    async send(job, data, sendOptions) {
      const payload = job.payload.parse(data) as object;
      const singletonKey =
        sendOptions?.singletonKey ?? (policies.get(job.name) === 'short' ? randomUUID() : undefined);
      const id = await boss.send(job.name, payload, {
        ...sendOptions,
        ...(singletonKey && { singletonKey }),
      });
      for (const loop of loops) if (loop.name === job.name) loop.nudge();
      return id;
    },
    async sendMany(job, items) {
      if (items.length === 0) return;
      await boss.insert(
        items.map(({ data, singletonKey }) => ({
          name: job.name,
          data: job.payload.parse(data) as object,
          singletonKey,
        })),
      );
      for (const loop of loops) if (loop.name === job.name) loop.nudge();
    },
    async work(job, run) {
      const loop = new WorkLoop(boss, job, run, pollMs);
      loops.push(loop as unknown as WorkLoop<never>);
      loop.start(await runnerOf());
    },
    async stop() {
      await Promise.all(loops.map((loop) => loop.stop(10_000)));
      if (runner) await (await runner).stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

class WorkLoop<T> {
  readonly name: string;
  private readonly slots: number;
  private readonly batchSize: number;
  private readonly expireMs: number;
  private inFlight = 0;
  private readonly completed: string[] = [];
  private stopping = false;
  private running: Promise<void> = Promise.resolve();
  private wake: (() => void) | undefined;
  private nudged = false;
  /**
   * The last fetch found fewer jobs than it asked for: the queue was empty then. A job ending does not
   * make it fetch again (it would find nothing): only a send from this process, a reclaimed orphan or
   * the polling interval does (jobs sent by other processes wait for the poll, as they always did).
   */
  private drained = false;
  private idle: (() => void) | undefined;
  private runner: JobRunner | undefined;

  constructor(
    private readonly boss: PgBoss,
    private readonly job: JobSpec<T>,
    private readonly run: (data: T) => Promise<void>,
    private readonly pollMs: number,
  ) {
    this.name = job.name;
    this.slots = Math.max(1, job.concurrency ?? DEFAULT_CONCURRENCY);
    this.batchSize = Math.max(1, job.batchSize ?? this.slots);
    this.expireMs = (job.queue?.expireInSeconds ?? QUEUE_DEFAULTS.expireInSeconds) * 1000;
  }

  start(runner: JobRunner) {
    this.runner = runner;
    this.running = this.loop().catch(report);
  }

  /** Something changed (a job sent, or with `fresh` false one finished): look again now, not at the next poll. */
  nudge(fresh = true) {
    if (fresh) this.drained = false;
    const wake = this.wake;
    this.wake = undefined;
    if (wake) wake();
    else this.nudged = true;
  }

  async stop(timeoutMs: number) {
    this.stopping = true;
    this.nudge();
    await this.running;
    if (this.inFlight > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        this.idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    await this.flush();
  }

  private pause(ms: number): Promise<void> {
    if (this.nudged) {
      this.nudged = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        this.drained = false;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async loop() {
    while (!this.stopping) {
      const free = this.slots - this.inFlight;
      // Refill once half the slots are free: fewer, fuller fetches than one per finished job.
      const refill = this.inFlight === 0 || free >= Math.ceil(this.slots / 2);
      // Finished jobs are completed in groups, with the next fetch (not one statement per job as each
      // ends): a group waits at most until half the slots are free. A crash before that runs them again
      // (handlers are idempotent: a stored PDF is never replaced).
      if (refill || this.completed.length >= Math.ceil(this.slots / 2)) await this.flush();
      if (!refill || this.drained) {
        await this.pause(this.pollMs);
        continue;
      }
      let jobs: Array<{ id: string; data: object }> = [];
      const asked = Math.min(this.batchSize, free);
      try {
        jobs = await this.runner!.fetch(this.name, asked);
        this.drained = jobs.length < asked;
      } catch (error) {
        report(error);
      }
      for (const item of jobs) this.execute(item);
      if (jobs.length === 0) await this.pause(this.pollMs);
    }
  }

  private execute(item: { id: string; data: object }) {
    this.inFlight++;
    void (async () => {
      try {
        await this.withinExpiry(this.run(this.job.payload.parse(item.data)));
        this.completed.push(item.id);
      } catch (error) {
        const { name, message } = error instanceof Error ? error : new Error(String(error));
        // The error is stored as jsonb, which refuses a NUL character (a failed query's message quotes its
        // parameters, a PDF's bytes among them): unstored, the job would stay active until it expired.
        const stored = message.replaceAll('\u0000', '').slice(0, 2000);
        await this.boss.fail(this.name, item.id, { name, message: stored }).catch(report);
      } finally {
        this.inFlight--;
        if (this.inFlight === 0) this.idle?.();
        this.nudge(false);
      }
    })();
  }

  /** A handler still running when its job expires fails it (pg-boss would retry it meanwhile). */
  private async withinExpiry(work: Promise<void>) {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`el trabajo ${this.name} excedió ${this.expireMs / 1000} s`)),
        this.expireMs,
      );
    });
    try {
      await Promise.race([work, expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async flush() {
    if (this.completed.length === 0) return;
    await this.boss.complete(this.name, this.completed.splice(0)).catch(report);
  }
}
