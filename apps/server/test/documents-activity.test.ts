// Integration tests of a document's activity timeline: GET
// /v2/documentos/:tipoDoc/:id/actividad, built from what is recorded (the document, the ledger, the audit
// log, the e-mail log and deliveries, the annulment and its PDF): its happy path, bad input, another
// company's document, a user without the list screen.
import type { ActivityEvent } from '@sigece/fiscal';
import { expect, it } from 'vitest';
import { generateInvoicePdf } from '../src/modules/invoices/pdf-job.ts';
import { renderAnnulledPdf } from '../src/modules/issuance/annulment/annulment-render.ts';
import { describeWithApp } from './harness.ts';
import {
  companyIdByRif,
  createInvoice,
  DEMO_RIF,
  invoice,
  LIST_MODULE,
  SECOND_RIF,
  userWith,
} from './support/invoices.ts';

const url = (tipoDoc: string, id: string) => `/v2/documentos/${tipoDoc}/${id}/actividad`;

describeWithApp('documents: activity timeline', (ctx) => {
  const admin = () => ctx().adminToken();

  /** An invoice of Demo Comercial: issued, signed, e-mailed by hand, annulled with a reason. */
  async function livedInvoice() {
    const token = await admin();
    const created = await createInvoice(ctx, token, invoice({ rif: DEMO_RIF }));
    await generateInvoicePdf(ctx().app.deps, created.id);
    const sent = await ctx().request({
      method: 'POST',
      url: '/v2/correo/enviar',
      token,
      payload: {
        tipoDoc: 'fact',
        id: created.id,
        correo: 'cliente@example.com',
        ccCorreo: 'copia@example.com',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const annul = await ctx().request({
      method: 'PUT',
      url: `/v2/facturas/anularfactura/${created.id}`,
      token,
      payload: { motivoAnulacion: 'Cliente equivocado' },
    });
    expect(annul.statusCode, annul.body).toBe(200);
    await renderAnnulledPdf(ctx().app.deps, 'fact', created.id);
    return created;
  }

  it('tells, oldest first and by whom: created, numbered, signed, e-mail asked and sent, annulled with its reason, annulled PDF signed', async () => {
    const created = await livedInvoice();
    const res = await ctx().request({ method: 'GET', url: url('fact', created.id), token: await admin() });
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json() as { result: { events: ActivityEvent[] } };
    const kinds = result.events.map((e) => e.kind);
    expect(kinds).toEqual([
      'creado',
      'numerado',
      'firmado',
      'correoSolicitado',
      'correoEnviado',
      'anulado',
      'firmadoAnulado',
    ]);
    const by = Object.fromEntries(result.events.map((e) => [e.kind, e]));
    expect(by.creado).toMatchObject({ by: 'admin@sigece.local', detail: 'API' });
    expect(by.numerado.detail).toBe(created.NroControl);
    expect(by.correoSolicitado).toMatchObject({
      by: 'admin@sigece.local',
      detail: 'cliente@example.com · CC: copia@example.com',
    });
    expect(by.correoEnviado.detail).toContain('cliente@example.com');
    expect(by.anulado).toMatchObject({ by: 'admin@sigece.local', detail: 'Cliente equivocado' });
    for (const e of result.events) expect(Number.isNaN(Date.parse(e.at))).toBe(false);
    const times = result.events.map((e) => e.at);
    expect([...times].sort()).toEqual(times);
  });

  it('bad input: an unknown family or an id that is not a UUID is a 400 with a Spanish message', async () => {
    const token = await admin();
    const family = await ctx().request({ method: 'GET', url: url('factura', crypto.randomUUID()), token });
    expect(family.statusCode).toBe(400);
    expect(family.json().message).toContain('Tipo de documento no válido');
    const id = await ctx().request({ method: 'GET', url: url('fact', 'abc'), token });
    expect(id.statusCode).toBe(400);
    expect(id.json().message).toContain('Identificador de documento no válido');
    const none = await ctx().request({ method: 'GET', url: url('fact', crypto.randomUUID()), token });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Documento no encontrado');
  });

  it("another company's document is refused (403), and so is a user without the documents' screens", async () => {
    const created = await createInvoice(ctx, await admin(), invoice({ rif: DEMO_RIF }));
    const second = await companyIdByRif(ctx, SECOND_RIF);
    const foreign = await userWith(ctx, { [LIST_MODULE]: ['search', 'view'] }, [second]);
    const res = await ctx().request({ method: 'GET', url: url('fact', created.id), token: foreign });
    expect(res.statusCode).toBe(403);
    expect(JSON.stringify(res.json())).not.toContain(created.NroControl);
    const demo = await companyIdByRif(ctx, DEMO_RIF);
    const noScreen = await userWith(ctx, { '/reportes/logs': [] }, [demo]);
    expect(
      (await ctx().request({ method: 'GET', url: url('fact', created.id), token: noScreen })).statusCode,
    ).toBe(403);
    // Without a token, nothing.
    expect((await ctx().request({ method: 'GET', url: url('fact', created.id) })).statusCode).toBe(401);
  });
});
