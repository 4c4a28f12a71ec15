// A cold list page on a slow connection: Debian's Chromium (playwright-core), with an
// empty cache and DevTools' "Fast 3G" conditions, loads the invoice list of a signed-in user (the session
// in local storage, as after a login) from the real server entry, and this prints what went over the wire:
// bytes transferred (compressed, as received, headers included) and their decoded size, the number of
// requests and of JS files, and the time from navigation until the list shows its rows.
// The server: the real entry (src/main.ts) on PGlite in a temporary DATA_DIR serving --dist (default
// apps/web/dist, built by `npm run build`); or --url an already running one (admin@sigece.local, admin123).
// Usage: node --import tsx bench/web-load.ts [--dist apps/web/dist] [--url http://…] [--path /facturacion/generales]
//          [--runs 3] [--port 4106] [--no-throttle] [--files]
// --files lists every response of the first run: when asked for and finished (from the first request),
// transferred size and Content-Encoding.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { sized } from './short.ts';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: resolve(import.meta.dirname, '../apps/web/dist') },
    url: { type: 'string' },
    path: { type: 'string', default: '/facturacion/generales' },
    runs: { type: 'string', default: sized('3', '1') },
    port: { type: 'string', default: '4106' },
    'no-throttle': { type: 'boolean', default: false },
    files: { type: 'boolean', default: false },
  },
});

// Chrome DevTools' "Fast 3G" preset (renamed "3G" in later versions), as its network panel applies it
// (front_end/core/sdk/NetworkManager.ts): 1.6 Mbit/s down and 750 kbit/s up at 90 % goodput, and
// 150 ms of latency times 3.75 for the round trips of a real 3G link.
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(): Promise<{ address: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sigece-webload-'));
  const address = `http://127.0.0.1:${values.port}`;
  const { DATABASE_URL: _unused, ...env } = process.env;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, '../apps/server/src/main.ts')],
    {
      env: {
        ...env,
        PORT: values.port,
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: resolve(values.dist),
        SIGECE_DEMO: '1',
        BCV_DAILY: '0',
        BCV_URL: 'http://127.0.0.1:9/',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise((done) => child.on('exit', done));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the server ended before answering');
    if (i > 3000) throw new Error('the server did not answer within 10 minutes');
    try {
      if ((await fetch(`${address}/v2/health`)).ok) break;
    } catch {
      // Not yet.
    }
    await pause(200);
  }
  return {
    address,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const server = values.url ? { address: values.url, stop: async () => {} } : await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  const login = await fetch(`${server.address}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@sigece.local', password: 'admin123' }),
  });
  const answer = await login.json();
  const session = JSON.stringify({ user: answer.user, access: answer.tokens.access, remember: true });
  const refresh = answer.tokens.refresh.token as string;

  const results: Array<{ ms: number; transferred: number; decoded: number; requests: number; js: number }> =
    [];
  for (let run = 0; run < Number(values.runs); run++) {
    // A new context: an empty HTTP cache, as a first visit (or the first after a new build).
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addInitScript(
      ([s, r]) => {
        if (!localStorage.getItem('sigece.session')) {
          localStorage.setItem('sigece.session', s);
          localStorage.setItem('sigece.refresh', r);
        }
      },
      [session, refresh],
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    if (!values['no-throttle']) await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    const types = new Map<string, string>();
    const urls = new Map<string, string>();
    const files: string[] = [];
    const sent = new Map<string, number>();
    let first = 0;
    cdp.on('Network.requestWillBeSent', (e) => {
      first ||= e.timestamp;
      sent.set(e.requestId, e.timestamp);
    });
    let transferred = 0;
    let decoded = 0;
    let requests = 0;
    let js = 0;
    cdp.on('Network.responseReceived', (e) => {
      types.set(e.requestId, e.type);
      urls.set(
        e.requestId,
        `${e.response.url.replace(server.address, '')} ${e.response.headers['content-encoding'] ?? ''}`,
      );
    });
    cdp.on('Network.dataReceived', (e) => (decoded += e.dataLength));
    cdp.on('Network.loadingFinished', (e) => {
      requests++;
      transferred += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') js++;
      const at = (t: number | undefined) => `${((t ?? first) - first).toFixed(2)} s`.padStart(8);
      files.push(
        `${at(sent.get(e.requestId))} →${at(e.timestamp)} ${(e.encodedDataLength / 1024).toFixed(1).padStart(7)} kB  ${urls.get(e.requestId)}`,
      );
    });
    const started = performance.now();
    await page.goto(`${server.address}${values.path}`, { waitUntil: 'commit' });
    // The list is there when its table shows a row (or its empty state).
    await page.locator('table tbody tr').first().waitFor({ state: 'visible', timeout: 120_000 });
    const ms = performance.now() - started;
    // Whatever the page still fetches after showing the list counts towards its bytes.
    await page.waitForLoadState('networkidle');
    await pause(500);
    results.push({ ms, transferred, decoded, requests, js });
    console.log(
      `run ${run + 1}: list shown in ${(ms / 1000).toFixed(2)} s; ${(transferred / 1024).toFixed(0)} kB transferred ` +
        `(${(decoded / 1024).toFixed(0)} kB decoded), ${requests} requests, ${js} JS files`,
    );
    if (values.files && run === 0) console.log(files.join('\n'));
    await context.close();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `${values.path}${values['no-throttle'] ? '' : ' on Fast 3G'} (median of ${results.length}): ` +
      `${(median(results.map((r) => r.ms)) / 1000).toFixed(2)} s to the list, ` +
      `${(median(results.map((r) => r.transferred)) / 1024).toFixed(0)} kB transferred, ` +
      `${(median(results.map((r) => r.decoded)) / 1024).toFixed(0)} kB decoded, ` +
      `${median(results.map((r) => r.requests))} requests, ${median(results.map((r) => r.js))} JS files ` +
      `(load average ${loadavg()[0].toFixed(1)})`,
  );
} finally {
  await browser.close();
  await server.stop();
}
