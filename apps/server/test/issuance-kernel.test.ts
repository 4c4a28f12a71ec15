// The issuance kernel: the ledger of control numbers refuses
// one number held by two documents of any family (Providencia SNAT/2011/00071), any error inside one
// document's savepoint is that document's error while the others are stored with consecutive numbers,
// a PDF that keeps failing ends FALLIDA (shown in the list, retried by an administrator), and the
// start-up re-queue never gives a document a second live render job.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  documentPdfJob,
  PENDING_RENDER_AGE_SECONDS,
  RENDER_RETRY_LIMIT,
  requeuePendingRenders,
} from '../src/modules/issuance/render/render.ts';
import { describeWithApp } from './harness.ts';
import {
  createInvoice,
  footprint,
  ingest,
  invoice,
  LIST_MODULE,
  newCompany,
  nextNumber,
  userWith,
} from './support/invoices.ts';

const control = (n: number) => `00-${String(n).padStart(8, '0')}`;
/** No SQL, no constraint or table names, no parameters in a message for the connector. */
const NO_SQL = /insert|update|select|constraint|facturas|factura_lineas|\$\d|violat|relation/i;

describeWithApp('issuance kernel: ledger, one document one failure, render state', (ctx) => {
  const admin = () => ctx().adminToken();
  const query = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    ctx().database.query<T>(text, params);

  it('the ledger records every control number with its document, and the database refuses a number held by two documents, across kinds', async () => {
    const company = await newCompany(ctx);
    const created = await createInvoice(ctx, await admin(), invoice({ rif: company.rif }));
    expect(created.NroControl).toBe(control(1));
    const [entry] = await query<{
      familia: string;
      tipo_doc: string;
      nro_control: string;
      pdf_estado: string;
    }>(`select familia, tipo_doc, nro_control, pdf_estado from control_numbers where id_documento = $1`, [
      created.id,
    ]);
    expect(entry).toEqual({
      familia: 'FACTURA',
      tipo_doc: 'fact',
      nro_control: control(1),
      pdf_estado: 'PENDIENTE',
    });

    // A credit note holding the invoice's control number, written directly: the database refuses it.
    const [lot] = await query<{ id: string }>(
      `select id::text from control_lots where id_localidad = $1 and familia = 'FACTURA'`,
      [company.id],
    );
    const insertNote = (numero: number, lote: string | null, documentId = randomUUID()) =>
      query(
        `insert into control_numbers (id_localidad, familia, id_control_lote, serie, numero, nro_control, tipo_doc, id_documento)
         values ($1, 'FACTURA', $2, '00', $3, $4, 'nota', $5)`,
        [company.id, lote, numero, control(numero), documentId],
      );
    const refused = async (attempt: Promise<unknown>) => {
      const error = await attempt.then(
        () => null,
        (e: unknown) => e as { code?: string; cause?: { code?: string } },
      );
      expect(error, 'the insert must be refused').not.toBeNull();
      expect(error?.code ?? error?.cause?.code).toBe('23505');
    };
    await refused(insertNote(1, lot.id));
    // Same company, family, series and number even without the lot: refused.
    await refused(insertNote(1, null));
    // One document, one number: a second number for the invoice is refused too.
    await refused(
      query(
        `insert into control_numbers (id_localidad, familia, serie, numero, nro_control, tipo_doc, id_documento)
         values ($1, 'FACTURA', '00', 999, $2, 'fact', $3)`,
        [company.id, control(999), created.id],
      ),
    );
    // The next number is free: a note may hold it (the kernel would give it to the next document).
    await insertNote(2, lot.id);
    // The ledger is never deleted from (migration 0026): the test's stand-in entries are
    // marked rendered instead, so that no start-up re-queue looks for their (absent) documents.
    await query(
      `update control_numbers set pdf_estado = 'GENERADA' where tipo_doc = 'nota' and id_localidad = $1`,
      [company.id],
    );
  });

  it("a database error inside one invoice's savepoint is that invoice's Spanish error; the others are stored with consecutive control numbers", async () => {
    const company = await newCompany(ctx);
    // A rule the database enforces and the payload checks do not know: the error rises inside the
    // savepoint, after the client, lines and payments of that invoice were written.
    await query(
      `alter table factura_lineas add constraint kernel_test_ck check (descripcion <> 'PRODUCTO VETADO')`,
    );
    try {
      const bad = invoice({
        rif: company.rif,
        lines: [{ precio: 10, cantidad: 1, alicuota: 16, descripcion: 'PRODUCTO VETADO' }],
      });
      const before = await footprint(ctx);
      const answer = await ingest(ctx, await admin(), [
        invoice({ rif: company.rif }),
        bad,
        invoice({ rif: company.rif }),
        invoice({ rif: company.rif }),
      ]);
      expect(answer.code).toBe(203);
      expect(answer.totalFacturasNew).toBe(3);
      expect(answer.totalFacturaconError).toBe(1);
      const [[error]] = answer.DetalleErrorFacturas!;
      expect(error.posicion).toBe(2);
      expect(error.NroFactura).toBe(bad.nroFactura);
      expect(error.Msg).toBe('Un valor del documento no cumple las reglas de validación');
      expect(error.Msg).not.toMatch(NO_SQL);
      expect(answer.DetalleFacturaProcesadas.map(([d]) => d.NroControl)).toEqual([
        control(1),
        control(2),
        control(3),
      ]);
      // Nothing of the failed invoice remains; the three others and their ledger rows do.
      const after = await footprint(ctx);
      expect(Number(after.facturas) - Number(before.facturas)).toBe(3);
      expect(Number(after.factura_lineas) - Number(before.factura_lineas)).toBe(3);
      const ledger = await query<{ nro_control: string }>(
        `select nro_control from control_numbers where id_localidad = $1 order by numero`,
        [company.id],
      );
      expect(ledger.map((r) => r.nro_control)).toEqual([control(1), control(2), control(3)]);
    } finally {
      await query('alter table factura_lineas drop constraint kernel_test_ck');
    }
  });

  it('a numeric overflow raised by the database in one invoice does not sink the request', async () => {
    const company = await newCompany(ctx);
    // The database raises 22003 (numeric value out of range) for one invoice, as an amount too large
    // for its column would.
    await query(`create or replace function kernel_test_overflow() returns trigger language plpgsql as $$
      begin
        if new.observacion = 'DESBORDE' then
          raise exception 'numeric field overflow' using errcode = '22003';
        end if;
        return new;
      end $$`);
    await query(
      `create trigger kernel_test_overflow before insert on facturas for each row execute function kernel_test_overflow()`,
    );
    try {
      const answer = await ingest(ctx, await admin(), [
        invoice({ rif: company.rif, extra: { observacion: 'DESBORDE' } }),
        invoice({ rif: company.rif }),
      ]);
      expect(answer.totalFacturasNew).toBe(1);
      expect(answer.DetalleErrorFacturas![0][0].Msg).toBe(
        'Un monto, cantidad o tasa del documento excede el máximo permitido',
      );
      expect(answer.DetalleFacturaProcesadas[0][0].NroControl).toBe(control(1));
    } finally {
      await query('drop trigger kernel_test_overflow on facturas');
      await query('drop function kernel_test_overflow()');
    }
  });

  it('a PDF that keeps failing ends FALLIDA after the retries, with its error in the list; an administrator retries it (guarded, tenant-checked, audited)', async () => {
    const company = await newCompany(ctx);
    const created = await createInvoice(ctx, await admin(), invoice({ rif: company.rif }));
    // Break the stored invoice so that rendering it fails every time.
    await query(`update facturas set nro_control = null where id = $1`, [created.id]);
    const run = () => documentPdfJob.handler(ctx().app.deps, { tipoDoc: 'fact', id: created.id });
    for (let attempt = 1; attempt <= RENDER_RETRY_LIMIT; attempt++) {
      await expect(run(), `attempt ${attempt} throws so that pg-boss retries it`).rejects.toThrow();
    }
    // The last allowed attempt: recorded as FALLIDA and the job ends (no more automatic retries).
    await expect(run()).resolves.toBeUndefined();
    const row = async () => {
      const res = await ctx().request({
        method: 'GET',
        url: `/v2/facturas/queryfacturacion?search=${created.NroFactura}`,
        token: await admin(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().results.find((r: { id: string }) => r.id === created.id);
    };
    expect(await row()).toMatchObject({
      pdfEstado: 'FALLIDA',
      pdfError: expect.stringContaining('No se pudo generar el PDF'),
      nroControl: 'No generada',
    });
    // More runs change nothing: a FALLIDA document is no longer counted.
    await run();
    const [state] = await query<{ pdf_intentos: number; pdf_estado: string }>(
      `select pdf_intentos, pdf_estado from control_numbers where id_documento = $1`,
      [created.id],
    );
    expect(state).toEqual({ pdf_intentos: RENDER_RETRY_LIMIT + 1, pdf_estado: 'FALLIDA' });

    const url = `/v2/facturas/regenerarpdf/${created.id}`;
    // No token: 401. A user of another company with the same permission: 403. Without the permission: 403.
    expect((await ctx().request({ method: 'PUT', url })).statusCode).toBe(401);
    const other = await newCompany(ctx, { lot: 0 });
    const foreign = await userWith(ctx, { [LIST_MODULE]: ['search', 'view', 'cancel'] }, [other.id]);
    expect((await ctx().request({ method: 'PUT', url, token: foreign })).statusCode).toBe(403);
    const viewer = await userWith(ctx, { [LIST_MODULE]: ['search', 'view'] }, [company.id]);
    expect((await ctx().request({ method: 'PUT', url, token: viewer })).statusCode).toBe(403);

    await query(`update facturas set nro_control = $2 where id = $1`, [created.id, created.NroControl]);
    const retried = await ctx().request({ method: 'PUT', url, token: await admin() });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      code: 200,
      result: { id: created.id, nroFactura: created.NroFactura, pdfEstado: 'PENDIENTE' },
    });
    expect(await row()).toMatchObject({ pdfEstado: 'PENDIENTE', pdfError: null });
    const [audit] = await query<{ action: string }>(
      `select action from audit_log where entity = 'factura' and entity_id = $1 and action = 'regenerate-pdf'`,
      [created.id],
    );
    expect(audit).toBeDefined();
    // Only a FALLIDA PDF can be retried.
    const again = await ctx().request({ method: 'PUT', url, token: await admin() });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('no está fallido');

    await run();
    expect(await row()).toMatchObject({
      pdfEstado: 'GENERADA',
      facturaGenerada: 'true',
      nroControl: created.NroControl,
    });
    const done = await ctx().request({ method: 'PUT', url, token: await admin() });
    expect(done.statusCode).toBe(400);
    expect(done.json().message).toContain('ya tiene su PDF generado');
  });

  it('isValidChecksum: a tipoDocumento that is a prototype member (__proto__, constructor) is 400 "tipoDocumento no admitido"', async () => {
    for (const tipo of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const boundary = 'x-kernel-boundary';
      const body = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="tipoDocumento"',
        '',
        tipo,
        `--${boundary}`,
        'Content-Disposition: form-data; name="id"',
        '',
        randomUUID(),
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="a.pdf"',
        'Content-Type: application/pdf',
        '',
        '%PDF-1.4 test',
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const res = await ctx().request({
        method: 'POST',
        url: '/v2/facturas/isValidChecksum',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      expect(res.statusCode, `${tipo}: ${res.body}`).toBe(400);
      expect(res.json().message).toMatch(/^tipoDocumento no admitido/);
    }
  });

  it('amounts, rates and integers beyond their columns and a 5,000-level extra are per-document errors naming the field; the good invoice beside them is stored', async () => {
    const company = await newCompany(ctx);
    const good = invoice({ rif: company.rif });
    const hugeTotal = invoice({ rif: company.rif, extra: { importeTotal: 1e18 } });
    const hugePrice = invoice({ rif: company.rif });
    (hugePrice.lstDetallesFacturaGeneral as Array<Record<string, unknown>>)[0].precio = '1e400';
    const hugeDays = invoice({
      rif: company.rif,
      extra: { condicionPago: 'CREDITO', diasCredito: 99999999999 },
    });
    const hugeProduct = invoice({ rif: company.rif });
    Object.assign((hugeProduct.lstDetallesFacturaGeneral as Array<Record<string, unknown>>)[0], {
      cantidad: '999999999999999',
      precio: '999999999999999',
    });
    const deep = invoice({ rif: company.rif });
    const lineDeep = invoice({ rif: company.rif });
    // Built as text: a 5,000-level object would overflow a recursive serialiser in the test itself.
    const nested = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const json = (inv: Record<string, unknown>) => JSON.stringify(inv);
    const body = `[${[good, hugeTotal, hugePrice, hugeDays, hugeProduct].map(json).join(',')},${json(deep).replace(/}$/, `,"profundo":${nested}}`)},${json(lineDeep).replace('"codigoProducto"', `"hondo":${nested},"codigoProducto"`)}]`;
    const res = await ctx().request({
      method: 'POST',
      url: '/v2/facturas/masivafacturacion',
      token: await admin(),
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.totalFacturasNew).toBe(1);
    expect(answer.DetalleFacturaProcesadas[0][0]).toMatchObject({
      NroFactura: good.nroFactura,
      NroControl: control(1),
    });
    const messages = answer.DetalleErrorFacturas.map(([e]: [{ posicion: number; Msg: string }]) => [
      e.posicion,
      e.Msg,
    ]);
    expect(messages).toEqual([
      [2, expect.stringContaining('importeTotal excede el máximo permitido')],
      [3, expect.stringContaining('precio excede el máximo permitido')],
      [4, expect.stringContaining('diasCredito excede el máximo permitido')],
      [5, 'lstDetallesFacturaGeneral[0].importe excede el máximo permitido'],
      [6, 'El campo profundo excede la profundidad máxima de 8 niveles'],
      [7, 'El campo lstDetallesFacturaGeneral[0].hondo excede la profundidad máxima de 8 niveles'],
    ]);
  });

  it("a NUL byte or a lone surrogate in one invoice is that invoice's error; the good one beside it is stored", async () => {
    const company = await newCompany(ctx);
    const good = invoice({ rif: company.rif });
    const withNul = invoice({ rif: company.rif });
    (withNul.cliente as Record<string, unknown>).identificacion = 'PEDRO\u0000PEREZ';
    const withSurrogate = invoice({ rif: company.rif, extra: { observacion: 'nota \ud800' } });
    const answer = await ingest(ctx, await admin(), [good, withNul, withSurrogate]);
    expect(answer.totalFacturasNew).toBe(1);
    expect(answer.DetalleFacturaProcesadas[0][0]).toMatchObject({
      NroFactura: good.nroFactura,
      NroControl: control(1),
    });
    expect(answer.DetalleErrorFacturas!.map(([e]) => [e.posicion, e.Msg])).toEqual([
      [2, 'cliente.identificacion: El texto contiene caracteres no permitidos'],
      [3, 'observacion: El texto contiene caracteres no permitidos'],
    ]);
  });

  it('a duplicate number sent twice in one batch and once later: one stored, "ya existe" for the others, no number consumed by them', async () => {
    const company = await newCompany(ctx);
    const nro = nextNumber('K');
    const answer = await ingest(ctx, await admin(), [
      invoice({ rif: company.rif, nroFactura: nro }),
      invoice({ rif: company.rif, nroFactura: nro }),
    ]);
    expect(answer.totalFacturasNew).toBe(1);
    expect(answer.DetalleErrorFacturas![0][0].Msg).toBe(`La factura ${nro} ya existe`);
    const later = await ingest(ctx, await admin(), [
      invoice({ rif: company.rif, nroFactura: nro }),
      invoice({ rif: company.rif }),
    ]);
    expect(later.DetalleFacturaProcesadas[0][0].NroControl).toBe(control(2));
  });
});

describeWithApp(
  'issuance kernel: start-up re-queue of pending PDFs',
  (ctx) => {
    const query = <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
      ctx().database.query<T>(text, params);
    const jobsOf = async (id: string) =>
      (
        await query<{ state: string }>(
          `select state::text from pgboss.job where name = 'documento-pdf' and data->>'id' = $1`,
          [id],
        )
      ).map((r) => r.state);

    it('two restarts queue no second job for a document; a document without a live job is queued once; a FALLIDA one never', async () => {
      const company = await newCompany(ctx);
      const token = await ctx().adminToken();
      const queued = await createInvoice(ctx, token, invoice({ rif: company.rif }));
      const lost = await createInvoice(ctx, token, invoice({ rif: company.rif }));
      const failed = await createInvoice(ctx, token, invoice({ rif: company.rif }));
      expect(await jobsOf(queued.id)).toEqual(['created']);
      // A crash between the commit and the queueing: the document has no job at all.
      await query(`delete from pgboss.job where name = 'documento-pdf' and data->>'id' = $1`, [lost.id]);
      // A document given up on: FALLIDA, waiting for an administrator.
      await query(`delete from pgboss.job where name = 'documento-pdf' and data->>'id' = $1`, [failed.id]);
      await query(
        `update control_numbers set pdf_estado = 'FALLIDA', pdf_error = 'x' where id_documento = $1`,
        [failed.id],
      );

      // Two restarts in a row.
      await requeuePendingRenders(ctx().app.deps);
      await requeuePendingRenders(ctx().app.deps);

      expect(await jobsOf(queued.id)).toEqual(['created']);
      expect(await jobsOf(lost.id)).toEqual(['created']);
      expect(await jobsOf(failed.id)).toEqual([]);
      // A job waiting for its retry is live too: no second job.
      await query(`update pgboss.job set state = 'retry' where name = 'documento-pdf' and data->>'id' = $1`, [
        lost.id,
      ]);
      await requeuePendingRenders(ctx().app.deps);
      expect(await jobsOf(lost.id)).toEqual(['retry']);
    });
    it('the periodic re-queue sends only documents whose number is old enough', async () => {
      const company = await newCompany(ctx);
      const token = await ctx().adminToken();
      const young = await createInvoice(ctx, token, invoice({ rif: company.rif }));
      const old = await createInvoice(ctx, token, invoice({ rif: company.rif }));
      // Both lost their job (a process that rendered them at once died); one was numbered ten minutes ago.
      for (const id of [young.id, old.id])
        await query(`delete from pgboss.job where name = 'documento-pdf' and data->>'id' = $1`, [id]);
      await query(
        `update control_numbers set emitido_en = emitido_en - interval '10 minutes' where id_documento = $1`,
        [old.id],
      );
      await requeuePendingRenders(ctx().app.deps, 5000, PENDING_RENDER_AGE_SECONDS);
      expect(await jobsOf(young.id)).toEqual([]);
      expect(await jobsOf(old.id)).toEqual(['created']);
    });
  },
  // Jobs are queued but no worker takes them here (SIGECE_JOBS=send): their states stay as the test sets them.
  { config: { jobs: true, jobWorkers: false } },
);
