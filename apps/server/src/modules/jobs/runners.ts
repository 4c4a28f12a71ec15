import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../../db/client.ts';

/**
 * Who runs which job, so that a job whose process died (kill -9, a lost host) goes back to its queue in
 * seconds. pg-boss only learns of such a job when it expires (here 5 minutes after it started, and its
 * maintenance looks every 2 minutes): after a crash mid-burst, the documents whose PDFs were being
 * rendered waited up to 7 minutes while every other PDF was done in seconds.
 *
 * Every process that works jobs records itself in `job_runners` and beats every HEARTBEAT_MS; each job it
 * fetches is tagged with its id as it is fetched (pg-boss's `output` column, which pg-boss overwrites when the job ends).
 * At each beat, an 'active' job whose runner has not beaten for RUNNER_GONE_SECONDS, or that was never
 * tagged RUNNER_GONE_SECONDS after it started (its process died between fetching and tagging), is handed
 * back to the same job row as a retry: never a second job for the same document. Handlers are idempotent
 * (a PDF is stored only while none is), so a runner wrongly taken for dead costs one repeated render.
 * With PGlite one process owns the data directory: at start every other recorded runner is known dead.
 */
export const HEARTBEAT_MS = 5_000;
export const RUNNER_GONE_SECONDS = 20;
const ORPHAN_MESSAGE = 'El proceso que ejecutaba el trabajo terminó sin concluirlo';

export class JobRunner {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    /** The queues this process works: only their orphans are reclaimed here. */
    private readonly queues: () => string[],
    /** Called with the queues that got jobs back, so their loops fetch at once. */
    private readonly reclaimed: (queues: string[]) => void,
    private readonly report: (error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    await this.database.query('insert into job_runners (id, host, pid) values ($1, $2, $3)', [
      this.id,
      hostname(),
      process.pid,
    ]);
    // Runners recorded before this process started belong to processes that ended (the pid alone could
    // repeat: a container's first process is always 1). Several queues of one process may share PGlite.
    if (this.database.kind === 'pglite')
      await this.database.query('delete from job_runners where id <> $1 and started_at < $2', [
        this.id,
        new Date(Date.now() - process.uptime() * 1000),
      ]);
    await this.beat();
    this.timer = setInterval(() => {
      this.beating = this.beat().catch(this.report);
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  /**
   * Fetches up to `batchSize` jobs of `queue` and tags them as this runner's in ONE statement: pg-boss's
   * own fetch (the same selection, order, skip-locked and retry count) with the tag set in its update, so
   * each job row is written once when it starts instead of twice (fetch, then `claim`).
   */
  async fetch(queue: string, batchSize: number): Promise<Array<{ id: string; data: object }>> {
    const { rows } = await this.database.executeSql(
      `with next as (
         select id, singleton_key, policy from pgboss.job
          where name = $1 and state < 'active' and start_after < now()
          order by priority desc, created_on, id
          limit $2
          for update skip locked),
       grouped as (
         select n.id, n.policy as grouped_policy,
                row_number() over (partition by case
                  when $2 > 1 and n.policy in ('singleton', 'stately') then n.singleton_key
                  else n.id::text end) as row_number
           from next n)
       update pgboss.job j set
         state = 'active',
         started_on = now(),
         retry_count = case when started_on is not null then retry_count + 1 else retry_count end,
         output = jsonb_build_object('runner', $3::text)
         from grouped
        where name = $1 and j.id = grouped.id
          and ((grouped.grouped_policy in ('singleton', 'stately') and grouped.row_number = 1)
               or coalesce(grouped.grouped_policy, '') not in ('singleton', 'stately'))
       returning j.id, j.data`,
      [queue, batchSize, this.id],
    );
    return rows as Array<{ id: string; data: object }>;
  }

  /** Says this runner is alive (recording itself again if it was taken for dead), then reclaims orphans. */
  async beat(): Promise<void> {
    const alive = await this.database.query(
      'update job_runners set seen_at = now() where id = $1 returning id',
      [this.id],
    );
    if (alive.length === 0)
      await this.database.query('insert into job_runners (id, host, pid) values ($1, $2, $3)', [
        this.id,
        hostname(),
        process.pid,
      ]);
    await this.database.query(
      `delete from job_runners where seen_at < now() - make_interval(secs => $1::int)`,
      [RUNNER_GONE_SECONDS * 10],
    );
    const queues = await reclaimOrphanedJobs(this.database, this.queues());
    if (queues.length > 0) this.reclaimed(queues);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await this.database.query('delete from job_runners where id = $1', [this.id]).catch(this.report);
  }
}

/**
 * Hands back, as retries due now, the active jobs of `queues` whose runner is gone; a job with no retry
 * left ends failed, as pg-boss's own expiry would leave it. Returns the queues that got jobs back.
 */
export async function reclaimOrphanedJobs(database: Database, queues: string[]): Promise<string[]> {
  if (queues.length === 0) return [];
  const rows = await database.query<{ name: string }>(
    `with orphan as (
       select j.id, j.name from pgboss.job j
        where j.name = any($1::text[]) and j.state = 'active'
          and case when j.output->>'runner' is null
                then j.started_on < now() - make_interval(secs => $2::int)
                else not exists (
                  select 1 from job_runners r
                   where r.id::text = j.output->>'runner'
                     and r.seen_at > now() - make_interval(secs => $2::int))
              end
        for update of j skip locked)
     update pgboss.job j set
       state = case when j.retry_count < j.retry_limit then 'retry'::pgboss.job_state
                    else 'failed'::pgboss.job_state end,
       completed_on = case when j.retry_count < j.retry_limit then null else now() end,
       start_after = now() - interval '1 second',
       output = jsonb_build_object('message', $3::text)
       from orphan o
      where j.name = o.name and j.id = o.id and j.state = 'active'
      returning j.name`,
    [queues, RUNNER_GONE_SECONDS, ORPHAN_MESSAGE],
  );
  return [...new Set(rows.map((r) => r.name))];
}
