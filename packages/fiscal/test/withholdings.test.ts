// Unit tests of the withholding rules: Providencia SNAT/2015/0049 (IVA: arts. 4-5 rates, art. 16 voucher
// data), Decreto 1.808 art. 9 (ISLR concepts, sustraendo), spec 002 §3-§5 and §9 (fields, messages,
// duplicate rule), contract "Withholding vouchers", and the SENIAT declaration layouts (declaration.ts).
import { describe, expect, it } from 'vitest';
import {
  checkHeader,
  checkIslrLine,
  checkIvaLine,
  duplicateLineMessage,
  type IslrConcept,
  islrDeclarationXml,
  islrLineSchema,
  islrWithheld,
  ivaCaused,
  ivaDeclarationTxt,
  ivaLineSchema,
  ivaWithheld,
  WITHHOLDING_MESSAGES as M,
  plainRif,
  seniatDocumentType,
  taxUnitOn,
  voucherNumber,
  WithholdingRuleError,
  withholdingFiltersSchema,
  withholdingHeaderSchema,
} from '../src/index.ts';

const TODAY = '2026-11-20';
const header = {
  rif: 'J-123456789',
  periodoFiscalDel: '2026-11-01',
  periodoFiscalAl: '2026-11-30',
  rifProveedor: 'J-987654321',
  identificacion: 'Proveedor C.A.',
  direccion: 'Av. Principal, Caracas',
  correo: 'proveedor@example.com',
  modeloRetencion: 'IVA',
  tipoDocumento: '05',
  tasaRetencion: '75',
  lstRetenciones: [{}],
};
const ivaLine = (over: Record<string, unknown> = {}) =>
  ivaLineSchema.parse({
    fechaDocumento: '2026-11-10',
    nroDocumento: '000123',
    nroControlDocumento: '00-00168441',
    tipoTransaccion: '01-REG',
    montoTotalDocumento: '1160.00',
    compraExento: '0',
    baseImponible: '1000.00',
    Alicuota: '16',
    impuestoCausado: '160.00',
    impuestoRetenido: '120.00',
    ...over,
  });

describe('voucher number (Providencia SNAT/2015/0049 art. 16; contract: 14 digits, year, month, 8-digit sequence)', () => {
  it('is year and month of issue then the 8-digit sequence', () => {
    expect(voucherNumber('2025-06-15', 28)).toBe('20250600000028');
    expect(voucherNumber('2026-11-01', 1)).toMatch(/^\d{14}$/);
  });
});

describe('header (spec 002 §5 with its messages)', () => {
  const issues = (body: Record<string, unknown>) => {
    const r = withholdingHeaderSchema.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('accepts a valid IVA header and reads a zero ISLR rate as unset', () => {
    expect(issues(header)).toEqual([]);
    const islr = withholdingHeaderSchema.parse({
      ...header,
      modeloRetencion: 'islr',
      tasaRetencion: '0',
      tipoDocumento: '06',
    });
    expect(islr.tasaRetencion).toBeUndefined();
    expect(islr.modeloRetencion).toBe('ISLR');
  });
  it('gives every spec message', () => {
    expect(issues({ ...header, periodoFiscalDel: undefined })).toContain(M.periodoDel);
    expect(issues({ ...header, periodoFiscalDel: '2026-13-40' })).toContain(M.fechaValida);
    expect(issues({ ...header, periodoFiscalAl: '' })).toContain(M.periodoAl);
    expect(issues({ ...header, rifProveedor: '' })).toContain(M.rifRequired);
    expect(issues({ ...header, rifProveedor: 'J-12345' })).toContain(M.rifFormat);
    expect(issues({ ...header, rifProveedor: 'X-123456789' })).toContain(M.rifFormat);
    expect(issues({ ...header, identificacion: ' ' })).toContain(M.nombre);
    expect(issues({ ...header, direccion: null })).toContain(M.direccion);
    expect(issues({ ...header, correo: '' })).toContain(M.correo);
    expect(issues({ ...header, correo: 'no-es-correo' })).toContain(M.correoValido);
    expect(issues({ ...header, modeloRetencion: '' })).toContain(M.modelo);
    expect(issues({ ...header, identificacion: 'x'.repeat(201) })).toContain(
      'identificacion admite máximo 200 caracteres',
    );
  });
  it('upper-cases the supplier RIF', () => {
    expect(withholdingHeaderSchema.parse({ ...header, rifProveedor: ' j-987654321 ' }).rifProveedor).toBe(
      'J-987654321',
    );
  });
  it('checks period order, document type per model and the IVA rate', () => {
    const ok = withholdingHeaderSchema.parse(header);
    expect(() => checkHeader(ok)).not.toThrow();
    expect(() => checkHeader({ ...ok, periodoFiscalAl: '2026-10-31' })).toThrow(/no puede ser anterior/);
    expect(() => checkHeader({ ...ok, tipoDocumento: '06' })).toThrow(
      'tipoDocumento: para IVA debe ser 05 (enviado 06)',
    );
    expect(() => checkHeader({ ...ok, tasaRetencion: undefined })).toThrow(
      'tasaRetencion: para IVA debe ser 75 o 100',
    );
  });
  it('skips the rif filter "undefined-undefined" (spec 002 §5 Reports)', () => {
    expect(withholdingFiltersSchema.parse({ rif: 'undefined-undefined' }).rif).toBeUndefined();
  });
});

describe('IVA line (Providencia SNAT/2015/0049 arts. 4-5; spec 002 §5 "IVA line")', () => {
  it('causado = base × alícuota (8, 16, 31) and retenido = causado × 75 or 100 %', () => {
    expect(ivaCaused('1000.00', '16')).toBe('160.00');
    expect(ivaCaused('1234.56', '8')).toBe('98.76');
    expect(ivaCaused('100.05', '31')).toBe('31.02');
    expect(ivaWithheld('160.00', '75')).toBe('120.00');
    expect(ivaWithheld('160.00', '100')).toBe('160.00');
    expect(ivaWithheld('98.77', '75')).toBe('74.08'); // 74.0775 rounded half-up
  });
  it('accepts the amounts within 0.01 and as strings, Alicuota in any case', () => {
    expect(checkIvaLine(ivaLine({ impuestoRetenido: '120.01' }), '75', TODAY)).toEqual({
      impuestoCausado: '160.00',
      impuestoRetenido: '120.00',
    });
    expect(checkIvaLine(ivaLine({ impuestoRetenido: 160 }), '100', TODAY).impuestoRetenido).toBe('160.00');
  });
  it('refuses a received amount more than 0.01 off, naming the field and both values', () => {
    expect(() => checkIvaLine(ivaLine({ impuestoRetenido: '125.00' }), '75', TODAY)).toThrow(
      'lstRetenciones: El campo impuestoRetenido enviado (125.00) no coincide con el calculado (120.00)',
    );
    expect(() => checkIvaLine(ivaLine({ impuestoCausado: '150' }), '75', TODAY)).toThrow(
      /impuestoCausado enviado \(150.00\) no coincide con el calculado \(160.00\)/,
    );
  });
  it('accepts only rates 8, 16, 31 and the four transaction types (contract and spec spellings)', () => {
    expect(ivaLineSchema.safeParse({ ...ivaLine(), alicuota: '12' }).success).toBe(false);
    expect(ivaLine({ tipoTransaccion: '02-AJUSNC' }).tipoTransaccion).toBe('03-AJUSNC');
    expect(ivaLine({ tipoTransaccion: '03-AJUSND' }).tipoTransaccion).toBe('02-AJUSND');
    expect(ivaLine({ tipoTransaccion: '04-ANULA' }).tipoTransaccion).toBe('04-ANULA');
    expect(ivaLineSchema.safeParse({ ...ivaLine(), tipoTransaccion: '05-XX' }).success).toBe(false);
  });
  it('asks the document number for 01-REG and note number plus affected document for adjustments', () => {
    expect(() => checkIvaLine(ivaLine({ nroDocumento: '' }), '75', TODAY)).toThrow(
      'nroDocumento es requerido para 01-REG',
    );
    expect(() =>
      checkIvaLine(ivaLine({ tipoTransaccion: '02-AJUSND', nroDocumento: '' }), '75', TODAY),
    ).toThrow('nroNota es requerido para 02-AJUSND');
    expect(() =>
      checkIvaLine(ivaLine({ tipoTransaccion: '03-AJUSNC', nroNota: 'NC-1' }), '75', TODAY),
    ).toThrow('nroDocumentoAfectado es requerido para 03-AJUSNC');
    expect(
      checkIvaLine(
        ivaLine({ tipoTransaccion: '03-AJUSNC', nroNota: 'NC-1', nroDocumentoAfectado: '000100' }),
        '75',
        TODAY,
      ),
    ).toEqual({ impuestoCausado: '160.00', impuestoRetenido: '120.00' });
  });
  it('refuses a document dated after today', () => {
    expect(() => checkIvaLine(ivaLine({ fechaDocumento: '2026-11-21' }), '75', TODAY)).toThrow(
      WithholdingRuleError,
    );
  });
  it('applies the duplicate rule with its two messages', () => {
    const a = ivaLine();
    expect(duplicateLineMessage([a, ivaLine({ nroDocumento: '000124' })])).toBeNull();
    expect(duplicateLineMessage([a, ivaLine()])).toBe(M.duplicateDocumento);
    const n1 = ivaLine({ tipoTransaccion: '03-AJUSNC', nroDocumento: '', nroNota: 'NC-1' });
    expect(
      duplicateLineMessage([
        n1,
        ivaLine({ tipoTransaccion: '03-AJUSNC', nroDocumento: '', nroNota: 'NC-1' }),
      ]),
    ).toBe(M.duplicateNota);
    // Same numbers under another transaction type are two lines.
    expect(
      duplicateLineMessage([
        n1,
        ivaLine({ tipoTransaccion: '02-AJUSND', nroDocumento: '', nroNota: 'NC-1' }),
      ]),
    ).toBeNull();
    expect(M.duplicateNota).toBe(
      'No se puede agregar la retencion porque ya existe una retencion con el mismo nroNota, nroControlDocumento y tipoTransaccion',
    );
  });
});

describe('ISLR (Decreto 1.808 art. 9; sustraendo = UT × factor × porcentaje)', () => {
  const honorariosPnr: IslrConcept = {
    codigo: '002',
    concepto: 'Honorarios profesionales no mercantiles',
    tipoPersona: 'PNR',
    porcentaje: '3.00',
    baseImponible: '100.00',
    sustraendo: true,
    factor: '83.3334',
  };
  const honorariosPnnr: IslrConcept = {
    ...honorariosPnr,
    codigo: '003',
    tipoPersona: 'PNNR',
    porcentaje: '34.00',
    baseImponible: '90.00',
    sustraendo: false,
    factor: null,
  };
  const units = [
    { valor: '0.40', fechaDesde: '2022-04-20' },
    { valor: '9.00', fechaDesde: '2023-05-08' },
  ];
  it('finds the UT in force on the document date', () => {
    expect(taxUnitOn(units, '2023-05-07')?.valor).toBe('0.40');
    expect(taxUnitOn(units, '2023-05-08')?.valor).toBe('9.00');
    expect(taxUnitOn(units, '2020-01-01')).toBeNull();
  });
  it('subtracts the sustraendo at two UT values', () => {
    // UT 9.00: sustraendo = 9 × 83.3334 × 3 % = 22.50; 10,000 × 3 % − 22.50 = 277.50
    expect(islrWithheld('10000', honorariosPnr, units[1])).toEqual({
      baseRetencion: '10000.00',
      porcentaje: '3.00',
      sustraendo: '22.50',
      ut: '9.00',
      retenido: '277.50',
      tramos: [{ monto: '10000.00', porcentaje: '3.00' }],
    });
    // UT 0.40: sustraendo = 0.40 × 83.3334 × 3 % = 1.00; 10,000 × 3 % − 1.00 = 299.00
    expect(islrWithheld('10000', honorariosPnr, units[0]).retenido).toBe('299.00');
    expect(islrWithheld('10000', honorariosPnr, units[0]).sustraendo).toBe('1.00');
  });
  it('withholds nothing up to UT × factor (the minimum) and below a fixed minimum', () => {
    expect(islrWithheld('750.00', honorariosPnr, units[1]).retenido).toBe('0.00');
    expect(islrWithheld('500.00', { ...honorariosPnnr, montoMinimo: '1000.00' }, null).retenido).toBe('0.00');
  });
  it('applies the taxable-base percentage', () => {
    // 1,000 × 90 % × 34 % = 306.00, no sustraendo
    expect(islrWithheld('1000', honorariosPnnr, null)).toMatchObject({
      baseRetencion: '900.00',
      retenido: '306.00',
      ut: null,
    });
  });
  it('checks a line: unknown concept, mismatch, messages of spec 002 §5', () => {
    const line = islrLineSchema.parse({
      fechaDocumento: '2026-11-10',
      nroDocumento: 'F-1',
      nroControlDocumento: '00-1',
      conceptoIslr: '002',
      montoTotalDocumento: '10000',
      baseImponible: '10000',
      causadoRetenido: '277.50',
    });
    expect(checkIslrLine(line, honorariosPnr, units[1], TODAY).retenido).toBe('277.50');
    expect(() => checkIslrLine(line, undefined, units[1], TODAY)).toThrow(
      'El concepto de ISLR 002 no existe',
    );
    expect(() => checkIslrLine(line, honorariosPnr, units[0], TODAY)).toThrow(
      'El campo causadoRetenido enviado (277.50) no coincide con el calculado (299.00)',
    );
    const r = islrLineSchema.safeParse({});
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    for (const m of [
      M.islrFecha,
      M.islrNroDocumento,
      M.islrNroControl,
      M.islrConcepto,
      M.islrMontoTotal,
      M.islrBase,
      M.islrCausado,
    ])
      expect(messages).toContain(m);
  });
});

describe('declaration files (SENIAT TXT layout 2.6; RelacionRetencionesISLR)', () => {
  it('lays out the IVA TXT: 16 tab-separated fields per document', () => {
    const txt = ivaDeclarationTxt('2026-11', [
      {
        rifAgente: 'J-123456789',
        rifProveedor: 'J-987654321',
        nroComprobante: '20261100000001',
        lines: [
          {
            fechaDocumento: '2026-11-10',
            tipoTransaccion: '01-REG',
            nroDocumento: '000123',
            nroNota: null,
            nroControlDocumento: '00-00168441',
            nroDocumentoAfectado: null,
            montoTotalDocumento: '1160',
            compraExento: '0',
            baseImponible: '1000',
            alicuota: '16',
            impuestoRetenido: '120',
          },
          {
            fechaDocumento: '2026-11-12',
            tipoTransaccion: '03-AJUSNC',
            nroDocumento: null,
            nroNota: 'NC-7',
            nroControlDocumento: '00-00168500',
            nroDocumentoAfectado: '000123',
            montoTotalDocumento: '116',
            compraExento: '0',
            baseImponible: '100',
            alicuota: '16',
            impuestoRetenido: '12',
          },
        ],
      },
    ]);
    expect(txt).toBe(
      'J123456789\t202611\t2026-11-10\tC\t01\tJ987654321\t000123\t00-00168441\t1160.00\t1000.00\t120.00\t0\t20261100000001\t0.00\t16.00\t0\r\n' +
        'J123456789\t202611\t2026-11-12\tC\t03\tJ987654321\tNC-7\t00-00168500\t116.00\t100.00\t12.00\t000123\t20261100000001\t0.00\t16.00\t0\r\n',
    );
    expect(seniatDocumentType('02-AJUSND')).toBe('02');
    expect(plainRif('v-01234567-8')).toBe('V012345678');
  });
  it('lays out the ISLR XML', () => {
    const xml = islrDeclarationXml('J-123456789', '2026-11', [
      {
        rifAgente: 'J-123456789',
        rifProveedor: 'V-012345678',
        nroComprobante: '20261100000002',
        lines: [
          {
            fechaDocumento: '2026-11-05',
            nroDocumento: 'F-0001',
            nroControlDocumento: '00-00000077',
            conceptoIslr: '002',
            baseImponible: '10000',
            porcentaje: '3',
          },
        ],
      },
    ]);
    expect(xml).toContain('<RelacionRetencionesISLR RifAgente="J123456789" Periodo="202611">');
    expect(xml).toContain('<NumeroFactura>0001</NumeroFactura>');
    // Manual 60.40.40.039 v2.2 §2.1: NumeroControl is the numeric sequence's last 8 digits.
    expect(xml).toContain('<NumeroControl>00000077</NumeroControl>');
    expect(xml).toContain('<FechaOperacion>05/11/2026</FechaOperacion>');
    expect(xml).toContain('<MontoOperacion>10000.00</MontoOperacion>');
    expect(xml).toContain('<PorcentajeRetencion>3.00</PorcentajeRetencion>');
  });
});
