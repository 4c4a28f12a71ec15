// Tests, journeys and benchmarks never reach outside this machine: each configuration they
// start a server with has the daily central-bank refresh off and the bank's address on this machine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchConfig } from '../../../bench/support.ts';
import { e2eServerEnv } from '../../../e2e/support/server-env.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import { testConfig } from './harness.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'sigece-no-network-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const onThisMachine = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
const offline = (config: AppConfig) => ({
  bcvDaily: config.bcvDaily,
  bcvUrlLocal: onThisMachine(config.bcvUrl),
});

describe('no test, journey or benchmark reaches outside this machine', () => {
  it('a server started with no settings refreshes the rates from the bank every day (what the rest turns off)', () => {
    expect(offline(loadConfig({ DATA_DIR: dataDir }))).toEqual({ bcvDaily: true, bcvUrlLocal: false });
  });

  it('the integration tests (harness testConfig)', () => {
    expect(offline(testConfig())).toEqual({ bcvDaily: false, bcvUrlLocal: true });
  });

  it('the benchmarks (bench/support.ts benchConfig)', () => {
    expect(offline(benchConfig())).toEqual({ bcvDaily: false, bcvUrlLocal: true });
  });

  it("the browser journeys' server (e2e/support/server-env.ts), read by the server's own loadConfig", () => {
    const env = e2eServerEnv({ port: 3100, dataDir, databaseUrl: 'postgres://postgres@127.0.0.1:5432/x' });
    expect(offline(loadConfig(env))).toEqual({ bcvDaily: false, bcvUrlLocal: true });
    // The caller's environment cannot turn it back on: the journeys' settings win over process.env.
    expect(offline(loadConfig({ BCV_DAILY: '1', BCV_URL: 'https://www.bcv.org.ve/', ...env }))).toEqual({
      bcvDaily: false,
      bcvUrlLocal: true,
    });
  });
});
