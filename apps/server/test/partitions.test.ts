// The log tables partitioned by month (migration 0037, db/partitions.ts): the catalog, the months made
// ahead, where a row lands, retention by dropping months, the request log's answers and its pruned plan,
// and the migration of a database that already holds rows.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/client.ts';
import {
  ensureMonthlyPartitions,
  maintainPartitions,
  PARTITION_ZONE,
  PARTITIONED_TABLES,
} from '../src/db/partitions.ts';
import { auditLog, integrationRequests } from '../src/db/schema.ts';
import type { Principal } from '../src/http/principal.ts';
import { auditTrailOf } from '../src/modules/audit/queries.ts';
import { recordAudit } from '../src/modules/audit/service.ts';
import { requestLogQueries } from '../src/modules/integration/request-log.queries.ts';
import { purgeRequestLog } from '../src/modules/integration/request-log.ts';
import { mailsOfDocument } from '../src/modules/mail/log-queries.ts';
import { DRIVERS, describeWithApp } from './harness.ts';

const DAY = 86_400_000;
/** Rows by id, the ids joined with commas (PGlite's driver takes no array parameter). */
const ANY_ID = `id = any(string_to_array($1, ',')::bigint[])`;
const TABLES = PARTITIONED_TABLES.map((t) => t.table);

/** The Caracas month of an instant as the partitions name it: 'YYYY_MM'. */
function monthOf(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: PARTITION_ZONE, year: 'numeric', month: '2-digit' })
    .format(at)
    .replace('-', '_');
}

/** `count` months from `at`'s, as 'YYYY_MM'. */
function monthsFrom(at: Date, count: number): string[] {
  const [y, m] = monthOf(at).split('_').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const index = y * 12 + m - 1 + i;
    return `${Math.floor(index / 12)}_${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

const MASTER = {
  id: '00000000-0000-0000-0000-000000000000',
  email: 'admin@sigece.local',
  name: 'admin',
  roleId: null,
  roleName: null,
  localidades: [],
  sucursales: [],
  tokenVersion: 0,
  masterAdmin: true,
  modulos: [],
} satisfies Principal;

describeWithApp('monthly partitions of the log tables', (ctx) => {
  const partitionsOf = async (table: string) =>
    (
      await ctx().database.query<{ name: string }>(
        `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = $1::regclass order by 1`,
        [table],
      )
    ).map((r) => r.name);
  const partitionOfRow = async (table: string, where: string, values: unknown[]) =>
    (
      await ctx().database.query<{ part: string }>(
        `select tableoid::regclass::text as part from ${table} where ${where}`,
        values,
      )
    ).map((r) => r.part);

  it('range-partitions each log table by month, with this month, the next three and a default', async () => {
    const partitioned = await ctx().database.query<{ name: string; strategy: string; key: string }>(
      `select c.relname as name, p.partstrat as strategy, pg_get_partkeydef(c.oid) as key
         from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
        where c.relnamespace = 'public'::regnamespace order by 1`,
    );
    expect(partitioned).toEqual(
      PARTITIONED_TABLES.map((t) => ({ name: t.table, strategy: 'r', key: `RANGE (${t.column})` })).sort(
        (a, b) => a.name.localeCompare(b.name),
      ),
    );
    for (const table of TABLES) {
      const parts = await partitionsOf(table);
      expect(parts).toContain(`${table}_default`);
      for (const month of monthsFrom(new Date(), 4)) expect(parts).toContain(`${table}_p${month}`);
    }
    // A month's bounds are Caracas midnights.
    const [bound] = await ctx().database.query<{ bound: string }>(
      `select pg_get_expr(c.relpartbound, c.oid) as bound from pg_class c where c.relname = 'audit_log_p2026_07'`,
    );
    const [expected] = await ctx().database.query<{ bound: string }>(
      `select format('FOR VALUES FROM (%L) TO (%L)', timestamptz '2026-07-01 00:00-04', timestamptz '2026-08-01 00:00-04') as bound`,
    );
    expect(bound.bound).toBe(expected.bound);
  });

  it('makes the months ahead once: a second run, or two at once, make nothing more', async () => {
    const later = new Date(Date.now() + 400 * DAY);
    const months = monthsFrom(later, 4);
    const made = await Promise.all([
      ensureMonthlyPartitions(ctx().database.db, later),
      ensureMonthlyPartitions(ctx().database.db, later),
    ]);
    expect(made.flat().sort()).toEqual(TABLES.flatMap((t) => months.map((m) => `${t}_p${m}`)).sort());
    expect(await ensureMonthlyPartitions(ctx().database.db, later)).toEqual([]);
    expect(await ensureMonthlyPartitions(ctx().database.db, later, 5)).toEqual(
      TABLES.flatMap((t) =>
        monthsFrom(later, 6)
          .slice(4)
          .map((m) => `${t}_p${m}`),
      ),
    );
    for (const table of TABLES) {
      const parts = await partitionsOf(table);
      for (const month of months) expect(parts).toContain(`${table}_p${month}`);
    }
  });

  it('writes a row in the partition of its Caracas month', async () => {
    // The audit log's own writer, at the test clock's time.
    await recordAudit(
      ctx().database.db,
      { userId: null, userEmail: 'particiones@sigece.local', method: 'POST', route: '/t', ip: null },
      { entity: 'particion', entityId: 'p1', action: 'create', after: { ok: true } },
    );
    const [entry] = await ctx().database.query<{ part: string }>(
      `select tableoid::regclass::text as part from audit_log where entity_id = 'p1'`,
    );
    expect(entry.part).toBe(`audit_log_p${monthOf(new Date())}`);
    // The last minutes of a Caracas month are already the next month in UTC: still its Caracas month.
    const [row] = await ctx()
      .database.db.insert(auditLog)
      .values({
        at: new Date('2026-07-31T23:30:00-04:00'),
        method: 'GET',
        route: '/t',
        entity: 't',
        action: 'a',
      })
      .returning({ id: auditLog.id });
    expect(await partitionOfRow('audit_log', 'id = $1', [row.id])).toEqual(['audit_log_p2026_07']);
  });

  it('keeps a row of a month without a partition in the default one, and moves it to its month', async () => {
    const at = new Date('2019-03-10T12:00:00-04:00');
    const [row] = await ctx()
      .database.db.insert(auditLog)
      .values({ at, method: 'GET', route: '/antiguo', entity: 't', action: 'a', after: { x: 1 } })
      .returning();
    expect(await partitionOfRow('audit_log', 'id = $1', [row.id])).toEqual(['audit_log_default']);
    expect(await ensureMonthlyPartitions(ctx().database.db)).toEqual(['audit_log_p2019_03']);
    expect(await partitionOfRow('audit_log', 'id = $1', [row.id])).toEqual(['audit_log_p2019_03']);
    const [moved] = await ctx().database.query<{ row: unknown }>(
      'select to_jsonb(a) as row from audit_log a where id = $1',
      [row.id],
    );
    expect(moved.row).toMatchObject({ id: row.id, route: '/antiguo', after: { x: 1 } });
    expect(await ctx().database.query('select 1 from audit_log_default')).toEqual([]);
  });

  it("reads a document's audit trail and e-mails only from the month it was created on", async () => {
    // The test's clock (vitest.clock.ts) is the Date the app reads too.
    const now = () => new Date();
    // Six months back, so that there are earlier months to leave out.
    await ensureMonthlyPartitions(ctx().database.db, new Date(now().getTime() - 180 * DAY));
    for (let back = 150; back > 0; back -= 30)
      await ensureMonthlyPartitions(ctx().database.db, new Date(now().getTime() - back * DAY), 0);
    const since = new Date(now().getTime() - 40 * DAY);
    const earlier = monthsFrom(new Date(since.getTime() - 35 * DAY), 1)[0];
    const reads = [
      [
        'audit_log',
        auditTrailOf(ctx().database.db, 'factura', '00000000-0000-0000-0000-000000000000', 200, since),
      ],
      [
        'mail_messages',
        mailsOfDocument(
          ctx().database.db,
          { tipoDoc: 'FACTURA', nroDoc: 'A-1', localidadId: MASTER.id },
          100,
          since,
        ),
      ],
    ] as const;
    for (const [table, query] of reads) {
      const { sql: text, params } = query.toSQL();
      const [plan] = await ctx().database.query<{ 'QUERY PLAN': unknown }>(
        `explain (format json) ${text}`,
        params as unknown[],
      );
      const read = relationsOf(plan['QUERY PLAN']);
      expect(read).toContain(`${table}_p${monthOf(since)}`);
      expect(read).not.toContain(`${table}_p${earlier}`);
    }
  });

  describe('the request log', () => {
    const now = () => new Date();
    let company: string;
    const rowsAt = async (ages: number[]) => {
      const rows = await ctx()
        .database.db.insert(integrationRequests)
        .values(
          ages.map((days, i) => ({
            at: new Date(Date.now() - days * DAY),
            localidadId: company,
            caller: 'user:particiones',
            callerLabel: 'particiones@sigece.local',
            method: 'POST',
            route: `/v2/particiones/${days}/${i}`,
            status: 200,
            durationMs: 5,
          })),
        )
        .returning({ id: integrationRequests.id });
      return rows.map((r) => r.id);
    };
    const registro = async () => {
      const res = await ctx().request({
        method: 'GET',
        url: `/v2/integracion/registro?id_localidad=${company}&limit=100`,
        token: await ctx().adminToken(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    beforeAll(async () => {
      const [c] = await ctx().database.query<{ id: string }>(
        'select id from localidades order by nombre limit 1',
      );
      company = c.id;
    });

    it('drops the months wholly past 90 days, deletes the older rows of the month on the limit', async () => {
      const [old, boundary, kept] = [await rowsAt([200]), await rowsAt([100]), await rowsAt([80, 10])];
      // The old rows' months had no partition: they wait in the default one until the chore runs.
      await ensureMonthlyPartitions(ctx().database.db);
      const oldMonth = monthOf(new Date(Date.now() - 200 * DAY));
      const boundaryMonth = monthOf(new Date(Date.now() - 100 * DAY));
      expect(await partitionOfRow('integration_requests', ANY_ID, [old.join(',')])).toEqual([
        `integration_requests_p${oldMonth}`,
      ]);
      const auditBefore = await partitionsOf('audit_log');
      const before = await registro();

      const { made, dropped } = await maintainPartitions(ctx().database.db);
      expect(made).toEqual([]);
      expect(dropped).toContain(`integration_requests_p${oldMonth}`);
      expect(dropped.every((name) => name.startsWith('integration_requests_p'))).toBe(true);
      expect(dropped).not.toContain(`integration_requests_p${boundaryMonth}`);
      const parts = await partitionsOf('integration_requests');
      expect(parts).not.toContain(`integration_requests_p${oldMonth}`);
      expect(parts).toContain(`integration_requests_p${boundaryMonth}`);
      expect(parts).toContain(`integration_requests_p${monthOf(new Date())}`);
      // The audit log is evidence: none of its months goes, the oldest included.
      expect(await partitionsOf('audit_log')).toEqual(auditBefore);
      expect(auditBefore).toContain('audit_log_p2019_03');

      expect(await partitionOfRow('integration_requests', ANY_ID, [old.join(',')])).toEqual([]);
      expect(await partitionOfRow('integration_requests', ANY_ID, [boundary.join(',')])).toEqual([
        `integration_requests_p${boundaryMonth}`,
      ]);
      await purgeRequestLog(ctx().database.db);
      expect(await partitionOfRow('integration_requests', ANY_ID, [boundary.join(',')])).toEqual([]);
      expect(await partitionOfRow('integration_requests', ANY_ID, [kept.join(',')])).toHaveLength(2);

      // The list never showed a call older than 90 days: the same answer before and after.
      const after = await registro();
      expect(after).toEqual(before);
      expect(
        after.results.map((r: { ruta: string }) => r.ruta).filter((r: string) => r.startsWith('/v2/part')),
      ).toEqual(['/v2/particiones/10/1', '/v2/particiones/80/0']);
    });

    it('reads only the months of a 90-day window, for a company', async () => {
      // Every month of the window has its partition (the log's 90 days).
      await ensureMonthlyPartitions(ctx().database.db, new Date(now().getTime() - 90 * DAY));
      const desde = new Date(now().getTime() - 90 * DAY);
      const hasta = now();
      const { rows, total } = requestLogQueries(ctx().database.db, MASTER, {
        page: 1,
        limit: 20,
        id_localidad: company,
        desde: desde.toISOString(),
        hasta: hasta.toISOString(),
      } as Parameters<typeof requestLogQueries>[2]);
      const window = [];
      for (let m = monthOf(desde), i = 0; i < 12; i++) {
        window.push(`integration_requests_p${m}`);
        if (m === monthOf(hasta)) break;
        m = monthsFrom(new Date(`${m.replace('_', '-')}-15T12:00:00-04:00`), 2)[1];
      }
      expect(window.length).toBeGreaterThanOrEqual(4);
      for (const query of [rows, total]) {
        const { sql: text, params } = query.toSQL();
        const [plan] = await ctx().database.query<{ 'QUERY PLAN': unknown }>(
          `explain (format json) ${text}`,
          params as unknown[],
        );
        expect(relationsOf(plan['QUERY PLAN']).sort()).toEqual(window);
      }
      // Without `desde`, the log's 90 days bound the read: the months older than that are not read.
      const unbounded = requestLogQueries(ctx().database.db, MASTER, {
        page: 1,
        limit: 20,
        id_localidad: company,
      } as Parameters<typeof requestLogQueries>[2]);
      const { sql: text, params } = unbounded.rows.toSQL();
      const [plan] = await ctx().database.query<{ 'QUERY PLAN': unknown }>(
        `explain (format json) ${text}`,
        params as unknown[],
      );
      const read = relationsOf(plan['QUERY PLAN']);
      expect(read).toContain(`integration_requests_p${monthOf(desde)}`);
      const earlier = monthsFrom(new Date(desde.getTime() - 40 * DAY), 1)[0];
      expect(read).not.toContain(`integration_requests_p${earlier}`);
    });
  });
});

/** The tables a plan reads (its "Relation Name"s), from EXPLAIN (FORMAT JSON). */
function relationsOf(plan: unknown): string[] {
  const out = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'Relation Name' && typeof value === 'string') out.add(value);
      else visit(value);
    }
  };
  visit(typeof plan === 'string' ? JSON.parse(plan) : plan);
  return [...out];
}

// ---- The migration of a database that already holds rows ----

interface Migrating {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function migratingDatabase(driver: (typeof DRIVERS)[number]): Promise<Migrating> {
  if (driver === 'pglite') {
    const db = new PGlite();
    return {
      query: async (text, values) => (await db.query(text, values)).rows as never[],
      migrate: (folder) => migratePglite(drizzlePglite(db), { migrationsFolder: folder }),
      close: () => db.close(),
    };
  }
  const server = process.env.DATABASE_URL!;
  const name = `sigece_test_particiones_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    query: async (text, values) => (await client.query(text, values as unknown[])).rows,
    migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A copy of the migrations whose journal ends before 0037: the schema this change starts from. */
function migrationsBefore0037(): { folder: string; remove: () => void } {
  const folder = mkdtempSync(join(tmpdir(), 'sigece-migraciones-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx < 37);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

const CONTENT: Record<string, string> = {
  audit_log: 'select coalesce(jsonb_agg(to_jsonb(t) order by id), $$[]$$) as rows from audit_log t',
  integration_requests:
    'select coalesce(jsonb_agg(to_jsonb(t) order by id), $$[]$$) as rows from integration_requests t',
  mail_messages: 'select coalesce(jsonb_agg(to_jsonb(t) order by id), $$[]$$) as rows from mail_messages t',
  webhook_deliveries:
    'select coalesce(jsonb_agg(to_jsonb(t) order by id), $$[]$$) as rows from webhook_deliveries t',
};
const INDEXES = `select tablename, indexname from pg_indexes
  where schemaname = 'public' and tablename = any($1) order by 1, 2`;

describe.each(DRIVERS)('migration 0037 on a database with rows [%s]', (driver) => {
  let database: Migrating;
  let before: { folder: string; remove: () => void };
  beforeAll(async () => {
    database = await migratingDatabase(driver);
    before = migrationsBefore0037();
  });
  afterAll(async () => {
    await database?.close();
    before?.remove();
  });

  it('partitions the tables in place and keeps every row, index, sequence and reference', async () => {
    await database.migrate(before.folder);
    const q = database.query.bind(database);
    await q(`insert into audit_log (at, user_email, method, route, entity, entity_id, action, before, after, ip)
      values ('2024-11-30 23:30-04', 'a@b.c', 'PUT', '/v2/x', 'factura', 'f1', 'update', '{"a":1}', '{"a":2}', '10.0.0.1'),
             ('2025-02-14 10:00-04', null, 'POST', '/v2/y', 'moneda', null, 'create', null, '{"iso":"XAU"}', null),
             (now(), 'c@d.e', 'DELETE', '/v2/z', 'cliente', 'c9', 'delete', '{}', null, '::1')`);
    await q(`insert into integration_requests (at, caller, caller_label, method, route, status, accepted, refused,
        duration_ms, idempotency_key, body)
      values ('2025-01-01 00:30-04', 'key:1', 'sk_abc', 'POST', '/v2/facturas', 201, 3, 0, 40, 'k-1', '{"x":1}'),
             (now(), 'user:2', 'u@x.y', 'GET', '/v2/integracion/documento', 404, null, null, 2, null, null)`);
    await q(`insert into mail_messages (transport, from_address, to_addresses, subject, body_text, log_fecha_registro)
      values ('outbox', 'a@b.c', '{x@y.z}', 'Factura 1', 'hola', '2025-03-31 23:59-04'),
             ('smtp', 'a@b.c', '{x@y.z,w@y.z}', 'Factura 2', 'hola', now())`);
    const [company] = await q<{ id: string }>(
      `insert into localidades (nombre, tipo_documento, numero_documento, direccion, telefono, correo, tipo_proveedor)
       values ('Particiones, C.A.', 'J', '999999999', 'Caracas', '0212', 'p@x.y', 'ORDINARIO') returning id`,
    );
    const [endpoint] = await q<{ id: string }>(
      `insert into webhook_endpoints (id_localidad, url, eventos, secreto)
       values ($1, 'https://example.test/hook', '{factura.emitida}', '\\x00') returning id`,
      [company.id],
    );
    await q(
      `insert into webhook_events (id, id_localidad, tipo, datos, creado)
      values ('11111111-1111-4111-8111-111111111111', $1, 'factura.emitida', '{}', '2025-05-05 12:00-04')`,
      [company.id],
    );
    await q(
      `insert into webhook_deliveries (id_evento, id_endpoint, seq, clave, estado, proximo_intento, vence, creado)
       values ('11111111-1111-4111-8111-111111111111', $1, 1, 'fact:1', 'ENTREGADA', '2025-05-05 12:00-04',
               '2025-05-08 12:00-04', '2025-05-05 12:00-04'),
              ('11111111-1111-4111-8111-111111111111', $1, 2, 'fact:1', 'PENDIENTE', now(), now() + interval '3 days', now())`,
      [endpoint.id],
    );
    const content = async () => {
      const out: Record<string, unknown> = {};
      for (const table of TABLES) out[table] = (await q<{ rows: unknown }>(CONTENT[table]))[0].rows;
      return out;
    };
    const rowsBefore = await content();
    const indexesBefore = await q<{ tablename: string; indexname: string }>(INDEXES, [TABLES]);
    const [{ n: partitionedBefore }] = await q<{ n: number }>(
      'select count(*)::int as n from pg_partitioned_table',
    );

    await database.migrate(MIGRATIONS_FOLDER);

    expect(await content()).toEqual(rowsBefore);
    const partitioned = await q<{ name: string }>(
      `select c.relname as name from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
        where c.relnamespace = 'public'::regnamespace order by 1`,
    );
    expect(partitioned.map((r) => r.name)).toEqual([...TABLES].sort());
    expect(partitionedBefore).toBe(0);
    // Every index the queries use, by name, on the partitioned table.
    expect(await q(INDEXES, [TABLES])).toEqual(indexesBefore);
    const where = await q<{ part: string; n: number }>(
      `select tableoid::regclass::text as part, count(*)::int as n from audit_log group by 1 order by 1`,
    );
    expect(where.slice(0, 2)).toEqual([
      { part: 'audit_log_p2024_11', n: 1 },
      { part: 'audit_log_p2025_02', n: 1 },
    ]);
    const [{ part: january }] = await q<{ part: string }>(
      'select tableoid::regclass::text as part from integration_requests order by id limit 1',
    );
    expect(january).toBe('integration_requests_p2025_01');
    // Nothing in the default partitions: a month per row's month.
    for (const table of TABLES) expect(await q(`select 1 from ${table}_default`)).toEqual([]);
    // The id sequences go on where they were, now owned by the partitioned tables.
    const [seqs] = await q<{ audit: string; requests: string }>(
      `select pg_get_serial_sequence('audit_log', 'id') as audit,
              pg_get_serial_sequence('integration_requests', 'id') as requests`,
    );
    expect(seqs).toEqual({
      audit: 'public.audit_log_id_seq',
      requests: 'public.integration_requests_id_seq',
    });
    const [next] = await q<{ id: number }>(
      `insert into audit_log (method, route, entity, action) values ('GET', '/n', 'n', 'n') returning id::int`,
    );
    expect(next.id).toBe(4);
    // The deliveries still reference their event and endpoint, cascades included, and keep their check.
    await expect(
      q(
        `insert into webhook_deliveries (id_evento, id_endpoint, seq, proximo_intento, vence)
         values (gen_random_uuid(), $1, 3, now(), now())`,
        [endpoint.id],
      ),
    ).rejects.toThrow(/foreign key|llave foránea/i);
    await expect(q(`update webhook_deliveries set estado = 'OTRO' where seq = 1`)).rejects.toThrow(
      /webhook_deliveries_estado_ck/,
    );
    await q(`delete from webhook_events where id = '11111111-1111-4111-8111-111111111111'`);
    expect(await q('select 1 from webhook_deliveries')).toEqual([]);
  });
});
