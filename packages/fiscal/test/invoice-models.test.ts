import { describe, expect, it } from 'vitest';
import {
  airCharges,
  airTransportSchema,
  documentTotals,
  invoiceModelProblem,
  invoiceSchema,
  lineTotals,
  liquorLineSchema,
  liquorLineText,
  totalsWithCharges,
} from '../src/index.ts';

// Air and liquor invoice models (sources cited in src/invoices/models.ts). Expected
// figures are worked by hand in the comments, never derived from the code under test.

const air = {
  pasajero: 'MARIA PEREZ',
  documentoPasajero: 'V-12345678',
  nroBoleto: '279-2401234567',
  origen: 'CCS',
  destino: 'PMV',
  fechaSalida: '2026-11-30',
};

describe('air transport: charges outside the taxable base (Providencia 0078, Providencia 00071)', () => {
  it('adds the charges to the amount payable and leaves the IVA base alone', () => {
    // Fare 1,000.00 at 16 %: base 1,000.00, IVA 160.00. Charges 85.50 + 40.25 = 125.75.
    // Payable 1,000.00 + 160.00 + 125.75 = 1,285.75.
    const lines = [lineTotals({ cantidad: '1', precio: '1000', alicuota: '16' })];
    const { totalCargos } = airCharges([
      { concepto: 'Tasa aeroportuaria', monto: '85.50' },
      { concepto: 'Impuesto de salida', monto: '40.25' },
    ]);
    expect(totalCargos).toBe('125.75');
    const totals = totalsWithCharges(documentTotals(lines), totalCargos);
    expect(totals.gravamenes).toEqual([
      { alicuota: '16.00', baseImponible: '1000.00', montoAlicuota: '160.00' },
    ]);
    expect(totals.subTotal).toBe('1000.00');
    expect(totals.totalIva).toBe('160.00');
    expect(totals.importeTotal).toBe('1285.75');
    expect(totals.totalCargos).toBe('125.75');
  });

  it('rounds each charge half-up to 2 places before adding (0.005 → 0.01)', () => {
    // 10.005 → 10.01; 0.125 → 0.13; total 10.14
    expect(
      airCharges([
        { concepto: 'A', monto: '10.005' },
        { concepto: 'B', monto: '0.125' },
      ]),
    ).toEqual({
      cargos: [
        { concepto: 'A', monto: '10.01' },
        { concepto: 'B', monto: '0.13' },
      ],
      totalCargos: '10.14',
    });
  });

  it('no charges is a total of 0.00', () => {
    expect(airCharges(undefined).totalCargos).toBe('0.00');
  });

  it('refuses a negative charge and a total beyond numeric(20,2)', () => {
    expect(() => airCharges([{ concepto: 'A', monto: '-1' }])).toThrow(
      'transporteAereo.lstCargos[0].monto no puede ser negativo',
    );
    const big = '999999999999999999.99';
    expect(() =>
      airCharges([
        { concepto: 'A', monto: big },
        { concepto: 'B', monto: big },
      ]),
    ).toThrow('transporteAereo.totalCargos excede el máximo permitido');
  });

  it('reads the air block liberally and bounds every field', () => {
    const ok = airTransportSchema.parse({
      ...air,
      PASAJERO: undefined,
      lstCargos: [{ concepto: 'T', monto: 5 }],
    });
    expect(ok.lstCargos).toEqual([{ concepto: 'T', monto: '5' }]);
    const long = airTransportSchema.safeParse({ ...air, nroBoleto: '1'.repeat(21) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0].message).toBe('transporteAereo.nroBoleto admite máximo 20 caracteres');
    const neg = airTransportSchema.safeParse({ ...air, lstCargos: [{ concepto: 'T', monto: '-3' }] });
    expect(neg.error?.issues[0].message).toBe('transporteAereo.lstCargos.monto no puede ser negativo');
    const huge = airTransportSchema.safeParse({ ...air, lstCargos: [{ concepto: 'T', monto: '1e20' }] });
    expect(huge.error?.issues[0].message).toBe('transporteAereo.lstCargos.monto excede el máximo permitido');
    const noDate = airTransportSchema.safeParse({ ...air, fechaSalida: '' });
    expect(noDate.error?.issues[0].message).toBe('transporteAereo.fechaSalida es requerido');
    const many = airTransportSchema.safeParse({
      ...air,
      lstCargos: Array.from({ length: 21 }, () => ({ concepto: 'T', monto: '1' })),
    });
    expect(many.error?.issues[0].message).toBe('transporteAereo.lstCargos admite máximo 20 cargos');
    // Unknown keys are not stored with the model data.
    expect(airTransportSchema.parse({ ...air, otro: 'x' })).not.toHaveProperty('otro');
  });
});

describe('alcoholic beverages (Ley de Impuesto sobre Alcohol y Especies Alcohólicas)', () => {
  it('reads grade, capacity (litres by default) and band, and prints them', () => {
    const l = liquorLineSchema.parse({ gradoAlcoholico: '40', capacidad: 0.75, bandaGarantia: 'BG-0001' });
    expect(l).toEqual({
      gradoAlcoholico: '40',
      capacidad: '0.75',
      unidadCapacidad: 'L',
      bandaGarantia: 'BG-0001',
    });
    expect(liquorLineText(l)).toBe('Grado: 40 °G.L.   Capacidad: 0,75 L   Banda: BG-0001');
  });

  it('refuses a grade above 100 and a capacity of 0', () => {
    expect(
      liquorLineSchema.safeParse({ gradoAlcoholico: '101', capacidad: '1' }).error?.issues[0].message,
    ).toBe('licor.gradoAlcoholico debe estar entre 0 y 100');
    expect(
      liquorLineSchema.safeParse({ gradoAlcoholico: '5', capacidad: '0' }).error?.issues[0].message,
    ).toBe('licor.capacidad debe ser mayor a 0');
  });
});

describe('model data belongs to its model', () => {
  const base = { lstDetallesFacturaGeneral: [{}] };
  it('requires the block of its model and refuses another model’s', () => {
    expect(invoiceModelProblem({ ...base, modeloFactura: 'AEREA' })).toBe(
      'transporteAereo es requerido en facturas de modelo AEREA',
    );
    expect(invoiceModelProblem({ ...base, modeloFactura: 'GENERAL', transporteAereo: {} })).toBe(
      'transporteAereo solo aplica a facturas de modelo AEREA',
    );
    expect(invoiceModelProblem({ ...base, modeloFactura: 'LICORES' })).toBe(
      'licores es requerido en facturas de modelo LICORES',
    );
    expect(
      invoiceModelProblem({ modeloFactura: 'GENERAL', lstDetallesFacturaGeneral: [{}, { licor: {} }] }),
    ).toBe('lstDetallesFacturaGeneral[1].licor solo aplica a facturas de modelo LICORES');
    expect(invoiceModelProblem({ ...base, modeloFactura: 'LICORES', licores: {} })).toBeNull();
    expect(invoiceModelProblem({ ...base, modeloFactura: 'SERVICIO' })).toBeNull();
  });

  it('invoiceSchema accepts the new models and keeps the old payloads as they were', () => {
    const invoice = {
      rif: 'J-123456789',
      importeTotal: 1,
      subTotal: 1,
      montoDescuento: 0,
      totalExento: 0,
      totalExonerado: 0,
      condicionPago: 'CONTADO',
      facturaDivisa: 'VEF',
      tipoVenta: 'INTERNA',
      modeloFactura: 'GENERAL',
      cliente: { tipoDocumento: 'V', numeroDocumento: '1', identificacion: 'A' },
      lstDetallesFacturaGeneral: [{ codigoProducto: 'P', descripcion: 'D', cantidad: 1, precio: 1 }],
    };
    const general = invoiceSchema.parse(invoice);
    expect(general).not.toHaveProperty('transporteAereo');
    expect(general.lstDetallesFacturaGeneral[0]).not.toHaveProperty('licor');
    const liquor = invoiceSchema.parse({
      ...invoice,
      modeloFactura: 'licores',
      licores: { licenciaExpendio: 'L-1' },
    });
    expect(liquor.modeloFactura).toBe('LICORES');
    expect(liquor.licores).toEqual({ licenciaExpendio: 'L-1' });
  });
});
