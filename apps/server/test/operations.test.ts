// Operating the server: which client address the audit log records behind a proxy (TRUST_PROXY), what a
// database error leaves in the log (no client data), and the warning when PUBLIC_URL points at localhost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../src/config.ts';
import { startupWarnings } from '../src/startup-warnings.ts';
import { describeWithApp, type TestApp } from './harness.ts';
import { companyIdByRif, DEMO_RIF } from './maintenance-support.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'sigece-operations-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Enters a manual rate (an audited write) from a client that claims another address. */
async function auditedIpOf(ctx: () => TestApp, forwardedFor: string): Promise<string | null> {
  const res = await ctx().request({
    method: 'POST',
    url: '/v2/mantenimiento/divisa/tasa',
    token: await ctx().adminToken(),
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { iso: 'COP', fecha: '2020-05-05', valor: '0.0021' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await ctx().database.query<{ ip: string | null }>(
    `select ip from audit_log where entity = 'tasaCambio' order by id desc limit 1`,
  );
  return row.ip;
}

describe('TRUST_PROXY', () => {
  it('unset, empty, 0 or false trusts no proxy; true, a hop count or a list of addresses/CIDRs as Fastify takes them', () => {
    for (const off of [undefined, '', ' ', '0', 'false', 'FALSE']) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
  });
});

describeWithApp('operations: X-Forwarded-For ignored by default', (ctx) => {
  it('the audit log records the address the request came from, not the one the client claims', async () => {
    expect(await auditedIpOf(ctx, '203.0.113.9')).toBe('127.0.0.1');
  });
});

describeWithApp(
  'operations: behind a declared proxy (TRUST_PROXY=127.0.0.1)',
  (ctx) => {
    it('the audit log records the client address the proxy forwards', async () => {
      expect(await auditedIpOf(ctx, '203.0.113.9')).toBe('203.0.113.9');
    });
  },
  { config: { trustProxy: parseTrustProxy('127.0.0.1') } },
);

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

describeWithApp(
  'operations: a database error in the log',
  (ctx) => {
    it('at start, with PUBLIC_URL at localhost (the harness), the server warns that printed QR codes point there', () => {
      const warnings = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
      expect(warnings.map((entry) => entry.msg)).toEqual([
        expect.stringContaining('PUBLIC_URL apunta a este equipo (http://localhost:3000)'),
      ]);
    });

    it('keeps the SQL text and the error code, not the values (client name, e-mail, document)', async () => {
      const demo = await companyIdByRif(ctx, DEMO_RIF);
      // A constraint this test adds makes the insert fail in the database, past every validation.
      await ctx().database.query(
        `alter table clientes add constraint prueba_sin_secretos check (identificacion <> 'Cliente Secreto Uno')`,
      );
      try {
        logLines.length = 0;
        const res = await ctx().request({
          method: 'POST',
          url: '/v2/mantenimiento/cliente/addcliente',
          token: await ctx().adminToken(),
          payload: {
            id_localidad: demo,
            tipoDocumento: 'V',
            numeroDocumento: '27182818',
            identificacion: 'Cliente Secreto Uno',
            correo: 'secreto.uno@example.com',
            direccion: 'Calle Oculta 7, Caracas',
            telefonoMovil: '(414) 5550199',
          },
        });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ code: 500, message: 'Ocurrio un error' });
        const errors = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
        expect(errors).toHaveLength(1);
        const text = JSON.stringify(errors);
        expect(text).toContain('insert into \\"clientes\\"');
        expect(text).toContain('"code":"23514"');
        expect(text).toContain('prueba_sin_secretos');
        for (const secret of ['Secreto', 'secreto.uno@example.com', '27182818', 'Calle Oculta', '5550199']) {
          expect(text, secret).not.toContain(secret);
        }
      } finally {
        await ctx().database.query('alter table clientes drop constraint prueba_sin_secretos');
      }
    });
  },
  { config: { logLevel: 'info' }, logStream },
);

describe('PUBLIC_URL', () => {
  it('pointing at this machine (the default when unset) is a warning naming the printed QR codes', () => {
    const [warning] = startupWarnings(loadConfig({ DATA_DIR: dataDir, PORT: '3105' }));
    expect(warning).toContain('PUBLIC_URL apunta a este equipo (http://localhost:3105)');
    expect(warning).toContain('códigos QR');
    expect(startupWarnings({ publicUrl: 'https://facturas.example.com' })).toEqual([]);
  });
});
