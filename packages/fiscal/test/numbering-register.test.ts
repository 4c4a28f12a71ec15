// The register's pure rules (Providencia SNAT/2024/000102 as integrators read it,
// sources.md S11): Caracas time (UTC-4 all year since 2016), the CSV layout, ranges, and every family named
// in the SENIAT reports with annulled documents at zero.
import { describe, expect, it } from 'vitest';
import {
  type AssignmentRow,
  assignmentRange,
  assignmentRegisterCsv,
  caracasDateTimeIso,
  documentTypeName,
  formatCaracasDateTime,
  seniatAmountsOf,
} from '../src/index.ts';

describe('register of assignments', () => {
  it('states an instant in Caracas time, ISO and as displayed, across the UTC day boundary', () => {
    expect(caracasDateTimeIso(new Date('2026-06-10T14:00:00Z'))).toBe('2026-06-10T10:00:00-04:00');
    expect(caracasDateTimeIso(new Date('2026-07-01T02:30:05Z'))).toBe('2026-06-30T22:30:05-04:00');
    expect(formatCaracasDateTime('2026-07-01T02:30:05Z')).toBe('30/06/2026 22:30:05');
  });

  it('gives a range desde+1 … hasta with its size', () => {
    expect(assignmentRange('00', 0, 100)).toEqual({
      nroControlDesde: '00-00000001',
      nroControlHasta: '00-00000100',
      cantidad: 100,
    });
  });

  it("writes the CSV with ';', CRLF, a header and quoted texts", () => {
    const row = {
      empresaRif: 'J-123456789',
      empresa: 'Comercial "El Sol", C.A.',
      sucursal: null,
      familiaNombre: 'Facturas y notas de crédito y débito',
      tipoAsignacion: 'LOTE',
      tipoLote: 'GLOBAL',
      serie: '00',
      nroControlDesde: '00-00000001',
      nroControlHasta: '00-00000100',
      cantidad: 100,
      usados: 3,
      estatus: 'ACTIVO',
      fechaAsignacionTexto: '10/06/2026 10:00:00',
      asignadoPor: 'admin@sigece.local',
    } as AssignmentRow;
    const lines = assignmentRegisterCsv([row]).split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[1]).toBe(
      '"J-123456789";"Comercial ""El Sol"", C.A.";"";"Facturas y notas de crédito y débito";"LOTE GLOBAL";"00";"00-00000001";"00-00000100";100;3;"ACTIVO";"10/06/2026 10:00:00";"admin@sigece.local"',
    );
  });
});

describe('SENIAT reports cover every family', () => {
  it('names orders, guides and withholding vouchers', () => {
    expect(documentTypeName('orden', 'GUIADESPACHO')).toBe('Guía de Despacho');
    expect(documentTypeName('orden', 'ORDENENTREGA')).toBe('Orden de Entrega');
    expect(documentTypeName('ret', 'IVA')).toBe('Comprobante de Retención IVA');
    expect(documentTypeName('ret', 'ISLR')).toBe('Comprobante de Retención ISLR');
    expect(documentTypeName('nota', 'Debito')).toBe('Nota de Débito');
    expect(documentTypeName('nota', 'CREDITO')).toBe('Nota de Crédito');
    expect(documentTypeName('fact', null)).toBe('Factura');
    // A kind the family does not declare: its first kind; a key no family has: as it is.
    expect(documentTypeName('nota', null)).toBe('Nota de Crédito');
    expect(documentTypeName('orden', 'OTRA')).toBe('Orden de Entrega');
    expect(documentTypeName('boleta', 'X')).toBe('boleta');
  });

  it('prints an annulled document with zero amounts, as the sales book', () => {
    const amounts = {
      baseImponible: '100.00',
      exento: '0.00',
      iva: '16.00',
      total: '116.00',
      retenido: '0.00',
    };
    expect(seniatAmountsOf('ACTIVO', amounts)).toEqual(amounts);
    expect(seniatAmountsOf('INACTIVO', amounts)).toEqual({
      baseImponible: '0.00',
      exento: '0.00',
      iva: '0.00',
      total: '0.00',
      retenido: '0.00',
    });
  });
});
