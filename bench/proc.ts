// What the benchmarks that start the real server as a child process read of it: a free port to give it,
// and its processes' CPU time and memory from Linux's /proc.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** A TCP port free on the loopback interface right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** CPU seconds (user + system) used so far by these processes (ticks of 10 ms); an ended one counts 0. */
export function cpuSeconds(pids: number[]): number {
  return pids.reduce((total, pid) => total + (readCpu(pid) ?? 0), 0);
}

/** The server: the process started and every process it forked (cluster workers, job runner). */
export function serverPids(root: number): number[] {
  const pids = [root];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === root) pids.push(Number(entry));
    } catch {
      // Ended meanwhile.
    }
  }
  return pids;
}

const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
};

/** A process's resident set now, in MB. */
export const rssMb = (pid: number) => statusMb(pid, 'VmRSS');

/** A process's peak resident set so far, in MB. */
export const peakRssMb = (pid: number) => statusMb(pid, 'VmHWM');

/** Every process on this machine whose command is `postgres` (postmasters, backends, writers). */
export function postgresProcesses(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {
      // Ended meanwhile.
    }
  }
  return pids;
}

/**
 * A group of processes whose CPU is counted together; `pids` is asked again at every sample. An entry may
 * also name one thread, as `<pid>/task/<tid>` (see `mainThreads`).
 */
export interface CpuGroup {
  label: string;
  pids: () => Array<number | string> | Promise<Array<number | string>>;
}

/** The main thread of each process (its tid is its pid): a Node server's event loop, without its workers. */
export const mainThreads = (pids: number[]) => pids.map((pid) => `${pid}/task/${pid}`);

/**
 * CPU seconds of groups of processes over a window, sampled every `everyMs`: a process first seen after
 * the start (a backend opened, an autovacuum worker, a restarted server) counts from zero, one that
 * ended counts up to its last sample. `stop()` answers the seconds spent per group.
 */
export async function cpuMeter(
  groups: CpuGroup[],
  everyMs = 500,
): Promise<{ stop: () => Promise<Record<string, number>> }> {
  const first = groups.map(() => new Map<number | string, number>());
  const last = groups.map(() => new Map<number | string, number>());
  const sample = async (start: boolean) => {
    await Promise.all(
      groups.map(async (group, i) => {
        for (const pid of new Set(await group.pids())) {
          const cpu = readCpu(pid);
          if (cpu === undefined) continue;
          if (!first[i].has(pid)) first[i].set(pid, start ? cpu : 0);
          last[i].set(pid, cpu);
        }
      }),
    );
  };
  await sample(true);
  let pending: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    pending = pending.then(() => sample(false)).catch(() => {});
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await pending;
      await sample(false);
      return Object.fromEntries(
        groups.map((group, i) => [
          group.label,
          [...last[i]].reduce((total, [pid, cpu]) => total + cpu - (first[i].get(pid) ?? 0), 0),
        ]),
      );
    },
  };
}

function readCpu(pid: number | string): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}
