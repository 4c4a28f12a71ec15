// Unit tests of the credit and debit note rules (spec 001 §3.8, §4.3, §4.4 "Note totals", §5.5, §9;
// contract "Credit and debit notes" and "General rules").
import { describe, expect, it } from 'vitest';
import {
  addNoteSchema,
  amountMismatches,
  conceptOf,
  creditLimitProblem,
  creditLine,
  debitLine,
  type InvoiceLineRef,
  invoiceProblem,
  mismatchMessage,
  NOTE_MESSAGES,
  NoteRuleError,
  noteExtrasProblem,
  noteIngestAnswerSchema,
  noteNumberOf,
  noteSchema,
  noteTitle,
  priceNote,
  returnProblem,
  totalsInBs,
} from '../src/index.ts';

const invoiceLine = (over: Partial<InvoiceLineRef> = {}): InvoiceLineRef => ({
  posicion: 1,
  codigoProducto: 'P-001',
  descripcion: 'Producto 1',
  unidadMedida: 'UNIDAD',
  cantidad: '5',
  precio: '100',
  descuento: '0',
  montoDescuento: '0',
  alicuota: '16',
  exento: false,
  exonerado: false,
  ...over,
});

describe('§5.5 and §4.1: the affected invoice', () => {
  const company = 'c1';
  it('accepts an active, generated invoice of the same company', () => {
    expect(invoiceProblem({ localidadId: company, status: 'ACTIVO', generated: true }, company)).toBeNull();
  });
  it("refuses an annulled or not generated invoice with the spec's message", () => {
    expect(invoiceProblem({ localidadId: company, status: 'INACTIVO', generated: true }, company)).toBe(
      'La factura seleccionada esta ANULADA ó NO GENERADA',
    );
    expect(invoiceProblem({ localidadId: company, status: 'ACTIVO', generated: false }, company)).toBe(
      NOTE_MESSAGES.invoiceNotUsable,
    );
  });
  it("refuses another company's invoice", () => {
    expect(invoiceProblem({ localidadId: 'c2', status: 'ACTIVO', generated: true }, company)).toBe(
      'La factura no pertenece a la razón social de la nota',
    );
  });
});

describe('§5.5 credit: returned quantities', () => {
  const lines = [invoiceLine(), invoiceLine({ posicion: 2, codigoProducto: 'P-002', cantidad: '2' })];
  it('allows up to the invoice quantity less what earlier active credit notes returned', () => {
    const history = { returned: new Map([['P-001', '3']]) };
    expect(returnProblem(lines, [{ codigoProducto: 'P-001', cantidad: '2' }], history)).toBeNull();
    expect(returnProblem(lines, [{ codigoProducto: 'P-001', cantidad: '3' }], history)).toBe(
      'La cantidad no puede ser mayor a la cantidad de la factura (P-001: 3 de 2 disponibles)',
    );
  });
  it('adds up several note lines of one product', () => {
    const noteLines = [
      { codigoProducto: 'P-002', cantidad: '1' },
      { codigoProducto: 'P-002', cantidad: '1.5' },
    ];
    expect(returnProblem(lines, noteLines, { returned: new Map() })).toMatch(
      /^La cantidad no puede ser mayor/,
    );
  });
  it('refuses a product the invoice does not have', () => {
    expect(returnProblem(lines, [{ codigoProducto: 'X', cantidad: '1' }], { returned: new Map() })).toBe(
      'El producto X no está en la factura',
    );
  });
  it('the credited total never above what is left of the invoice', () => {
    expect(creditLimitProblem('116.00', '58.00', { credited: '58.00' })).toBeNull();
    expect(creditLimitProblem('116.00', '58.01', { credited: '58.00' })).toBe(
      'El total de la nota (58.01) supera el saldo de la factura (58.00)',
    );
  });
});

describe('§4.4 note totals: the invoice totals functions on the note lines', () => {
  it('a credit line returns part of an invoice line at its price and tax', () => {
    const note = priceNote([creditLine(invoiceLine(), '2')]);
    expect(note.lines[0]).toMatchObject({ importe: '200.00', impuesto: '32.00', alicuota: '16.00' });
    expect(note.totals).toEqual({
      subTotal: '200.00',
      totalExento: '0.00',
      totalExonerado: '0.00',
      montoDescuento: '0.00',
      gravamenes: [{ alicuota: '16.00', baseImponible: '200.00', montoAlicuota: '32.00' }],
      totalIva: '32.00',
      importeTotal: '232.00',
    });
  });
  it("a credit line keeps the invoice's percent discount, or its share of a fixed one", () => {
    const pct = priceNote([creditLine(invoiceLine({ descuento: '10', montoDescuento: '50' }), '2')]);
    expect(pct.lines[0]).toMatchObject({ importe: '180.00', descuento: '20.00' });
    const fixed = priceNote([creditLine(invoiceLine({ montoDescuento: '25' }), '2')]);
    expect(fixed.lines[0]).toMatchObject({ importe: '190.00', descuento: '10.00' });
    expect(fixed.totals.montoDescuento).toBe('10.00');
  });
  it('exempt and exonerated lines carry no tax and have their own totals', () => {
    const note = priceNote([
      creditLine(invoiceLine({ exento: true, alicuota: '0' }), '1'),
      creditLine(invoiceLine({ codigoProducto: 'P-2', exonerado: true }), '1'),
      creditLine(invoiceLine({ codigoProducto: 'P-3', alicuota: '8' }), '1'),
    ]);
    expect(note.totals).toMatchObject({
      subTotal: '300.00',
      totalExento: '100.00',
      totalExonerado: '100.00',
      gravamenes: [{ alicuota: '8.00', baseImponible: '100.00', montoAlicuota: '8.00' }],
      importeTotal: '308.00',
    });
  });
  it('§5.5 debit: the new price debits its difference with the invoice price', () => {
    const line = debitLine(invoiceLine(), '120');
    expect(line).toMatchObject({
      precio: '20',
      cantidad: '5',
      precioOriginal: '100',
      precioDevolucion: '120',
    });
    expect(priceNote([line]).totals.importeTotal).toBe('116.00');
    expect(priceNote([debitLine(invoiceLine(), '120', '2')]).totals.importeTotal).toBe('46.40');
    expect(() => debitLine(invoiceLine(), '100')).toThrow(NoteRuleError);
    expect(() => debitLine(invoiceLine(), '120', '6')).toThrow(NOTE_MESSAGES.quantityAboveInvoice);
  });
  it('§5.5: at least one line', () => {
    expect(() => priceNote([])).toThrow('No hay productos selecionados paara la nota');
  });
  it('foreign currency: Bs. equivalents at the invoice rate', () => {
    const note = priceNote([creditLine(invoiceLine({ precio: '10' }), '1')]);
    expect(totalsInBs(note.totals, '36.5')).toMatchObject({
      subTotal: '365.00',
      totalIva: '58.40',
      importeTotal: '423.40',
    });
  });
});

describe('contract: totals checked like invoices (±0.01, naming the field and both values)', () => {
  const note = priceNote([creditLine(invoiceLine(), '1')]);
  it('0.01 passes, 0.02 fails with the field and both values', () => {
    expect(amountMismatches({ importeTotal: '116.01', subTotal: '100' }, note, 'lstDetallesNota')).toEqual(
      [],
    );
    const off = amountMismatches({ importeTotal: '116.02', subTotal: 100 }, note, 'lstDetallesNota');
    expect(mismatchMessage(off)).toBe(
      'El campo importeTotal enviado (116.02) no coincide con el calculado (116.00)',
    );
  });
  it('checks lines and taxes per rate', () => {
    const off = amountMismatches(
      {
        lines: [{ importe: '99', montoGravamen: '16' }],
        lstGravamenes: [
          { alicuota: '16', baseImponible: '100', montoAlicuota: '16' },
          { alicuota: '8', baseImponible: '10', montoAlicuota: '0.80' },
        ],
      },
      note,
      'lstDetallesNota',
    );
    expect(off.map((m) => m.field)).toEqual(['lstDetallesNota[0].importe', 'lstGravamenes[8].montoAlicuota']);
  });
});

describe('§9 categories and §4.3 concept', () => {
  it('the category label is the concept unless one is sent', () => {
    expect(conceptOf('Credito', '0')).toBe('Reverso por devolución parcial');
    expect(conceptOf('Debito', '0', '')).toBe('Intereses de mora');
    expect(conceptOf('Debito', '2', 'Diferencial cambiario')).toBe('Diferencial cambiario');
    expect(noteTitle('Credito')).toBe('NOTA DE CRÉDITO');
    expect(noteTitle('Debito')).toBe('NOTA DE DÉBITO');
  });
});

describe('contract "General rules": tolerant reading of a masivanotas item', () => {
  const item = {
    rif: 'J-123456789',
    nroFactura: '000123',
    nroNota: '00000001',
    tipo: 'Credito',
    categoria: '0',
    concepto: 'Devolución',
    importeTotal: 116,
    subTotal: '100.00',
    montoDescuento: 0,
    totalExento: 0,
    totalExonerado: 0,
    tasaCambio: 1,
    facturaDivisa: 'VEF',
    lstDetallesNota: [
      {
        codigoProducto: 'P-001',
        descripcion: 'Producto',
        cantidad: 1,
        unidadMedida: 'UNIDAD',
        cantidadDevolucion: '1',
        precio: '100',
        importe: 100,
        exento: 'false',
        exonerado: false,
        alicuotaGravamen: 16,
        montoGravamen: '16.00',
        descuento: 0,
        montoDescuento: 0,
      },
    ],
  };
  it('reads numbers, numeric strings, boolean strings, keys in another case and absent values', () => {
    const parsed = noteSchema.parse({
      ...item,
      TIPO: 'CREDITO',
      Categoria: 0,
      serie: '',
      codigoSucursal: null,
      lstGravamenes: null,
      extraField: 'kept',
    });
    expect(parsed).toMatchObject({
      tipo: 'Credito',
      categoria: '0',
      importeTotal: '116',
      subTotal: '100.00',
      serie: undefined,
      codigoSucursal: undefined,
      lstGravamenes: undefined,
      extraField: 'kept',
    });
    expect(parsed.lstDetallesNota[0]).toMatchObject({
      exento: false,
      cantidadDevolucion: '1',
      alicuotaGravamen: '16',
    });
  });
  it('bounds: nroNota 9, concepto 99, serie 2, categoria one of 0 1 2, tipo Credito or Debito', () => {
    const issues = (patch: Record<string, unknown>) =>
      noteSchema.safeParse({ ...item, ...patch }).error?.issues.map((i) => i.message);
    expect(issues({ nroNota: '1234567890' })).toEqual(['nroNota admite máximo 9 caracteres']);
    expect(issues({ concepto: 'x'.repeat(100) })).toEqual(['concepto admite máximo 99 caracteres']);
    expect(issues({ serie: 'ABC' })).toEqual(['serie admite máximo 2 caracteres']);
    expect(issues({ categoria: '3' })).toEqual(['categoria debe ser 0, 1 o 2']);
    expect(issues({ tipo: 'Devolucion' })).toEqual(['tipo debe ser Credito o Debito']);
    expect(issues({ lstDetallesNota: [] })).toEqual([NOTE_MESSAGES.noLines]);
  });
  it('the note number of an unreadable item, for its error line', () => {
    expect(noteNumberOf({ NroNota: 42 })).toBe('42');
    expect(noteNumberOf('x')).toBe('');
  });
  it('the answer shape is exactly the contract', () => {
    const answer = {
      code: 203,
      TotalNotasProcedas: 2,
      totalNotasNew: 1,
      totalNotasconError: 1,
      DetalleErrorNotas: [[{ nroNota: '2', Msg: 'x' }]],
      DetalleNotasProcesadas: [[{ serie: '', nroNota: '1', nroControl: '00-00000001', Msg: 'ok' }]],
    };
    expect(noteIngestAnswerSchema.parse(answer)).toEqual(answer);
  });
  it('the back-office body: an invoice id, type, category and the marked lines', () => {
    const parsed = addNoteSchema.parse({
      id_factura: '4f5e7c1e-0f7e-4a55-9a43-2b1c7c0d8e11',
      nroNota: '1',
      tipo: 'Debito',
      categoria: 1,
      lstDetallesNota: [{ posicion: '1', isDevolucion: 'true', precioDevolucion: '120' }],
    });
    expect(parsed.lstDetallesNota[0]).toMatchObject({
      posicion: 1,
      isDevolucion: true,
      precioDevolucion: '120',
    });
    expect(
      addNoteSchema.safeParse({ id_factura: 'x', nroNota: '1', tipo: 'Debito', categoria: 1 }).success,
    ).toBe(false);
  });
  it('amounts bounded to their columns, extra fields bounded in depth', () => {
    const issues = (patch: Record<string, unknown>) =>
      noteSchema.safeParse({ ...item, ...patch }).error?.issues.map((i) => i.message);
    expect(issues({ importeTotal: '1e400' })).toEqual(['importeTotal excede el máximo permitido']);
    expect(issues({ tasaCambio: '99999999999999999' })).toEqual(['tasaCambio excede el máximo permitido']);
    expect(() =>
      priceNote([
        creditLine(
          invoiceLine({ precio: '9999999999999999', cantidad: '9999999999999999' }),
          '9999999999999999',
        ),
      ]),
    ).toThrow('lstDetallesNota[0].importe excede el máximo permitido');
    let deep: unknown = 'x';
    for (let i = 0; i < 20; i++) deep = { deep };
    expect(noteExtrasProblem({ ...item, extra: deep })).toBe(
      'El campo extra excede la profundidad máxima de 8 niveles',
    );
    expect(
      noteExtrasProblem({ ...item, lstDetallesNota: [{ ...item.lstDetallesNota[0], lote: deep }] }),
    ).toBe('El campo lstDetallesNota[0].lote excede la profundidad máxima de 8 niveles');
    expect(noteExtrasProblem(item)).toBeNull();
  });
});
