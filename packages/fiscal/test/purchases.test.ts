import { describe, expect, it } from 'vitest';
import {
  PURCHASE_MESSAGES,
  purchaseInputSchema,
  purchaseTotals,
  purchaseWithholdingPrefill,
  withholdingPrefillSchema,
} from '../src/index.ts';

// Every expected figure is worked by hand in the comment beside it ("purchase totals
// against hand-computed figures"); the rules are spec 001 §4.4's line and document rules.

describe('spec 001 §3.10 + §4.4: purchase invoice totals', () => {
  it('groups the tax per rate, keeps exempt lines out of every base and applies the percent discount', () => {
    const t = purchaseTotals([
      // 10 × 12.50 = 125.00 at 16 % → tax 20.00
      { cantidad: '10', precio: '12.50', exento: false, alicuota: '16' },
      // (80 − 80 × 10 / 100) × 3 = 72 × 3 = 216.00 at 16 %; discount 240.00 − 216.00 = 24.00
      { cantidad: '3', precio: '80', descuento: '10', exento: false, alicuota: '16' },
      // 2 × 45.25 = 90.50 at 8 % → 7.24
      { cantidad: '2', precio: '45.25', exento: false, alicuota: '8' },
      // 1 × 300 = 300.00 exempt: no tax, in totalExento
      { cantidad: '1', precio: '300', exento: true, alicuota: '16' },
    ]);
    // base 16 % = 125.00 + 216.00 = 341.00 → 341 × 0.16 = 54.56; base 8 % = 90.50 → 7.24
    expect(t.lstGravamenes).toEqual([
      { alicuota: '8.00', baseImponible: '90.50', montoAlicuota: '7.24' },
      { alicuota: '16.00', baseImponible: '341.00', montoAlicuota: '54.56' },
    ]);
    // subtotal 125 + 216 + 90.50 + 300 = 731.50; IVA 54.56 + 7.24 = 61.80; total 793.30
    expect(t.subTotal).toBe('731.50');
    expect(t.totalExento).toBe('300.00');
    expect(t.montoDescuento).toBe('24.00');
    expect(t.totalIva).toBe('61.80');
    expect(t.importeTotal).toBe('793.30');
    expect(t.lines.map((l) => l.montoGravamen)).toEqual(['20.00', '34.56', '7.24', '0.00']);
  });

  it('rounds half up: 3 × 0.335 = 1.005 → 1.01, tax 1.01 × 31 % = 0.3131 → 0.31', () => {
    const t = purchaseTotals([{ cantidad: '3', precio: '0.335', exento: false, alicuota: '31' }]);
    expect(t.subTotal).toBe('1.01');
    expect(t.totalIva).toBe('0.31');
    expect(t.importeTotal).toBe('1.32');
  });
});

describe('spec 001 §5.7 / §3.11: the purchase form', () => {
  const valid = {
    id_localidad: '6f1c1a6e-3c3e-4a55-9a43-0d1f5c8f2a11',
    proveedor: { tipoDocumento: 'J', numeroDocumento: '123456789', identificacion: 'Proveedor, C.A.' },
    nroControl: '00-000123',
    nroFactura: '456',
    fechaFactura: '2026-03-10',
    tipoCompra: 'INTERNA',
    lstDetalles: [{ concepto: 'Papel', cantidad: '2', unidadMedida: 'UNIDAD', precio: '10', alicuota: '16' }],
  };

  it('§5.7: a control number of blanks shows the spec message', () => {
    const r = purchaseInputSchema.safeParse({ ...valid, nroControl: '   ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(PURCHASE_MESSAGES.nroControl);
  });

  it('§3.11: the unit must be one of the purchase units', () => {
    const r = purchaseInputSchema.safeParse({
      ...valid,
      lstDetalles: [{ ...valid.lstDetalles[0], unidadMedida: 'CAJA' }],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/unidadMedida debe ser uno de: KILOGRAMO/);
  });

  it('accepts the valid form', () => {
    expect(purchaseInputSchema.parse(valid).lstDetalles[0]?.exento).toBe(false);
  });

  // RLIVA art. 75 e: the line's column in the purchase book.
  it('tratamientoIva: exempt kinds only on untaxed lines, SIN_DERECHO only on taxed ones', () => {
    const withLine = (extra: object) =>
      purchaseInputSchema.safeParse({ ...valid, lstDetalles: [{ ...valid.lstDetalles[0], ...extra }] });
    expect(withLine({ tratamientoIva: 'SIN_DERECHO' }).success).toBe(true);
    expect(withLine({ exento: true, tratamientoIva: 'EXONERADO' }).success).toBe(true);
    expect(withLine({ alicuota: '0', tratamientoIva: 'NO_SUJETO' }).success).toBe(true);
    expect(withLine({ tratamientoIva: '' }).data?.lstDetalles[0]?.tratamientoIva).toBeUndefined();
    expect(withLine({ tratamientoIva: 'EXONERADO' }).error?.issues[0]?.message).toBe(
      PURCHASE_MESSAGES.untaxedTreatment,
    );
    expect(withLine({ exento: true, tratamientoIva: 'SIN_DERECHO' }).error?.issues[0]?.message).toBe(
      PURCHASE_MESSAGES.taxedTreatment,
    );
    expect(withLine({ tratamientoIva: 'OTRO' }).error?.issues[0]?.message).toBe(
      'tratamientoIva debe ser EXENTO, EXONERADO, NO_SUJETO o SIN_DERECHO',
    );
  });
});

describe('the withholding prefill of a purchase', () => {
  it('carries supplier, document and one base per rate, and satisfies the shared contract', () => {
    const prefill = purchaseWithholdingPrefill(
      {
        id: 7,
        id_localidad: '6f1c1a6e-3c3e-4a55-9a43-0d1f5c8f2a11',
        id_sucursal: null,
        cliente: 'Compradora, C.A.',
        codigoSucursal: null,
        proveedor: {
          id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
          tipoDocumento: 'J',
          numeroDocumento: '123456789',
          rif: 'J-123456789',
          identificacion: 'Proveedor, C.A.',
          direccion: null,
          correo: null,
        },
        nroControl: '00-000123',
        nroFactura: '456',
        fechaFactura: '2026-03-10',
        tipoCompra: 'INTERNA',
        lstDetalles: [],
        lstPagos: [],
        subTotal: '100.00',
        totalExento: '0.00',
        montoDescuento: '0.00',
        lstGravamenes: [{ alicuota: '16.00', baseImponible: '100.00', montoAlicuota: '16.00' }],
        totalIva: '16.00',
        importeTotal: '116.00',
        logEstatusRegistro: 'ACTIVO',
      },
      'IVA',
    );
    expect(withholdingPrefillSchema.parse(prefill)).toEqual(prefill);
    expect(prefill.documento.bases).toEqual([{ alicuota: '16.00', base: '100.00', impuesto: '16.00' }]);
    expect(prefill.proveedor).toEqual({ rif: 'J-123456789', nombre: 'Proveedor, C.A.' });
  });
});
