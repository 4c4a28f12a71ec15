// Integration tests of the notes integration API (contract "Credit and debit notes" and "General
// rules"; spec 001 §3.8, §5.5, §7.2, §9): POST /v2/facturas/nota/masivanotas judged per note, control
// numbers from the company's invoice lot in one sequence with invoices (recorded in the ledger), the
// rules of returned quantities and credited totals, tolerant reading, invoices and notes racing on one
// lot, and PUT masivaanularnotas.
import { expect, it } from 'vitest';
import { describeWithApp } from './harness.ts';
import { DEMO_RIF, ingest, invoice, lotActual, newCompany, SECOND_RIF } from './support/invoices.ts';
import {
  annulNotesByNumber,
  controlNumbersOf,
  generatedInvoice,
  ingestNotes,
  nextNote,
  noteItem,
  notesUser,
} from './support/notes.ts';

const CREATED = 'Nota registrada con exito';
const control = (n: number) => `00-${String(n).padStart(8, '0')}`;

/** When the control number was assigned (Caracas), in every processed note's answer. */
const ASSIGNED_AT = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-04:00$/);

describeWithApp('notes API: POST /v2/facturas/nota/masivanotas', (ctx) => {
  const admin = () => ctx().adminToken();

  it('a mixed batch answers 203 with exactly the contract shape: valid notes numbered after the invoices, each error on its own', async () => {
    const company = await newCompany(ctx);
    const token = await notesUser(ctx, [company.id]);
    const inv = await generatedInvoice(ctx, await admin(), {
      rif: company.rif,
      lines: [
        { precio: 100, cantidad: 5, alicuota: 16 },
        { precio: 50, cantidad: 2, exento: true },
      ],
    });
    const annulled = await generatedInvoice(ctx, await admin(), { rif: company.rif });
    const res = await ctx().request({
      method: 'PUT',
      url: `/v2/facturas/anularfactura/${annulled.id}`,
      token: await admin(),
    });
    expect(res.statusCode, res.body).toBe(200);

    const credit = noteItem({
      rif: company.rif,
      nroFactura: inv.nroFactura,
      lines: [{ codigo: 'P-001', precio: 100, cantidad: 2, alicuota: 16 }],
    });
    const debit = noteItem({
      rif: company.rif,
      nroFactura: inv.nroFactura,
      tipo: 'Debito',
      lines: [{ codigo: 'P-001', precio: 10, cantidad: 5, alicuota: 16 }],
    });
    const tooMany = noteItem({
      rif: company.rif,
      nroFactura: inv.nroFactura,
      lines: [{ codigo: 'P-001', precio: 100, cantidad: 6, alicuota: 16 }],
    });
    const unknownInvoice = noteItem({
      rif: company.rif,
      nroFactura: 'NOEXISTE',
      lines: [{ codigo: 'P-001', precio: 100, cantidad: 1 }],
    });
    const onAnnulled = noteItem({
      rif: company.rif,
      nroFactura: annulled.nroFactura,
      lines: [{ codigo: 'P-001', precio: 100, cantidad: 1 }],
    });
    const foreign = noteItem({
      rif: SECOND_RIF,
      nroFactura: inv.nroFactura,
      lines: [{ codigo: 'P-001', precio: 100, cantidad: 1 }],
    });
    const offTotals = noteItem({
      rif: company.rif,
      nroFactura: inv.nroFactura,
      lines: [{ codigo: 'P-001', precio: 100, cantidad: 1 }],
      extra: { importeTotal: '116.02' },
    });
    const duplicate = noteItem({
      rif: company.rif,
      nroFactura: inv.nroFactura,
      nroNota: String(credit.nroNota),
      lines: [{ codigo: 'P-001', precio: 100, cantidad: 1, alicuota: 16 }],
    });
    const asStrings = {
      rif: company.rif,
      nroFactura: inv.nroFactura,
      nroNota: nextNote(),
      tipo: 'credito',
      categoria: 1,
      concepto: '',
      importeTotal: '50.00',
      subTotal: '50',
      montoDescuento: '0',
      totalExento: '50.00',
      totalExonerado: '0',
      tasaCambio: '1',
      facturaDivisa: 'VEF',
      serie: null,
      lstDetallesNota: [
        {
          CodigoProducto: 'P-002',
          descripcion: 'Producto 2',
          cantidad: '2',
          unidadMedida: 'UNIDAD',
          cantidadDevolucion: '1',
          precio: '50.00',
          importe: '50.00',
          exento: 'true',
          exonerado: 'false',
          Alicuotagravamen: '0',
          montoGravamen: '0.00',
          descuento: '',
          montoDescuento: null,
        },
      ],
      lstGravamenes: [],
    };
    const body = [
      credit,
      debit,
      tooMany,
      unknownInvoice,
      onAnnulled,
      foreign,
      offTotals,
      duplicate,
      asStrings,
    ];
    const answer = await ingestNotes(ctx, token, body);
    expect(answer).toEqual({
      code: 203,
      TotalNotasProcedas: 9,
      totalNotasNew: 3,
      totalNotasconError: 6,
      DetalleErrorNotas: [
        [
          {
            nroNota: tooMany.nroNota,
            Msg: 'La cantidad no puede ser mayor a la cantidad de la factura (P-001: 6 de 5 disponibles)',
          },
        ],
        [{ nroNota: unknownInvoice.nroNota, Msg: `La factura NOEXISTE no existe en ${company.rif}` }],
        [{ nroNota: onAnnulled.nroNota, Msg: 'La factura seleccionada esta ANULADA ó NO GENERADA' }],
        [{ nroNota: foreign.nroNota, Msg: `No tiene acceso a la razón social ${SECOND_RIF}` }],
        [
          {
            nroNota: offTotals.nroNota,
            Msg: 'El campo importeTotal enviado (116.02) no coincide con el calculado (116.00)',
          },
        ],
        [{ nroNota: credit.nroNota, Msg: `La nota de crédito ${credit.nroNota} ya existe` }],
      ],
      DetalleNotasProcesadas: [
        [
          {
            serie: '',
            nroNota: credit.nroNota,
            nroControl: control(3),
            Msg: CREATED,
            fechaAsignacionControl: ASSIGNED_AT,
          },
        ],
        [
          {
            serie: '',
            nroNota: debit.nroNota,
            nroControl: control(4),
            Msg: CREATED,
            fechaAsignacionControl: ASSIGNED_AT,
          },
        ],
        [
          {
            serie: '',
            nroNota: asStrings.nroNota,
            nroControl: control(5),
            Msg: CREATED,
            fechaAsignacionControl: ASSIGNED_AT,
          },
        ],
      ],
    });
    expect(await lotActual(ctx, company.id)).toBe(5);
    expect(await controlNumbersOf(ctx, company.id)).toEqual({ numbers: [1, 2, 3, 4, 5], ledger: 5 });
    const rows = await ctx().database.query<Record<string, string>>(
      `select nro_nota, tipo, categoria, concepto, nro_factura, sub_total::text, total_exento::text, total_iva::text,
              importe_total::text, origen, log_estatus_registro as status
       from notas where id_localidad = $1 order by numero_control`,
      [company.id],
    );
    expect(rows).toEqual([
      {
        nro_nota: credit.nroNota,
        tipo: 'Credito',
        categoria: '0',
        concepto: 'Devolución de mercancía',
        nro_factura: inv.nroFactura,
        sub_total: '200.00',
        total_exento: '0.00',
        total_iva: '32.00',
        importe_total: '232.00',
        origen: 'API',
        status: 'ACTIVO',
      },
      {
        nro_nota: debit.nroNota,
        tipo: 'Debito',
        categoria: '0',
        concepto: 'Intereses de mora',
        nro_factura: inv.nroFactura,
        sub_total: '50.00',
        total_exento: '0.00',
        total_iva: '8.00',
        importe_total: '58.00',
        origen: 'API',
        status: 'ACTIVO',
      },
      {
        nro_nota: asStrings.nroNota,
        tipo: 'Credito',
        categoria: '1',
        concepto: 'Reverso por devolución total',
        nro_factura: inv.nroFactura,
        sub_total: '50.00',
        total_exento: '50.00',
        total_iva: '0.00',
        importe_total: '50.00',
        origen: 'API',
        status: 'ACTIVO',
      },
    ]);
  });

  it('credit: what earlier active credit notes returned is no longer available, and the credited total stays within the invoice', async () => {
    const company = await newCompany(ctx);
    const inv = await generatedInvoice(ctx, await admin(), { rif: company.rif });
    const ret = (cantidad: number) =>
      noteItem({
        rif: company.rif,
        nroFactura: inv.nroFactura,
        lines: [{ codigo: 'P-001', precio: 100, cantidad }],
      });
    expect((await ingestNotes(ctx, await admin(), [ret(2)])).totalNotasNew).toBe(1);
    const before = await lotActual(ctx, company.id);
    const over = await ingestNotes(ctx, await admin(), [ret(4)]);
    expect(over.DetalleErrorNotas).toEqual([
      [
        {
          nroNota: expect.any(String),
          Msg: 'La cantidad no puede ser mayor a la cantidad de la factura (P-001: 4 de 3 disponibles)',
        },
      ],
    ]);
    // A price credit within the quantities but above what is left of the invoice (580 − 232 = 348).
    const expensive = noteItem({
      rif: company.rif,
      nroFactura: inv.nroFactura,
      lines: [{ codigo: 'P-001', precio: 301, cantidad: 1 }],
    });
    const big = await ingestNotes(ctx, await admin(), [expensive, ret(3)]);
    expect(big.DetalleErrorNotas).toEqual([
      [
        {
          nroNota: expensive.nroNota,
          Msg: 'El total de la nota (349.16) supera el saldo de la factura (348.00)',
        },
      ],
    ]);
    expect(big.totalNotasNew).toBe(1);
    expect(await lotActual(ctx, company.id)).toBe(before + big.totalNotasNew);
  });

  it('two notes racing on one invoice cannot together return more than it had', async () => {
    const company = await newCompany(ctx);
    const inv = await generatedInvoice(ctx, await admin(), { rif: company.rif });
    const ret = () =>
      noteItem({
        rif: company.rif,
        nroFactura: inv.nroFactura,
        lines: [{ codigo: 'P-001', precio: 100, cantidad: 3 }],
      });
    const answers = await Promise.all([0, 1, 2, 3].map(async () => ingestNotes(ctx, await admin(), [ret()])));
    expect(answers.map((a) => a.totalNotasNew).reduce((s, n) => s + n, 0)).toBe(1);
    const [row] = await ctx().database.query<{ n: string }>(
      `select coalesce(sum(l.cantidad_devolucion), 0)::text as n from nota_lineas l join notas n on n.id = l.id_nota where n.id_factura = $1`,
      [inv.id],
    );
    expect(Number(row.n)).toBe(3);
  });

  it('invoices and notes racing on one lot: one consecutive sequence, no number shared, none skipped', async () => {
    const company = await newCompany(ctx);
    const inv = await generatedInvoice(ctx, await admin(), {
      rif: company.rif,
      lines: [{ precio: 10, cantidad: 1000, alicuota: 16 }],
    });
    const token = await admin();
    const requests = Array.from({ length: 12 }, (_, i) =>
      i % 2 === 0
        ? ingest(ctx, token, [invoice({ rif: company.rif }), invoice({ rif: company.rif })]).then(
            (a) => a.totalFacturasNew,
          )
        : ingestNotes(ctx, token, [
            noteItem({
              rif: company.rif,
              nroFactura: inv.nroFactura,
              lines: [{ codigo: 'P-001', precio: 10, cantidad: 1 }],
            }),
            noteItem({
              rif: company.rif,
              nroFactura: inv.nroFactura,
              tipo: 'Debito',
              lines: [{ codigo: 'P-001', precio: 1, cantidad: 2 }],
            }),
          ]).then((a) => a.totalNotasNew),
    );
    const created = (await Promise.all(requests)).reduce((s, n) => s + n, 0);
    expect(created).toBe(24);
    const { numbers, ledger } = await controlNumbersOf(ctx, company.id);
    expect(numbers).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(ledger).toBe(25);
    expect(await lotActual(ctx, company.id)).toBe(25);
  });

  it('bad bodies: not an array → 400 in Spanish; no token → 401; a role without the notes module → 403', async () => {
    const notArray = await ctx().request({
      method: 'POST',
      url: '/v2/facturas/nota/masivanotas',
      token: await admin(),
      payload: { nroNota: '1' },
    });
    expect(notArray.statusCode).toBe(400);
    expect(notArray.json().message).toMatch(/arreglo de notas/);
    const noToken = await ctx().request({
      method: 'POST',
      url: '/v2/facturas/nota/masivanotas',
      payload: [],
    });
    expect(noToken.statusCode).toBe(401);
    const company = await newCompany(ctx, { lot: 0 });
    const viewer = await notesUser(ctx, [company.id], ['view']);
    const forbidden = await ctx().request({
      method: 'POST',
      url: '/v2/facturas/nota/masivanotas',
      token: viewer,
      payload: [],
    });
    expect(forbidden.statusCode).toBe(403);
    // An unreadable element is an error for that element only.
    const answer = await ingestNotes(ctx, await admin(), ['x', { nroNota: '77', rif: DEMO_RIF }]);
    expect(answer.code).toBe(203);
    expect(answer.DetalleErrorNotas.map(([e]) => e.nroNota)).toEqual(['', '77']);
  });

  it('PUT masivaanularnotas: annuls generated notes by number; unknown, not generated and foreign ones are errors (203)', async () => {
    const { renderDocument } = await import('../src/modules/issuance/render/render.ts');
    const company = await newCompany(ctx);
    const inv = await generatedInvoice(ctx, await admin(), { rif: company.rif });
    const a = noteItem({
      rif: company.rif,
      nroFactura: inv.nroFactura,
      lines: [{ codigo: 'P-001', precio: 100, cantidad: 1 }],
    });
    const b = noteItem({
      rif: company.rif,
      nroFactura: inv.nroFactura,
      lines: [{ codigo: 'P-001', precio: 100, cantidad: 1 }],
    });
    const created = await ingestNotes(ctx, await admin(), [a, b]);
    expect(created.totalNotasNew).toBe(2);
    const [row] = await ctx().database.query<{ id: string }>(
      'select id::text as id from notas where id_localidad = $1 and nro_nota = $2',
      [company.id, a.nroNota],
    );
    await renderDocument(ctx().app.deps, 'nota', row.id);
    const token = await notesUser(ctx, [company.id]);
    const answer = await annulNotesByNumber(ctx, token, [
      { rif: company.rif, nroNota: a.nroNota },
      { rif: company.rif, nroNota: b.nroNota, tipo: 'Credito' },
      { rif: company.rif, nroNota: '999999' },
      { rif: SECOND_RIF, nroNota: a.nroNota },
    ]);
    expect(answer).toEqual({
      code: 203,
      TotalNotasProcedas: 4,
      totalNotasAnuladas: 1,
      totalNotasconError: 3,
      DetalleErrorNotas: [
        [{ nroNota: b.nroNota, Msg: 'La nota aún no está generada' }],
        [{ nroNota: '999999', Msg: `La nota 999999 no existe en ${company.rif}` }],
        [{ nroNota: a.nroNota, Msg: `No tiene acceso a la razón social ${SECOND_RIF}` }],
      ],
      DetalleNotasAnuladas: [[{ nroNota: a.nroNota, Msg: 'Nota Anula con exito' }]],
    });
    const again = await annulNotesByNumber(ctx, token, [{ rif: company.rif, nroNota: a.nroNota }]);
    expect(again.DetalleErrorNotas).toEqual([[{ nroNota: a.nroNota, Msg: 'La nota ya está anulada' }]]);
    // An annulled credit note gives back what it returned.
    const back = await ingestNotes(ctx, await admin(), [
      noteItem({
        rif: company.rif,
        nroFactura: inv.nroFactura,
        lines: [{ codigo: 'P-001', precio: 100, cantidad: 4 }],
      }),
    ]);
    expect(back.totalNotasNew).toBe(1);
  });
});
