// The upload of a mass load reads its workbook on a worker thread (a large workbook held
// the event loop 1.2–1.9 s): the API keeps answering while a 10,000-row file is read, and what the read
// finds (a row's error as its document's error, a file that is not a workbook) is reported as before.
import { caracasDate, MASS_LOAD_MESSAGES } from '@sigece/fiscal';
import { beforeAll, expect, it } from 'vitest';
import { parseFileOffThread } from '../src/modules/mass-load/parse-thread.ts';
import { offThreadChannel } from '../src/off-thread/run.ts';
import { countRows, describeWithApp } from './harness.ts';
import { newCompany } from './support/invoices.ts';
import { addProducts, invoiceRow, sheetOf, upload } from './support/mass-load.ts';
import { answersDuringOffThreadWork } from './support/off-thread.ts';

const CODES = ['P-001', 'P-002', 'P-003'];
/** 2,000 invoices of 5 lines: the benchmark's upload (bench/mass-load.ts), which held the loop ~1 s. */
const ROWS = 10_000;

describeWithApp('mass load: the workbook is read off the event loop', (ctx) => {
  let admin: string;
  let large: Buffer;
  beforeAll(async () => {
    admin = await ctx().adminToken();
    // Every row good but the last (an unknown product): the whole file is read, and its last document is
    // that row's error while the other 1,999 wait to be processed.
    const rows = Array.from({ length: ROWS }, (_, i) =>
      invoiceRow(`F-${Math.floor(i / 5) + 1}`, i === ROWS - 1 ? 'NO-EXISTE' : CODES[i % 3]),
    );
    large = await sheetOf(rows);
  });

  it('a 10,000-row workbook is read on a worker thread: /v2/health answers meanwhile; its row error is its document’s error', async () => {
    const company = await newCompany(ctx);
    await addProducts(ctx, company.id, CODES);
    const before = await countRows(ctx().database, 'cargas_masivas');
    const { result, answersDuring, tasks } = await answersDuringOffThreadWork(
      upload(ctx, admin, company.id, 'factura', large),
      async () => {
        const health = await ctx().request({ method: 'GET', url: '/v2/health' });
        expect(health.statusCode).toBe(200);
      },
    );
    expect(tasks).toEqual(['carga-masiva']);
    // Reading 10,000 rows takes exceljs long enough for many answers; on the event loop, none (only the
    // few product lookups would let one through).
    expect(answersDuring).toBeGreaterThanOrEqual(20);
    expect(result.statusCode, result.body).toBe(200);
    const carga = result.json().result.carga;
    expect(carga).toMatchObject({ total: ROWS / 5, filas: ROWS, errores: 1, procesados: 1 });
    expect(carga.detalleErrores).toEqual([
      {
        numero: `F-${ROWS / 5}`,
        filas: `${ROWS - 3}-${ROWS + 1}`,
        msg: expect.stringContaining(`fila ${ROWS + 1}: El producto NO-EXISTE`),
      },
    ]);
    expect(await countRows(ctx().database, 'cargas_masivas')).toBe(before + 1);
  });

  it('consecutive uploads are read by the same kept worker; one past the time limit is refused in Spanish and the next gets a fresh worker', async () => {
    const company = await newCompany(ctx);
    await addProducts(ctx, company.id, CODES);
    // Three one-line invoices, numbered apart in each upload.
    const small = (prefix: string) => sheetOf(CODES.map((code, i) => invoiceRow(`${prefix}-${i + 1}`, code)));
    const threads: number[] = [];
    const listener = (message: unknown) => {
      const { task, phase, threadId } = message as { task: string; phase: string; threadId: number };
      if (task === 'carga-masiva' && phase === 'start') threads.push(threadId);
    };
    offThreadChannel.subscribe(listener);
    try {
      for (const prefix of ['A', 'B']) {
        const res = await upload(ctx, admin, company.id, 'factura', await small(prefix));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().result.carga).toMatchObject({ total: 3, errores: 0 });
      }
      expect(threads).toHaveLength(2);
      expect(threads[1]).toBe(threads[0]);
      // The 10,000-row workbook takes seconds to read: past a 500 ms limit its worker is terminated. The
      // product lookups are the upload's own (service.ts), on this test's database.
      const productExists = async (code: string) =>
        (
          await ctx().database.query('select 1 from productos where id_localidad = $1 and codigo = $2', [
            company.id,
            code,
          ])
        ).length > 0;
      await expect(
        parseFileOffThread(large, 'factura', { company, today: caracasDate(), productExists }, 500),
      ).rejects.toThrow(
        'El archivo no se pudo leer en el tiempo límite (1 s): divídalo en archivos más pequeños',
      );
      expect(threads).toHaveLength(3);
      const res = await upload(ctx, admin, company.id, 'factura', await small('C'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result.carga).toMatchObject({ total: 3, errores: 0 });
      expect(threads).toHaveLength(4);
      expect(threads[3]).not.toBe(threads[2]);
    } finally {
      offThreadChannel.unsubscribe(listener);
    }
  });

  it('a zip that is not a workbook is still refused as such from the worker thread', async () => {
    const company = await newCompany(ctx);
    const res = await upload(
      ctx,
      admin,
      company.id,
      'factura',
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(2000, 7)]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MASS_LOAD_MESSAGES.notSpreadsheet);
  });
});
