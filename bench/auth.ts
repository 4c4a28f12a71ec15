// Logins and guarded requests over real HTTP. Usage: node --import tsx bench/auth.ts [--seconds 5] [--clients 16]
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { sized } from './short.ts';
import { benchConfig, openBenchDatabase, seedBenchDatabase } from './support.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: sized('5', '1') },
    clients: { type: 'string', default: sized('16', '4') },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function run(label: string, once: () => Promise<Response>): Promise<void> {
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  let failures = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        const res = await once();
        await res.arrayBuffer();
        if (!res.ok) failures++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const rps = latencies.length / seconds;
  console.log(
    `${label.padEnd(28)} ${rps.toFixed(0).padStart(6)} req/s   p50 ${percentile(latencies, 50).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms   errors ${failures}`,
  );
}

const { database, drop } = await openBenchDatabase('auth');
await seedBenchDatabase(database);
const app = await buildApp({
  config: benchConfig(),
  database,
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const login = () =>
  fetch(`${address}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@sigece.local', password: 'admin123' }),
  });
const token = (await (await login()).json()).tokens.access.token;

console.log(`database ${database.kind}, ${clients} concurrent clients, ${seconds} s each`);
await run('POST /v2/auth/login', login);
await run('GET /v2/auth/me (guarded)', () =>
  fetch(`${address}/v2/auth/me`, { headers: { authorization: `Bearer ${token}` } }),
);
await run('GET /v2/mantenimiento/modulo/getModulos', () =>
  fetch(`${address}/v2/mantenimiento/modulo/getModulos?limit=10`, {
    headers: { authorization: `Bearer ${token}` },
  }),
);
await app.close();
await drop();
