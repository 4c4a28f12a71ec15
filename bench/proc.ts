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
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Ended meanwhile.
    }
  }
  return ticks / 100;
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
