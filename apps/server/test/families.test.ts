// One suite over every registered family: intake, duplicates, numbering continuity, the
// PDF, public verification, annulment by number and tenancy — branch scope included — checked the same way
// for invoices, notes, orders/guides and withholding vouchers, over real HTTP on one test server. A family
// is tested by registering it (src/families/registry.ts) and giving its sample (support/families/): the
// suite fails for a registered family without one. What differs between families (bodies, paths, answer
// spellings) is in the sample; what is the kernel's (the ledger, render and sign, the stored checksum,
// the annulment's record and audit) is read through the family's descriptor.
import { createHash, randomUUID } from 'node:crypto';
import {
  DOCUMENT_FAMILIES,
  FAMILY_LIST_SCREENS,
  PUBLIC_CONTRACTS,
  SENIAT_COUNTERS,
  seniatCounterOf,
  TIPOS_DOC,
  type TipoDoc,
} from '@sigece/fiscal';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sucursales } from '../src/db/schema.ts';
import { FAMILIES } from '../src/families/registry.ts';
import { IDEMPOTENT_ROUTES } from '../src/modules/integration/hooks.ts';
import type { AnyFamily } from '../src/modules/issuance/family.ts';
import { ledgerDocuments } from '../src/modules/issuance/ledger/ledger-documents.ts';
import { allFamilies } from '../src/modules/issuance/registry.ts';
import { documentPdfJob } from '../src/modules/issuance/render/render.ts';
import { describeWithApp } from './harness.ts';
import {
  type Ctx,
  FAMILY_FIXTURES,
  type FamilyFixture,
  type Issued,
  type TestCompany,
} from './support/families/index.ts';
import { newCompany } from './support/invoices.ts';
import { lastAudit, userWith } from './support/users.ts';

const REASON = 'Prueba de la suite de familias';

/** The number part of a control number ("00-00000012" → 12). */
const sequenceOf = (nroControl: string) => Number(nroControl.split('-').pop());

/** A company of the test's own with branches S1 and S2, readied by the family's sample to issue it. */
async function familyCompany(ctx: Ctx, fixture: FamilyFixture): Promise<TestCompany> {
  const company = await newCompany(ctx, { lot: 0 });
  const branches: TestCompany['branches'] = [];
  for (const codigo of ['S1', 'S2']) {
    const [branch] = await ctx()
      .database.db.insert(sucursales)
      .values({
        localidadId: company.id,
        codigoSucursal: codigo,
        nombre: `Sucursal ${codigo}`,
        direccion: 'Av. Urdaneta, Caracas',
        telefono: '(212) 5551234',
        correo: 'sucursal@example.com',
      })
      .returning({ id: sucursales.id });
    branches.push({ id: branch.id, codigo });
  }
  const made = { id: company.id, rif: company.rif, branches };
  await fixture.prepare(ctx, made);
  return made;
}

describeWithApp('every registered family', (ctx) => {
  it('every registered family has its sample in support/families, and every sample a registered family', () => {
    const registered = allFamilies().map((f) => f.tipoDoc);
    expect(registered).toEqual(FAMILIES.map((f) => f.tipoDoc));
    expect(registered.filter((tipoDoc) => !FAMILY_FIXTURES.has(tipoDoc))).toEqual([]);
    expect([...FAMILY_FIXTURES.keys()].filter((tipoDoc) => !registered.includes(tipoDoc as never))).toEqual(
      [],
    );
  });

  it('every registered family is declared in DOCUMENT_FAMILIES, and every declared family is registered', () => {
    const registered: string[] = allFamilies().map((f) => f.tipoDoc);
    expect(registered.filter((tipoDoc) => !Object.hasOwn(DOCUMENT_FAMILIES, tipoDoc))).toEqual([]);
    expect(TIPOS_DOC.filter((tipoDoc) => !registered.includes(tipoDoc))).toEqual([]);
  });

  it("what the app derives from the families' declarations covers each of them: screens, routes, counters, contracts", () => {
    // The OpenAPI document lists every route the app registered, with the description the hooks gave it.
    const paths = (
      ctx().app as unknown as {
        swagger(): { paths: Record<string, Record<string, { tags?: string[]; description?: string }>> };
      }
    ).swagger().paths;
    const openApiPath = (route: string) => route.replace(/:(\w+)/g, '{$1}');
    for (const family of allFamilies()) {
      const tipoDoc: TipoDoc = family.tipoDoc;
      const declared = DOCUMENT_FAMILIES[tipoDoc];
      expect(FAMILY_LIST_SCREENS[tipoDoc]?.module, `${tipoDoc}: listScreen`).toBe(declared.listScreen);
      for (const route of [declared.integrationRoutes.issue, declared.integrationRoutes.annul]) {
        expect(IDEMPOTENT_ROUTES.has(route), `${tipoDoc}: ${route} idempotent`).toBe(true);
        const operations = Object.values(paths[route] ?? {});
        expect(operations, `${tipoDoc}: ${route} registered`).toHaveLength(1);
        expect(operations[0].tags, `${tipoDoc}: ${route} an integration route`).toContain('integración');
        expect(operations[0].description, `${tipoDoc}: ${route} documents its key`).toContain(
          'Idempotency-Key',
        );
      }
      expect(
        paths[openApiPath(declared.publicRoute)]?.get,
        `${tipoDoc}: ${declared.publicRoute}`,
      ).toBeDefined();
      expect(PUBLIC_CONTRACTS[tipoDoc], `${tipoDoc}: public contract`).toBeDefined();
      // Every kind the reports name feeds one of the SENIAT summary's counters, and only its kinds do.
      expect(Object.keys(declared.seniat.kinds).sort(), `${tipoDoc}: a counter per kind`).toEqual(
        Object.keys(declared.kindNames).sort(),
      );
      for (const kind of ['', ...Object.keys(declared.kindNames)])
        expect(SENIAT_COUNTERS, `${tipoDoc} ${kind}: counter`).toContain(seniatCounterOf(tipoDoc, kind));
    }
    // And each counter of the summary is fed by some family's kind.
    const fed = new Set(
      Object.values(DOCUMENT_FAMILIES).flatMap((f) => [f.seniat.counter, ...Object.values(f.seniat.kinds)]),
    );
    expect(SENIAT_COUNTERS.filter((counter) => !fed.has(counter))).toEqual([]);
  });

  it('stores every signed PDF with lz4 on PostgreSQL, with the default (pglz) where lz4 is missing (PGlite)', async () => {
    const columns = await ctx().database.query<{ rel: string; method: string }>(
      `select attrelid::regclass::text as rel, attcompression::text as method from pg_attribute
        where attname = 'pdf' and attrelid in ('facturas'::regclass, 'notas'::regclass, 'ordenes'::regclass,
              'retenciones'::regclass, 'document_annulments'::regclass)
        order by 1`,
    );
    const method = ctx().driver === 'postgres' ? 'l' : '';
    expect(columns).toEqual(
      ['document_annulments', 'facturas', 'notas', 'ordenes', 'retenciones'].map((rel) => ({ rel, method })),
    );
  });

  describe.each(allFamilies().map((family) => [family.tipoDoc, family] as const))('%s', (tipoDoc, family) => {
    const fixture = FAMILY_FIXTURES.get(tipoDoc);
    if (!fixture) {
      it(`has a sample in support/families`, () => {
        expect.fail(`the family ${tipoDoc} is registered but has no sample in test/support/families`);
      });
      return;
    }
    familyChecks(ctx, family, fixture);
  });
});

function familyChecks(ctx: Ctx, family: AnyFamily, fixture: FamilyFixture): void {
  const tipoDoc = family.tipoDoc;
  let home: TestCompany;
  let foreign: TestCompany;
  let owner: { token: string; email: string };
  let stranger: { token: string };
  let branchOne: { token: string };

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: unknown) =>
    ctx().request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

  const intake = async (token: string, body: unknown[]) => {
    const res = await call('POST', fixture.intakeUrl, token, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    return { accepted: fixture.accepted(answer), refused: fixture.refused(answer), body: res.body };
  };

  const annul = async (token: string, items: unknown[]) => {
    const res = await call(fixture.annul.method, fixture.annul.url, token, items);
    expect(res.statusCode, res.body).toBe(200);
    return fixture.annul.outcome(res.json());
  };

  /** The document holding a control number, from the kernel's ledger. */
  const documentId = async (company: TestCompany, nroControl: string) => {
    const [row] = await ctx().database.query<{ id: string }>(
      'select id_documento::text as id from control_numbers where id_localidad = $1 and tipo_doc = $2 and nro_control = $3',
      [company.id, tipoDoc, nroControl],
    );
    expect(row, `ledger row of ${nroControl}`).toBeDefined();
    return row.id;
  };

  const ledgerNumbers = async (company: TestCompany) =>
    (
      await ctx().database.query<{ n: string }>(
        'select numero::text as n from control_numbers where id_localidad = $1 and familia = $2 order by numero',
        [company.id, family.controlFamily],
      )
    ).map((r) => Number(r.n));

  /** What the render queue's worker does with the job the intake queued: render, sign, store. */
  const renderJob = (id: string) => documentPdfJob.handler(ctx().app.deps, { tipoDoc, id });

  /** One document issued through the intake (stored, numbered) and, when `generated`, rendered and signed. */
  const issue = async (
    company: TestCompany,
    options: { codigoSucursal?: string; generated?: boolean } = {},
  ): Promise<{ issued: Issued; id: string }> => {
    const item = await fixture.item(ctx, company, options.codigoSucursal);
    const answer = await intake(owner.token, [item]);
    expect(answer.refused, answer.body).toEqual([]);
    expect(answer.accepted).toHaveLength(1);
    const [issued] = answer.accepted;
    const id = await documentId(company, issued.nroControl);
    if (options.generated) await renderJob(id);
    return { issued, id };
  };

  const statusOf = async (id: string) => (await family.header(ctx().database.db, id))?.status;

  beforeAll(async () => {
    home = await familyCompany(ctx, fixture);
    foreign = await familyCompany(ctx, fixture);
    owner = await userWith(ctx, fixture.grants, [home.id]);
    stranger = await userWith(ctx, fixture.grants, [foreign.id]);
    branchOne = await userWith(ctx, fixture.grants, [home.id], [home.branches[0].id]);
  });

  it('intake answers with a control number; the same document again is refused in Spanish and consumes no number; the next one takes the next number', async () => {
    const first = await fixture.item(ctx, home);
    const second = await fixture.item(ctx, home);
    const ledgerBefore = await ledgerNumbers(home);

    const made = await intake(owner.token, [first]);
    expect(made.refused, made.body).toEqual([]);
    expect(made.accepted).toHaveLength(1);
    expect(made.accepted[0].nroControl).toMatch(/^\d{2}-\d{8}$/);

    const again = await intake(owner.token, fixture.duplicate?.(first) ?? [first]);
    expect(again.accepted).toEqual([]);
    expect(again.refused).toHaveLength(1);
    expect(again.refused[0]).toMatch(/ya existe/);
    expect(await ledgerNumbers(home)).toHaveLength(ledgerBefore.length + 1);

    const next = await intake(owner.token, [second]);
    expect(next.refused, next.body).toEqual([]);
    expect(sequenceOf(next.accepted[0].nroControl)).toBe(sequenceOf(made.accepted[0].nroControl) + 1);

    // The ledger holds one row per number handed out, with no gap, and each row names its document.
    const ledger = await ledgerNumbers(home);
    expect(ledger).toHaveLength(ledgerBefore.length + 2);
    expect(ledger).toEqual(ledger.map((_, i) => ledger[0] + i));
    await documentId(home, made.accepted[0].nroControl);
    await documentId(home, next.accepted[0].nroControl);
  });

  it('two documents of one request take consecutive control numbers', async () => {
    const answer = await intake(owner.token, [await fixture.item(ctx, home), await fixture.item(ctx, home)]);
    expect(answer.refused, answer.body).toEqual([]);
    const [a, b] = answer.accepted.map((d) => sequenceOf(d.nroControl)).sort((x, y) => x - y);
    expect(b).toBe(a + 1);
  });

  it('the PDF job renders and signs it: the PDF route answers the signed bytes whose checksum is stored', async () => {
    const { id } = await issue(home);
    expect(await family.pdf.checksum(ctx().database.db, id)).toBeNull();

    await renderJob(id);
    const res = await call('GET', fixture.pdfUrl(id), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const pdf = fixture.pdfBytes(res.rawPayload);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.includes('/ByteRange')).toBe(true); // signed
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    expect(await family.pdf.checksum(ctx().database.db, id)).toBe(sha256);
    const [ledger] = await ctx().database.query<{ pdf_estado: string }>(
      'select pdf_estado from control_numbers where tipo_doc = $1 and id_documento = $2',
      [tipoDoc, id],
    );
    expect(ledger.pdf_estado).toBe('GENERADA');
  });

  it("public verification: without a token the public projection; a foreign company's token gets no more; its own user the detail", async () => {
    const { issued, id } = await issue(home, { generated: true });
    const anonymous = await call('GET', fixture.publicUrl(id));
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect(anonymous.json()).not.toHaveProperty('result');
    expect(anonymous.body).toContain(issued.nroControl);

    const foreignView = await call('GET', fixture.publicUrl(id), stranger.token);
    expect(foreignView.statusCode).toBe(200);
    expect(foreignView.json()).toEqual(anonymous.json());

    const own = await call('GET', fixture.publicUrl(id), owner.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ code: 200, message: 'Consulta exitosa' });
    expect(JSON.stringify(own.json().result)).toContain(issued.nroControl);

    const unknown = await call('GET', fixture.publicUrl(randomUUID()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Documento no encontrado');
  });

  it("its declared routes are the sample's, and its public answer is its declared public contract", async () => {
    const declared = DOCUMENT_FAMILIES[tipoDoc];
    expect(fixture.intakeUrl).toBe(declared.integrationRoutes.issue);
    expect(fixture.annul.url).toBe(declared.integrationRoutes.annul);
    const id = randomUUID();
    expect(fixture.publicUrl(id)).toBe(declared.publicRoute.replace(':id', id));

    const { id: issuedId } = await issue(home, { generated: true });
    const anonymous = await call('GET', fixture.publicUrl(issuedId));
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    const parsed = PUBLIC_CONTRACTS[tipoDoc].safeParse(anonymous.json());
    expect(parsed.error?.issues ?? [], anonymous.body).toEqual([]);
  });

  it('the read models over every family take it: its activity, its public annulment state, the look-up by number', async () => {
    const { issued, id } = await issue(home, { generated: true });
    const activity = await call('GET', `/v2/documentos/${tipoDoc}/${id}/actividad`, owner.token);
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.json().result.events.map((e: { kind: string }) => e.kind)).toContain('numerado');
    // Another company's document: refused, as the activity of any foreign document is.
    expect((await call('GET', `/v2/documentos/${tipoDoc}/${id}/actividad`, stranger.token)).statusCode).toBe(
      403,
    );

    const annulment = await call('GET', `/v2/documentos/${tipoDoc}/${id}/anulacion`);
    expect(annulment.statusCode, annulment.body).toBe(200);
    expect(annulment.json()).toMatchObject({ code: 200, anulado: false });

    const query = new URLSearchParams({ rif: home.rif, tipo: tipoDoc, numero: issued.number });
    const found = await call('GET', `/v2/documentos/buscar?${query}`, owner.token);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      id,
      tipo: tipoDoc,
      nroControl: issued.nroControl,
      pdfFirmado: true,
    });
    expect((await call('GET', `/v2/documentos/buscar?${query}`, stranger.token)).statusCode).toBe(404);
  });

  it('annulment by number: INACTIVO with its reason, recorded and audited; a second time is refused in Spanish', async () => {
    const { issued, id } = await issue(home, { generated: true });
    const done = await annul(owner.token, [fixture.annul.item(home.rif, issued)]);
    expect(done.errors).toEqual([]);
    expect(done.annulled).toEqual([issued.number]);
    expect(await statusOf(id)).toBe('INACTIVO');

    const audit = await lastAudit(ctx, id, family.auditEntity);
    expect(audit.action).toBe('annul');
    expect(audit.user_email).toBe(owner.email);
    expect(audit.after).toMatchObject({ logEstatusRegistro: 'INACTIVO', motivoAnulacion: REASON });
    const [record] = await ctx().database.query<{ n: string }>(
      'select count(*)::text as n from document_annulments where tipo_doc = $1 and id_documento = $2',
      [tipoDoc, id],
    );
    expect(record.n).toBe('1');

    const twice = await annul(owner.token, [fixture.annul.item(home.rif, issued)]);
    expect(twice.annulled).toEqual([]);
    expect(twice.errors).toHaveLength(1);
    expect(twice.errors[0]).toMatch(/anulad/i);
  });

  it("the ledger's read models (reports, portal) see it through its ledgerView: number, date, party, amounts; INACTIVO once annulled", async () => {
    const { issued, id } = await issue(home, { generated: true });
    const view = async () => {
      const result = (await ctx().database.db.execute(sql`
        select d.numero, d.fecha_emision as "fechaEmision", d.status, d.cliente_nombre as cliente,
               d.cliente_clave as clave, d.moneda, d.total::text as total
        from control_numbers c
        join ${ledgerDocuments()} d on d.tipo_doc = c.tipo_doc and d.id = c.id_documento
        where c.tipo_doc = ${tipoDoc} and c.id_documento = ${id}::uuid`)) as unknown as {
        rows: Array<Record<string, unknown>>;
      };
      return result.rows;
    };
    const [row, ...more] = await view();
    expect(more).toEqual([]);
    expect(issued.number.endsWith(String(row.numero))).toBe(true);
    expect(row).toMatchObject({ status: 'ACTIVO', moneda: expect.stringMatching(/^[A-Z]{3}$/) });
    expect(new Date(row.fechaEmision as string).getTime()).not.toBeNaN();
    expect(String(row.cliente)).not.toBe('');
    expect(String(row.clave)).toMatch(/^[A-Z0-9]+$/);
    // A guide may carry no amounts (null: the read models show 0.00); otherwise a total with cents.
    if (row.total !== null) expect(String(row.total)).toMatch(/^\d+\.\d{2}$/);

    await annul(owner.token, [fixture.annul.item(home.rif, issued)]);
    expect((await view())[0].status).toBe('INACTIVO');
  });

  it("a foreign company's user can neither read, list nor annul it", async () => {
    const { issued, id } = await issue(home, { generated: true });
    const pdf = await call('GET', fixture.pdfUrl(id), stranger.token);
    expect([403, 404]).toContain(pdf.statusCode);

    const list = await call('GET', fixture.listUrl(home.id), stranger.token);
    if (list.statusCode === 200) expect(list.body).not.toContain(id);
    else expect(list.statusCode).toBe(403);
    const ownList = await call('GET', fixture.listUrl(foreign.id), stranger.token);
    expect(ownList.statusCode, ownList.body).toBe(200);
    expect(ownList.body).not.toContain(id);
    // The company's own user does see it: the list above could have shown it.
    expect((await call('GET', fixture.listUrl(home.id), owner.token)).body).toContain(id);

    const refused = await annul(stranger.token, [fixture.annul.item(home.rif, issued)]);
    expect(refused.annulled).toEqual([]);
    expect(refused.errors).toEqual([`No tiene acceso a la razón social ${home.rif}`]);
    expect(await statusOf(id)).toBe('ACTIVO');
  });

  it("a user of one branch can neither read, list nor annul another branch's document, by number with or without its branch; its own branch's it can", async () => {
    const [s1, s2] = home.branches;
    const other = await issue(home, { codigoSucursal: s2.codigo, generated: true });
    const mine = await issue(home, { codigoSucursal: s1.codigo, generated: true });

    const pdf = await call('GET', fixture.pdfUrl(other.id), branchOne.token);
    expect([403, 404]).toContain(pdf.statusCode);
    const list = await call('GET', fixture.listUrl(home.id), branchOne.token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).toContain(mine.id);
    expect(list.body).not.toContain(other.id);

    const unnamed = await annul(branchOne.token, [fixture.annul.item(home.rif, other.issued)]);
    expect(unnamed.annulled).toEqual([]);
    expect(unnamed.errors).toHaveLength(1);
    // Told it does not exist, as its lists say, not that it is there but forbidden.
    expect(unnamed.errors[0]).toMatch(/no existe/);
    const named = await annul(branchOne.token, [fixture.annul.item(home.rif, other.issued, s2.codigo)]);
    expect(named.annulled).toEqual([]);
    expect(named.errors).toEqual([`No tiene acceso a la sucursal ${s2.codigo}`]);
    const elsewhere = await annul(branchOne.token, [fixture.annul.item(home.rif, other.issued, s1.codigo)]);
    expect(elsewhere.annulled).toEqual([]);
    expect(elsewhere.errors).toHaveLength(1);
    expect(elsewhere.errors[0]).toMatch(/no existe/);
    // Named by another branch, it is not found even by a user of every branch: the branch scopes the number.
    const misnamed = await annul(owner.token, [fixture.annul.item(home.rif, other.issued, s1.codigo)]);
    expect(misnamed.annulled).toEqual([]);
    expect(misnamed.errors).toHaveLength(1);
    expect(misnamed.errors[0]).toMatch(/no existe/);
    expect(await statusOf(other.id)).toBe('ACTIVO');

    const own = await annul(branchOne.token, [fixture.annul.item(home.rif, mine.issued, s1.codigo)]);
    expect(own.errors).toEqual([]);
    expect(own.annulled).toEqual([mine.issued.number]);
    expect(await statusOf(mine.id)).toBe('INACTIVO');
  });
}
