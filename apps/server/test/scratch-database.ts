// A throw-away PostgreSQL database on a server: created empty (or as a copy of `template`), dropped when
// done. Used by the test harness and the benchmarks (no test-runner imports here, so both can load it).
import pg from 'pg';
import { connectPostgres, type Database } from '../src/db/client.ts';

export async function scratchPostgres(
  serverUrl: string,
  name: string,
  poolSize: number,
  template?: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString(), poolSize);
  return {
    database,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // pool.end() resolves before its connections are really closed; a forced drop would then kill
      // them mid-goodbye and their clients would raise an unhandled "terminating connection" error.
      for (let i = 0; i < 100; i++) {
        const { rows } = await client.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
