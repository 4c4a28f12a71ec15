import pg from 'pg';

const PREFIX = 'sigece_e2e_';

/** The same server as `url`, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database `sigece_e2e_<run>` on the PostgreSQL server of DATABASE_URL for one run of
 * the journeys. The server of a run holds its database until Playwright stops it, after every hook, so
 * a run cannot drop its own: it drops those of runs that started more than an hour ago instead.
 */
export async function createRunDatabase(url: string, run: number): Promise<string> {
  const database = `${PREFIX}${run}`;
  await withClient(url, async (client) => {
    const old = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${PREFIX}%`],
    );
    for (const { datname } of old.rows) {
      const started = Number(datname.slice(PREFIX.length));
      if (Number.isFinite(started) && started < run - 60 * 60 * 1000) {
        await client.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
      }
    }
    await client.query(`create database ${database}`);
  });
  return database;
}
