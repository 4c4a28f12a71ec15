-- 0013_operations: kernel and operations follow-ups (issues 8 and 13). Written by hand (see README, "Layout").
-- The processes that run background jobs, with their last sign of life (modules/jobs/runners.ts): a job
-- left 'active' by a runner that stopped beating (kill -9, a lost host) is handed back to the queue at once
-- instead of waiting for pg-boss's expiry.
create table job_runners (
  id uuid primary key,
  host text not null,
  pid integer not null,
  started_at timestamptz not null default now(),
  seen_at timestamptz not null default now()
);
