import { describe, expect, it } from 'vitest';
import {
  describeIssues,
  extrasOfInvoice,
  invoicePaymentSchema,
  invoiceSchema,
  looseBoolean,
  optionalText as optionalCommonText,
  pageQuery,
  requiredText,
  tolerant,
  type z,
} from '../src/index.ts';

/** The first error message zod gives for a value. */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('contract "General rules": amounts arrive as JSON numbers or numeric strings', () => {
  const precio = tolerant.decimal('precio');

  it('contract: 34764.32 and "34764.32" are both the exact text "34764.32"', () => {
    expect(precio.parse(34764.32)).toBe('34764.32');
    expect(precio.parse('34764.32')).toBe('34764.32');
    expect(precio.parse(' 12.5 ')).toBe('12.5');
    expect(precio.parse(0)).toBe('0');
    expect(precio.parse('-3')).toBe('-3');
  });

  it('contract: a decimal comma ("1234,56") and a grouped one ("1.234,56") are read as 1234.56', () => {
    expect(precio.parse('1234,56')).toBe('1234.56');
    expect(precio.parse('1.234,56')).toBe('1234.56');
    expect(precio.parse('1.234.567,89')).toBe('1234567.89');
  });

  it('contract: text that is not a number is refused with a Spanish message naming the field', () => {
    expect(messageOf(precio, 'mucho')).toBe('precio debe ser un número');
    expect(messageOf(precio, '12.5.3')).toBe('precio debe ser un número');
    expect(messageOf(precio, undefined)).toBe('precio es requerido');
    expect(messageOf(precio, null)).toBe('precio es requerido');
  });

  it('contract: a required amount sent as "" (or blank) is absent, so it is "es requerido", not "debe ser un número"', () => {
    expect(messageOf(precio, '')).toBe('precio es requerido');
    expect(messageOf(precio, '   ')).toBe('precio es requerido');
  });

  it('contract: an optional amount omitted, null, "" or blank is absent', () => {
    const importe = tolerant.optionalDecimal('importe');
    for (const v of [undefined, null, '', '   ']) expect(importe.parse(v)).toBeUndefined();
    expect(importe.parse(0)).toBe('0');
    expect(importe.parse('1,5')).toBe('1.5');
  });
});

describe('contract "General rules": booleans arrive as true/false or as "true"/"false"', () => {
  const exento = tolerant.bool('exento');

  it('contract: true, "true", "TRUE" and " true " are true; false, "false", "False" are false', () => {
    for (const v of [true, 'true', 'TRUE', ' true ']) expect(exento.parse(v)).toBe(true);
    for (const v of [false, 'false', 'False']) expect(exento.parse(v)).toBe(false);
  });

  it('contract: 1/0, "1"/"0" and "si"/"sí"/"no" are read too', () => {
    for (const v of [1, '1', 'si', 'SÍ']) expect(exento.parse(v)).toBe(true);
    for (const v of [0, '0', 'no']) expect(exento.parse(v)).toBe(false);
  });

  it('contract: anything else is refused with a Spanish message naming the field', () => {
    expect(messageOf(exento, 'quizas')).toBe('exento debe ser verdadero o falso');
    expect(messageOf(exento, 2)).toBe('exento debe ser verdadero o falso');
  });

  it('contract: an optional boolean omitted, null or "" is absent', () => {
    const exonerado = tolerant.optionalBool('exonerado');
    for (const v of [undefined, null, '']) expect(exonerado.parse(v)).toBeUndefined();
    expect(exonerado.parse('false')).toBe(false);
  });

  it('spec 001 §3.1: looseBoolean reads the stored "true"/"false" strings (facturaGenerada)', () => {
    expect(looseBoolean.parse('true')).toBe(true);
    expect(looseBoolean.parse('false')).toBe(false);
    expect(looseBoolean.parse(true)).toBe(true);
    expect(looseBoolean.safeParse('yes').success).toBe(false);
  });
});

describe('contract "General rules": optional text omitted, null or "" is absent; text is trimmed', () => {
  it('contract: text is trimmed, a number is taken as its digits, and the length is capped', () => {
    const nro = tolerant.text('nro', 15);
    expect(nro.parse('  123 ')).toBe('123');
    expect(nro.parse(123)).toBe('123');
    expect(messageOf(nro, '')).toBe('nro es requerido');
    expect(messageOf(nro, '1234567890123456')).toBe('nro admite máximo 15 caracteres');
  });

  it('contract: optional text omitted, null, "" or blank is absent', () => {
    const banco = tolerant.optionalText('banco', 200);
    for (const v of [undefined, null, '', '  ']) expect(banco.parse(v)).toBeUndefined();
    expect(optionalCommonText().parse('')).toBeUndefined();
    expect(optionalCommonText().parse(null)).toBeUndefined();
    expect(optionalCommonText().parse(' x ')).toBe('x');
  });

  it('spec 000 §5: a required text, missing or blank, shows the spec message', () => {
    const nombre = requiredText('Es requerido');
    for (const v of [undefined, null, '', '   ']) expect(messageOf(nombre, v)).toBe('Es requerido');
  });

  it('contract: choices are read in any case ("contado" is CONTADO), others are refused listing the choices', () => {
    const condicion = tolerant.choice('condicionPago', ['CONTADO', 'CREDITO']);
    expect(condicion.parse(' contado ')).toBe('CONTADO');
    expect(messageOf(condicion, 'FIADO')).toBe('condicionPago debe ser uno de: CONTADO, CREDITO');
  });

  it('contract: dates are YYYY-MM-DD; an ISO date-time is cut to its date; "" is absent', () => {
    const fecha = tolerant.optionalDate('fechaVencimiento');
    expect(fecha.parse('2026-03-01')).toBe('2026-03-01');
    expect(fecha.parse('2026-03-01T00:00:01.001Z')).toBe('2026-03-01');
    expect(fecha.parse('')).toBeUndefined();
    expect(messageOf(fecha, '01/03/2026')).toBe('fechaVencimiento debe ser una fecha AAAA-MM-DD');
  });

  it('contract: integers arrive as numbers or strings; "" is absent; fractions are refused', () => {
    const dias = tolerant.optionalInt('diasCredito');
    expect(dias.parse('30')).toBe(30);
    expect(dias.parse(30)).toBe(30);
    expect(dias.parse('')).toBeUndefined();
    expect(messageOf(dias, '1.5')).toBe('diasCredito debe ser un número entero');
  });

  it('spec 000 §7: lists default to page 1 and 10 rows', () => {
    expect(pageQuery.parse({})).toEqual({ page: 1, limit: 10 });
    expect(pageQuery.parse({ page: '2', limit: '25', search: '' })).toEqual({ page: 2, limit: 25 });
  });
});

describe('contract "General rules": a key may come in another case', () => {
  it('contract: `Alicuota` and `alicuota` are the same field; unknown keys are kept as they came', () => {
    const canonical = tolerant.canonicalKeys(['alicuota', 'baseImponible']);
    expect(canonical({ Alicuota: 16, BASEIMPONIBLE: '100', Extra: 1 })).toEqual({
      alicuota: 16,
      baseImponible: '100',
      Extra: 1,
    });
  });

  it('contract: when both spellings come, the exact one wins, in either order', () => {
    const canonical = tolerant.canonicalKeys(['alicuota']);
    expect(canonical({ ALICUOTA: 8, alicuota: 16 })).toEqual({ alicuota: 16 });
    expect(canonical({ alicuota: 16, ALICUOTA: 8 })).toEqual({ alicuota: 16 });
  });

  it('contract: a tolerant object reads its keys in any case and keeps unknown extra fields', () => {
    const tax = tolerant.tolerantObject({ alicuota: tolerant.decimal('alicuota') });
    expect(tax.parse({ ALICUOTA: '16', tipo: 'IVA' })).toEqual({ alicuota: '16', tipo: 'IVA' });
    expect(tolerant.extrasOf({ alicuota: '16', tipo: 'IVA' }, ['alicuota'])).toEqual({ tipo: 'IVA' });
  });
});

// A connector-shaped invoice, serialised carelessly: strings for amounts and booleans, keys in other
// cases, absent fields as null and "", a payment currency as an object.
function connectorInvoice(): Record<string, unknown> {
  return {
    Rif: 'j-123456789',
    codigoSucursal: '',
    NroFactura: '000123',
    serie: null,
    importeTotal: '116.00',
    SubTotal: 100,
    montoDescuento: '0',
    totalExento: '0.00',
    totalExonerado: 0,
    condicionPago: 'contado',
    facturaDivisa: 'vef',
    cambioDivisa: '',
    tipoCambioDiaUsd: '36,50',
    tipoColetilla: 'false',
    tipoVenta: 'interna',
    modeloFactura: 'general',
    cuentaTerceros: 'false',
    rifPrestador: '',
    observacion: 'Primera línea/nSegunda línea',
    campoDelErp: 'se guarda',
    cliente: {
      TipoDocumento: 'v',
      numeroDocumento: 12345678,
      identificacion: ' PEDRO PEREZ ',
      correo: '',
      contribuyenteEspecial: 'true',
      tipoPersona: 'CLIENTE',
      tipoProveedor: '',
    },
    LstDetallesFacturaGeneral: [
      {
        codigoProducto: 'P1',
        descripcion: 'Producto',
        unidadMedida: null,
        cantidad: '1',
        precio: '100.00',
        exento: 'false',
        exonerado: '',
        importe: 100,
        AlicuotaGravamen: '16.00',
        montoGravamen: '16',
        descuento: null,
        montoDescuento: '',
      },
    ],
    lstPagos: [
      { modoPago: 'EFECTIVO', monto: '116', divisa: { id: 3, siglas: 'usd' }, igtf: 'true', nro: '' },
    ],
    lstGravamenes: null,
  };
}

describe('contract invoices: a connector-shaped invoice is read liberally and stored strictly', () => {
  it('contract: cases, strings, null and "" are all understood', () => {
    const inv = invoiceSchema.parse(connectorInvoice());
    expect(inv).toMatchObject({
      rif: 'J-123456789',
      nroFactura: '000123',
      importeTotal: '116.00',
      subTotal: '100',
      totalExonerado: '0',
      condicionPago: 'CONTADO',
      facturaDivisa: 'VEF',
      tipoCambioDiaUsd: '36.50',
      tipoColetilla: false,
      tipoVenta: 'INTERNA',
      modeloFactura: 'GENERAL',
      cuentaTerceros: false,
      cliente: {
        tipoDocumento: 'V',
        numeroDocumento: '12345678',
        identificacion: 'PEDRO PEREZ',
        contribuyenteEspecial: true,
        tipoProveedor: 'PNR',
      },
    });
    for (const absent of [
      'codigoSucursal',
      'serie',
      'cambioDivisa',
      'rifPrestador',
      'lstGravamenes',
    ] as const) {
      expect(inv[absent]).toBeUndefined();
    }
    expect(inv.cliente.correo).toBeUndefined();
    expect(inv.lstDetallesFacturaGeneral[0]).toMatchObject({
      unidadMedida: 'UNIDAD',
      cantidad: '1',
      precio: '100.00',
      exento: false,
      importe: '100',
      alicuotaGravamen: '16',
      montoGravamen: '16',
    });
    const [line] = inv.lstDetallesFacturaGeneral;
    expect([line.exonerado, line.descuento, line.montoDescuento]).toEqual([undefined, undefined, undefined]);
  });

  it('contract: a payment currency comes as text or as {id, siglas}, in any case; absent is VEF; igtf absent is false', () => {
    const [pago] = invoiceSchema.parse(connectorInvoice()).lstPagos ?? [];
    expect(pago).toMatchObject({ monto: '116', divisa: 'USD', igtf: true });
    expect(pago.nro).toBeUndefined();
    expect(invoicePaymentSchema.parse({ modoPago: 'EFECTIVO', monto: 5, divisa: '' })).toMatchObject({
      divisa: 'VEF',
      igtf: false,
      monto: '5',
    });
    expect(
      invoicePaymentSchema.parse({ ModoPago: 'EFECTIVO', Monto: '5', Divisa: 'eur', IGTF: 'false' }),
    ).toMatchObject({ modoPago: 'EFECTIVO', monto: '5', divisa: 'EUR', igtf: false });
  });

  it('contract: the tax rate of a line is 0, 8, 16 or 31, sent as a number or text; absent is 0', () => {
    const rate = (alicuotaGravamen: unknown) =>
      invoiceSchema.parse({
        ...connectorInvoice(),
        LstDetallesFacturaGeneral: [
          { codigoProducto: 'P1', descripcion: 'x', cantidad: 1, precio: 1, alicuotaGravamen },
        ],
      }).lstDetallesFacturaGeneral[0].alicuotaGravamen;
    expect(rate(16)).toBe('16');
    expect(rate('8')).toBe('8');
    expect(rate('31.00')).toBe('31');
    expect(rate('')).toBe('0');
    expect(rate(null)).toBe('0');
    const bad = invoiceSchema.safeParse({
      ...connectorInvoice(),
      LstDetallesFacturaGeneral: [
        { codigoProducto: 'P1', descripcion: 'x', cantidad: 1, precio: 1, alicuotaGravamen: 12 },
      ],
    });
    expect(bad.success).toBe(false);
    expect(bad.error && describeIssues(bad.error)).toBe(
      'lstDetallesFacturaGeneral.0.alicuotaGravamen: alicuotaGravamen debe ser 0, 8, 16 o 31',
    );
  });

  it('contract: "/n" in observacion is kept as sent (the printed document breaks the line there)', () => {
    expect(invoiceSchema.parse(connectorInvoice()).observacion).toBe('Primera línea/nSegunda línea');
  });

  it('contract: unknown extra fields are accepted and kept; known fields in another case are not extras', () => {
    const raw = connectorInvoice();
    expect(invoiceSchema.parse(raw)).toMatchObject({ campoDelErp: 'se guarda' });
    expect(extrasOfInvoice(raw)).toEqual({ campoDelErp: 'se guarda' });
    expect(extrasOfInvoice(null)).toEqual({});
    expect(extrasOfInvoice([raw])).toEqual({});
  });

  it('contract: bad input names the field in Spanish (rif format, no lines, amount as words)', () => {
    const issues = (patch: Record<string, unknown>) => {
      const r = invoiceSchema.safeParse({ ...connectorInvoice(), ...patch });
      return r.success ? '' : describeIssues(r.error);
    };
    expect(issues({ Rif: 'X-1' })).toBe('rif: rif debe tener el formato J-123456789');
    expect(issues({ LstDetallesFacturaGeneral: [] })).toBe(
      'lstDetallesFacturaGeneral: La factura debe tener al menos una línea',
    );
    expect(issues({ importeTotal: 'mucho' })).toBe('importeTotal: importeTotal debe ser un número');
  });
});
