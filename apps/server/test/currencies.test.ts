import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHARED_DATA_MESSAGE } from '@sigece/fiscal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BcvParseError, parseBcvPage } from '../src/modules/reference/bcv.ts';
import { describeWithApp } from './harness.ts';
import { DEMO_USER, snapshot, userWith } from './maintenance-support.ts';

const D = '/v2/mantenimiento/divisa';
const PAGE = readFileSync(new URL('./fixtures/bcv-home.html', import.meta.url), 'utf8');
const FIXTURE_RATES = [
  { iso: 'USD', valor: '237.75290000', fecha: '2026-11-23' },
  { iso: 'EUR', valor: '276.61098245', fecha: '2026-11-23' },
  { iso: 'CNY', valor: '33.41770651', fecha: '2026-11-23' },
  { iso: 'TRY', valor: '5.64196335', fecha: '2026-11-23' },
  { iso: 'RUB', valor: '2.93924549', fecha: '2026-11-23' },
];
// The day the demo rates are dated in these tests: any day before the saved page's.
const SEED_DAY = '2026-11-20';

// A local stand-in for the central bank's site: it serves the saved page, or a changed layout, or an
// HTTP error, as the test asks. Started before the suites, because the app reads bcvUrl when it starts.
let mode: 'ok' | 'missing-rate' | 'http-error' = 'ok';
let hits = 0;
const bcvServer = createServer((_request, response) => {
  hits++;
  if (mode === 'http-error') {
    response.writeHead(503, { 'content-type': 'text/plain' }).end('Servicio no disponible');
    return;
  }
  const body = mode === 'missing-rate' ? PAGE.replace('id="lira"', 'id="libra-esterlina"') : PAGE;
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
});
await new Promise<void>((resolve) => bcvServer.listen(0, '127.0.0.1', resolve));
const bcvUrl = `http://127.0.0.1:${(bcvServer.address() as AddressInfo).port}/`;

// A port that nothing listens on: bound, read, then released.
const probe = createServer();
await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
const closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/`;
await new Promise<void>((resolve) => probe.close(() => resolve()));

afterAll(async () => {
  bcvServer.closeAllConnections();
  await new Promise<void>((resolve) => bcvServer.close(() => resolve()));
});

describe('BCV page parser', () => {
  it('reads the five official rates and the value date from the saved page', () => {
    expect(parseBcvPage(PAGE)).toEqual(FIXTURE_RATES);
  });

  it('a page without one of the rates is a BcvParseError naming the currency', () => {
    const page = PAGE.replace('id="lira"', 'id="libra"');
    expect(() => parseBcvPage(page)).toThrow(BcvParseError);
    expect(() => parseBcvPage(page)).toThrow('No se encontró la tasa de TRY en la página del BCV');
    const empty = PAGE.replace('<strong> 237,75290000 </strong>', '<strong>  </strong>');
    expect(() => parseBcvPage(empty)).toThrow('No se encontró la tasa de USD en la página del BCV');
  });

  it('a page without the value date, or with a malformed number, is a BcvParseError', () => {
    const noDate = PAGE.replace('content="2026-11-23T00:00:00-04:00"', '');
    expect(() => parseBcvPage(noDate)).toThrow(BcvParseError);
    expect(() => parseBcvPage(noDate)).toThrow('No se encontró la Fecha Valor en la página del BCV');
    const malformed = PAGE.replace('276,61098245', '276,610,98245');
    expect(() => parseBcvPage(malformed)).toThrow('No se encontró la tasa de EUR en la página del BCV');
    expect(() => parseBcvPage('<html><body>Mantenimiento</body></html>')).toThrow(BcvParseError);
  });

  it('thousands separators are read as Venezuelan notation', () => {
    const page = PAGE.replace('237,75290000', '1.237,75');
    expect(parseBcvPage(page)[0]).toEqual({ iso: 'USD', valor: '1237.75', fecha: '2026-11-23' });
  });
});

describeWithApp(
  'currencies: BCV rates, rate history, manual rates and the currency catalog',
  (ctx) => {
    let admin: string;
    let usuario: string;

    beforeAll(async () => {
      admin = await ctx().adminToken();
      usuario = await ctx().login(DEMO_USER.email, DEMO_USER.password);
      mode = 'ok';
      // The demo seed dates its rates on the day it runs, the test clock's. Re-date them to a day of this
      // file's own, before the saved page's, so no expectation below depends on the clock.
      await ctx().database.query(`update tasas_cambio set fecha = $1 where fuente = 'DEMO'`, [SEED_DAY]);
      await ctx().database.query(`update divisas set fecha_valor = $1 where iso in ('USD', 'EUR')`, [
        SEED_DAY,
      ]);
    });

    const currency = async (iso: string) =>
      (
        await ctx().database.query<{ valor: string | null; fecha: string | null }>(
          `select valor::text as valor, fecha_valor::text as fecha from divisas where iso = $1`,
          [iso],
        )
      )[0];

    it("GetDivisasBcv reads the rates from the bank's page without storing anything", async () => {
      const before = await snapshot(ctx, 'tasas_cambio', 'divisas');
      const hitsBefore = hits;
      const res = await ctx().request({ method: 'GET', url: `${D}/GetDivisasBcv`, token: admin });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ code: 200, result: FIXTURE_RATES });
      expect(hits).toBe(hitsBefore + 1);
      expect(await snapshot(ctx, 'tasas_cambio', 'divisas')).toEqual(before);
    });

    it("DivisasActualizar stores the day's five rates (source BCV) and moves each currency's current value", async () => {
      const before = await snapshot(ctx, 'tasas_cambio');
      const res = await ctx().request({ method: 'GET', url: `${D}/DivisasActualizar`, token: admin });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Tasas actualizadas');
      expect(
        res
          .json()
          .result.map((r: { iso: string; valor: string; fecha: string; fuente: string }) => [
            r.iso,
            r.valor,
            r.fecha,
            r.fuente,
          ]),
      ).toEqual(FIXTURE_RATES.map((r) => [r.iso, r.valor, r.fecha, 'BCV']));
      expect(await snapshot(ctx, 'tasas_cambio')).toEqual({
        tasas_cambio: before.tasas_cambio + 5,
        audit_log: before.audit_log + 5,
      });
      expect(await currency('USD')).toEqual({ valor: '237.75290000', fecha: '2026-11-23' });
      expect(await currency('RUB')).toEqual({ valor: '2.93924549', fecha: '2026-11-23' });
      const list = await ctx().request({ method: 'GET', url: `${D}/listar?search=EUR`, token: admin });
      expect(list.json().results[0]).toMatchObject({
        iso: 'EUR',
        valor: '276.61098245',
        value: '276.61098245',
        fechaValor: '2026-11-23',
      });

      // A second refresh the same day replaces the rates: still one per currency and day.
      const again = await ctx().request({ method: 'GET', url: `${D}/DivisasActualizar`, token: admin });
      expect(again.statusCode).toBe(200);
      const [{ n }] = await ctx().database.query<{ n: string }>(
        `select count(*)::text as n from tasas_cambio where fecha = '2026-11-23'`,
      );
      expect(Number(n)).toBe(5);
      const actions = await ctx().database.query<{ action: string }>(
        `select action from audit_log where entity = 'tasaCambio' order by id desc limit 5`,
      );
      expect(actions.map((a) => a.action)).toEqual(['replace', 'replace', 'replace', 'replace', 'replace']);
    });

    it('tasas lists the stored history newest first, filtered by currency and dates', async () => {
      const res = await ctx().request({ method: 'GET', url: `${D}/tasas?iso=usd`, token: usuario });
      expect(res.statusCode).toBe(200);
      const rows = res.json().results as Array<{ iso: string; fecha: string; valor: string; fuente: string }>;
      expect(rows.every((r) => r.iso === 'USD')).toBe(true);
      expect(rows.find((r) => r.fecha === '2026-11-23')).toMatchObject({
        valor: '237.75290000',
        fuente: 'BCV',
      });
      // The demo seed's rate is in the history too.
      expect(rows.find((r) => r.fuente === 'DEMO')).toMatchObject({ fecha: SEED_DAY, valor: '237.75290000' });
      const dates = rows.map((r) => r.fecha);
      expect(dates).toEqual([...dates].sort().reverse());
      const range = await ctx().request({
        method: 'GET',
        url: `${D}/tasas?desde=2026-11-23&hasta=2026-11-23&limit=100`,
        token: usuario,
      });
      expect(
        range
          .json()
          .results.map((r: { iso: string }) => r.iso)
          .sort(),
      ).toEqual(['CNY', 'EUR', 'RUB', 'TRY', 'USD']);
      const badDate = await ctx().request({
        method: 'GET',
        url: `${D}/tasas?desde=23/11/2026`,
        token: usuario,
      });
      expect(badDate.statusCode).toBe(400);
    });

    it('manual rates: "Guardado", the same day replaced, and tasaVigente gives that day\'s rate or the latest before', async () => {
      const post = (fecha: string, valor: string | number, iso = 'COP') =>
        ctx().request({ method: 'POST', url: `${D}/tasa`, token: admin, payload: { iso, fecha, valor } });
      const vigente = (fecha: string, iso = 'COP') =>
        ctx().request({ method: 'GET', url: `${D}/tasaVigente?iso=${iso}&fecha=${fecha}`, token: usuario });

      // No rate yet before the first one.
      // 'No rate' is an answer (200, result null), so screens do not log errors for it.
      const none = await vigente('2020-01-15');
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual({
        code: 200,
        message: 'No hay tasa registrada para COP en esa fecha',
        result: null,
      });

      const first = await post('2020-01-10', '0,0021');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        message: 'Guardado',
        result: {
          iso: 'COP',
          fecha: '2020-01-10',
          valor: '0.00210000',
          fuente: 'MANUAL',
          logUsername: 'admin@sigece.local',
        },
      });
      expect((await post('2020-01-20', 0.0023)).statusCode).toBe(200);
      expect(await currency('COP')).toEqual({ valor: '0.00230000', fecha: '2020-01-20' });

      expect((await vigente('2020-01-09')).json()).toMatchObject({ code: 200, result: null });
      expect((await vigente('2020-01-10')).json().result).toEqual({
        iso: 'COP',
        fecha: '2020-01-10',
        valor: '0.00210000',
        fuente: 'MANUAL',
      });
      expect((await vigente('2020-01-15')).json().result.fecha).toBe('2020-01-10');
      expect((await vigente('2020-01-20')).json().result.valor).toBe('0.00230000');
      expect((await vigente('2024-06-30')).json().result).toMatchObject({
        fecha: '2020-01-20',
        valor: '0.00230000',
      });

      // The same day again replaces its rate; an older day does not move the current value.
      const before = await snapshot(ctx, 'tasas_cambio');
      const replaced = await post('2020-01-10', '0.0022');
      expect(replaced.statusCode).toBe(200);
      expect(await snapshot(ctx, 'tasas_cambio')).toEqual({
        tasas_cambio: before.tasas_cambio,
        audit_log: before.audit_log + 1,
      });
      const history = await ctx().request({ method: 'GET', url: `${D}/tasas?iso=COP`, token: admin });
      expect(history.json().results.map((r: { fecha: string; valor: string }) => [r.fecha, r.valor])).toEqual(
        [
          ['2020-01-20', '0.00230000'],
          ['2020-01-10', '0.00220000'],
        ],
      );
      expect((await vigente('2020-01-15')).json().result.valor).toBe('0.00220000');
      expect(await currency('COP')).toEqual({ valor: '0.00230000', fecha: '2020-01-20' });
      const [audit] = await ctx().database.query<{
        action: string;
        before: { valor: string };
        after: { valor: string };
      }>(`select action, before, after from audit_log where entity = 'tasaCambio' order by id desc limit 1`);
      expect(audit).toMatchObject({
        action: 'replace',
        before: { valor: '0.00210000' },
        after: { valor: '0.00220000' },
      });
    });

    it('tasaVigente: the BCV rate on its date, bolívares fixed at 1, lowercase ISO accepted, a bad date refused', async () => {
      const usd = await ctx().request({
        method: 'GET',
        url: `${D}/tasaVigente?iso=usd&fecha=2026-11-23`,
        token: usuario,
      });
      expect(usd.json().result).toEqual({
        iso: 'USD',
        fecha: '2026-11-23',
        valor: '237.75290000',
        fuente: 'BCV',
      });
      const ves = await ctx().request({
        method: 'GET',
        url: `${D}/tasaVigente?iso=VES&fecha=2001-01-01`,
        token: usuario,
      });
      expect(ves.json().result).toEqual({ iso: 'VES', fecha: '2001-01-01', valor: '1', fuente: 'FIJA' });
      const bad = await ctx().request({
        method: 'GET',
        url: `${D}/tasaVigente?iso=USD&fecha=mañana`,
        token: usuario,
      });
      expect(bad.statusCode).toBe(400);
      const anonymous = await ctx().request({ method: 'GET', url: `${D}/tasaVigente?iso=USD` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('manual rates: bad value, ISO or date answers 400 in Spanish and writes nothing', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ iso: 'USD', fecha: '2020-02-01', valor: '-1' }, 'La tasa debe ser un número positivo'],
        [{ iso: 'USD', fecha: '2020-02-01', valor: 'abc' }, 'La tasa debe ser un número positivo'],
        [{ iso: 'USD', fecha: '2020-02-01', valor: '0' }, 'La tasa debe ser un número positivo'],
        [{ iso: 'US', fecha: '2020-02-01', valor: '36.5' }, 'El código ISO tiene 3 letras'],
        [{ iso: 'USD', valor: '36.5' }, 'Es requerido'],
        [{ iso: 'USD', fecha: '01/02/2020', valor: '36.5' }, 'Es requerido'],
        [{ iso: 'XYZ', fecha: '2020-02-01', valor: '36.5' }, 'La divisa XYZ no existe'],
      ];
      for (const [payload, message] of cases) {
        const before = await snapshot(ctx, 'tasas_cambio', 'divisas');
        const usd = await currency('USD');
        const res = await ctx().request({ method: 'POST', url: `${D}/tasa`, token: admin, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toBe(message);
        expect(await snapshot(ctx, 'tasas_cambio', 'divisas')).toEqual(before);
        expect(await currency('USD')).toEqual(usd);
      }
    });

    it('a page whose layout changed, or an HTTP error from the bank, answers 400 in Spanish and stores nothing', async () => {
      try {
        for (const [m, message] of [
          ['missing-rate', 'No se encontró la tasa de TRY en la página del BCV'],
          ['http-error', 'La página del BCV respondió 503'],
        ] as const) {
          mode = m;
          const before = await snapshot(ctx, 'tasas_cambio', 'divisas');
          for (const path of ['GetDivisasBcv', 'DivisasActualizar']) {
            const res = await ctx().request({ method: 'GET', url: `${D}/${path}`, token: admin });
            expect(res.statusCode, `${m} ${path}`).toBe(400);
            expect(res.json().message).toBe(message);
          }
          expect(await snapshot(ctx, 'tasas_cambio', 'divisas')).toEqual(before);
        }
      } finally {
        mode = 'ok';
      }
    });

    it('permissions: usuario reads rates but may not refresh, enter rates or edit currencies; each module gates its calls', async () => {
      const tasaOnly = await userWith(ctx, { '/mantenimiento/TasaCambio': [] }, []);
      const divisaOnly = await userWith(ctx, { '/mantenimiento/Divisa': [] }, []);
      const before = await snapshot(ctx, 'tasas_cambio', 'divisas');
      const hitsBefore = hits;
      for (const [method, url, payload] of [
        ['GET', `${D}/GetDivisasBcv`, undefined],
        ['GET', `${D}/DivisasActualizar`, undefined],
        ['POST', `${D}/tasa`, { iso: 'USD', fecha: '2020-03-01', valor: '1' }],
        ['POST', `${D}/crear`, { nombre: 'Franco suizo', iso: 'CHF', simbolo: 'CHF' }],
      ] as const) {
        const anonymous = await ctx().request({ method, url, payload });
        expect(anonymous.statusCode, url).toBe(401);
        const res = await ctx().request({ method, url, token: usuario, payload });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe('No tiene permiso para realizar esta acción');
      }
      expect(hits).toBe(hitsBefore);
      expect(await snapshot(ctx, 'tasas_cambio', 'divisas')).toEqual(before);
      for (const url of [`${D}/listar`, `${D}/tasas`, `${D}/tasaVigente?iso=USD&fecha=2026-11-23`]) {
        expect((await ctx().request({ method: 'GET', url, token: usuario })).statusCode, url).toBe(200);
      }
      // The exchange-rate module: reads the bank; rates are shared data, entered by the master
      // administrator only, and currencies are not its to edit.
      expect(
        (await ctx().request({ method: 'GET', url: `${D}/GetDivisasBcv`, token: tasaOnly })).statusCode,
      ).toBe(200);
      const manual = await ctx().request({
        method: 'POST',
        url: `${D}/tasa`,
        token: tasaOnly,
        payload: { iso: 'EUR', fecha: '2020-03-01', valor: '1.5' },
      });
      expect(manual.statusCode).toBe(403);
      expect(manual.json().message).toBe(SHARED_DATA_MESSAGE);
      expect(
        (
          await ctx().request({
            method: 'POST',
            url: `${D}/crear`,
            token: tasaOnly,
            payload: { nombre: 'Franco suizo', iso: 'CHF', simbolo: 'CHF' },
          })
        ).statusCode,
      ).toBe(403);
      // The currency module: reads the bank but does not enter rates by hand.
      expect(
        (await ctx().request({ method: 'GET', url: `${D}/GetDivisasBcv`, token: divisaOnly })).statusCode,
      ).toBe(200);
      expect(
        (
          await ctx().request({
            method: 'POST',
            url: `${D}/tasa`,
            token: divisaOnly,
            payload: { iso: 'EUR', fecha: '2020-03-02', valor: '1.5' },
          })
        ).statusCode,
      ).toBe(403);
    });

    it('currencies: listar paged and searchable with the seeded ones', async () => {
      const all = await ctx().request({ method: 'GET', url: `${D}/listar?limit=100`, token: admin });
      expect(all.statusCode).toBe(200);
      const isos = all.json().results.map((d: { iso: string }) => d.iso);
      for (const iso of ['VEF', 'USD', 'EUR', 'PTR', 'COP', 'CNY', 'TRY', 'RUB']) expect(isos).toContain(iso);
      expect(isos).toEqual([...isos].sort());
      const ptr = all.json().results.find((d: { iso: string }) => d.iso === 'PTR');
      expect(ptr).toMatchObject({
        nombre: 'Petro',
        decimales: 8,
        simbolo: 'PTR',
        logEstatusRegistro: 'ACTIVO',
      });
      const page = await ctx().request({ method: 'GET', url: `${D}/listar?limit=3&page=2`, token: admin });
      expect(page.json()).toMatchObject({ page: 2, limit: 3, totalResults: all.json().totalResults });
      expect(page.json().results.map((d: { iso: string }) => d.iso)).toEqual(isos.slice(3, 6));
      const search = await ctx().request({ method: 'GET', url: `${D}/listar?search=rublo`, token: admin });
      expect(search.json().results.map((d: { iso: string }) => d.iso)).toEqual(['RUB']);
    });

    it('currencies: crear "Guardado", duplicate ISO 409, editar "Actualizado", eliminar/activar; bad input writes nothing', async () => {
      const before = await snapshot(ctx, 'divisas');
      const created = await ctx().request({
        method: 'POST',
        url: `${D}/crear`,
        token: admin,
        payload: { nombre: 'Peso mexicano', iso: 'mxn', simbolo: 'MX$' },
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({
        message: 'Guardado',
        result: {
          nombre: 'Peso mexicano',
          iso: 'MXN',
          simbolo: 'MX$',
          decimales: 2,
          valor: null,
          logEstatusRegistro: 'ACTIVO',
        },
      });
      expect(await snapshot(ctx, 'divisas')).toEqual({
        divisas: before.divisas + 1,
        audit_log: before.audit_log + 1,
      });
      const id = created.json().result.id;

      const refusals: Array<[string, string, Record<string, unknown>, number, string]> = [
        [
          'POST',
          `${D}/crear`,
          { nombre: 'Dólar otra vez', iso: 'usd', simbolo: '$' },
          409,
          'Ya existe la divisa USD',
        ],
        [
          'POST',
          `${D}/crear`,
          { nombre: 'Corto', iso: 'MX', simbolo: '$' },
          400,
          'El código ISO tiene 3 letras',
        ],
        ['POST', `${D}/crear`, { nombre: '', iso: 'ARS', simbolo: '$' }, 400, 'Es requerido'],
        ['POST', `${D}/crear`, { nombre: 'Peso argentino', iso: 'ARS', simbolo: '' }, 400, 'Es requerido'],
        [
          'PUT',
          `${D}/editar/${id}`,
          { nombre: 'Peso mexicano', iso: 'EUR', simbolo: 'MX$' },
          409,
          'Ya existe la divisa EUR',
        ],
        [
          'PUT',
          `${D}/editar/${randomUUID()}`,
          { nombre: 'Nadie', iso: 'ZZZ', simbolo: 'Z' },
          404,
          'Divisa no encontrada',
        ],
      ];
      for (const [method, url, payload, status, message] of refusals) {
        const snap = await snapshot(ctx, 'divisas');
        const res = await ctx().request({ method: method as 'POST', url, token: admin, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        expect(res.json().message).toBe(message);
        expect(await snapshot(ctx, 'divisas')).toEqual(snap);
      }

      const edited = await ctx().request({
        method: 'PUT',
        url: `${D}/editar/${id}`,
        token: admin,
        payload: { nombre: 'Peso mexicano (MXN)', iso: 'MXN', simbolo: '$', decimales: 4 },
      });
      expect(edited.json()).toMatchObject({
        message: 'Actualizado',
        result: { nombre: 'Peso mexicano (MXN)', simbolo: '$', decimales: 4 },
      });
      expect(edited.json().result.logFechaModificacion).not.toBeNull();
      const off = await ctx().request({ method: 'PUT', url: `${D}/eliminar/${id}`, token: admin });
      expect(off.json()).toMatchObject({ message: 'Inactivado', result: { logEstatusRegistro: 'INACTIVO' } });
      const inactive = await ctx().request({
        method: 'GET',
        url: `${D}/listar?status=INACTIVO`,
        token: admin,
      });
      expect(inactive.json().results.map((d: { iso: string }) => d.iso)).toEqual(['MXN']);
      const on = await ctx().request({ method: 'PUT', url: `${D}/activar/${id}`, token: admin });
      expect(on.json()).toMatchObject({ message: 'Activado', result: { logEstatusRegistro: 'ACTIVO' } });
      const [row] = await ctx().database.query<{ nombre: string; s: string; decimales: number }>(
        'select nombre, log_estatus_registro as s, decimales from divisas where id = $1',
        [id],
      );
      expect(row).toEqual({ nombre: 'Peso mexicano (MXN)', s: 'ACTIVO', decimales: 4 });
      expect(
        (await ctx().request({ method: 'PUT', url: `${D}/activar/${randomUUID()}`, token: admin }))
          .statusCode,
      ).toBe(404);
    });
  },
  { config: { bcvUrl } },
);

describeWithApp(
  'currencies: the BCV site unreachable',
  (ctx) => {
    it('GetDivisasBcv and DivisasActualizar answer 400 with a Spanish message, not 500, and store nothing', async () => {
      const admin = await ctx().adminToken();
      const before = await snapshot(ctx, 'tasas_cambio', 'divisas');
      for (const path of ['GetDivisasBcv', 'DivisasActualizar']) {
        const res = await ctx().request({ method: 'GET', url: `${D}/${path}`, token: admin });
        expect(res.statusCode, path).toBe(400);
        expect(res.json()).toEqual({
          code: 400,
          message: `No se pudo consultar la página del BCV (${closedUrl})`,
        });
      }
      expect(await snapshot(ctx, 'tasas_cambio', 'divisas')).toEqual(before);
    });
  },
  { config: { bcvUrl: closedUrl } },
);
