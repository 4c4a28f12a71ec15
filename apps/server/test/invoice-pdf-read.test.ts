// The render job reads an invoice, its lines, payments and taxes in ONE statement
// (modules/invoices/document.ts with issuance/read/child-rows.ts): what it reads must be exactly what the
// separate selects read (numerics with their scale, dates, jsonb, booleans, nulls), on both drivers.
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { facturaGravamenes, facturaLineas, facturaPagos, facturas } from '../src/db/schema.ts';
import { readStoredInvoice, readStoredInvoices } from '../src/modules/invoices/document.ts';
import { invoiceFamily } from '../src/modules/invoices/family.ts';
import { describeWithApp } from './harness.ts';
import { createInvoice, invoice, newCompany, unique } from './support/invoices.ts';

describeWithApp('invoice PDF read in one statement', (ctx) => {
  it('gives the invoice, lines, payments, taxes and header the separate selects give', async () => {
    const token = await ctx().adminToken();
    const company = await newCompany(ctx, { contribuyenteEspecial: true });
    const inv = invoice({
      rif: company.rif,
      nroFactura: unique('RD').slice(-16),
      lines: [
        { precio: 12.3456, cantidad: 1.5, alicuota: 16, descripcion: 'Línea con decimales' },
        { precio: 40, cantidad: 2, exento: true, descripcion: 'Exenta' },
        { precio: 10, cantidad: 3, alicuota: 8, descripcion: 'Reducida' },
      ],
    });
    Object.assign((inv.lstDetallesFacturaGeneral as Array<Record<string, unknown>>)[0], {
      nrolote: 'LT-1',
      fechaVenciProducto: '2027-09-30',
    });
    const created = await createInvoice(ctx, token, {
      ...inv,
      lstPagos: [{ modoPago: 'EFECTIVO', monto: '20', divisa: 'USD', tasaDiaDivisa: '40.00', igtf: true }],
    });
    const { db } = ctx().database;
    const id = created.id;
    // The test app runs no jobs: the PDF is not made meanwhile.
    const stored = await readStoredInvoice(db, id);
    expect(stored).not.toBeNull();
    const [row] = await db.select().from(facturas).where(eq(facturas.id, id));
    const lines = await db
      .select()
      .from(facturaLineas)
      .where(eq(facturaLineas.facturaId, id))
      .orderBy(asc(facturaLineas.posicion));
    const payments = await db
      .select()
      .from(facturaPagos)
      .where(eq(facturaPagos.facturaId, id))
      .orderBy(asc(facturaPagos.id));
    const taxes = await db
      .select()
      .from(facturaGravamenes)
      .where(eq(facturaGravamenes.facturaId, id))
      .orderBy(asc(facturaGravamenes.alicuota));

    expect(stored!.invoice).toEqual({ ...row, pdf: null });
    expect(row.pdf).toBeNull();
    expect(stored!.generated).toBe(false);
    expect(lines).toHaveLength(3);
    expect(stored!.lines).toEqual(lines);
    expect(stored!.lines[0].cantidad).toBe('1.5000');
    expect(stored!.lines[0].fechaVenciProducto).toBe('2027-09-30');
    expect(payments).toHaveLength(1);
    expect(stored!.payments).toEqual(payments);
    expect(taxes.length).toBeGreaterThan(0);
    expect(stored!.taxes).toEqual(taxes);

    const source = await invoiceFamily.pdfSource!(db, ctx().config, id);
    expect(source!.header).toEqual(await invoiceFamily.header(db, id));
    expect(await source!.document()).toEqual(await invoiceFamily.toFiscalDocument(db, ctx().config, id));
    expect(
      await invoiceFamily.pdfSource!(db, ctx().config, '00000000-0000-4000-8000-000000000000'),
    ).toBeNull();
  });

  it("a render batch's invoices in one read: each exactly what the one-invoice read gives; an unknown id absent", async () => {
    const token = await ctx().adminToken();
    const company = await newCompany(ctx);
    const ids: string[] = [];
    for (const lines of [1, 3]) {
      const made = await createInvoice(
        ctx,
        token,
        invoice({
          rif: company.rif,
          nroFactura: unique('RB').slice(-16),
          lines: Array.from({ length: lines }, (_, i) => ({ precio: 10 + i, cantidad: 1, alicuota: 16 })),
        }),
      );
      ids.push(made.id);
    }
    const { db } = ctx().database;
    const unknown = '00000000-0000-4000-8000-000000000000';
    const many = await readStoredInvoices(db, [...ids, unknown]);
    expect([...many.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(many.get(id)).toEqual(await readStoredInvoice(db, id));
    expect(many.get(ids[1])!.lines).toHaveLength(3);
    expect((await readStoredInvoices(db, [])).size).toBe(0);
    await expect(readStoredInvoices(db, ["x'}"])).rejects.toThrow(/identificador/);

    const sources = await invoiceFamily.pdfSources!(db, ctx().config, ids);
    for (const id of ids) {
      expect(sources.get(id)!.header).toEqual(await invoiceFamily.header(db, id));
      expect(await sources.get(id)!.document()).toEqual(
        await invoiceFamily.toFiscalDocument(db, ctx().config, id),
      );
    }
  });
});
