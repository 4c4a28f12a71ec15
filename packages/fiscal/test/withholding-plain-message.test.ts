// The server's withholding refusals in the add page's words, not wire paths.
import { describe, expect, it } from 'vitest';
import { plainWithholdingMessage } from '../src/index.ts';

describe('plainWithholdingMessage', () => {
  it('names the line by its position from 1 and the field by its label', () => {
    expect(
      plainWithholdingMessage(
        'lstRetenciones[0]: El campo causadoRetenido enviado (10.00) no coincide con el calculado (192.50)',
      ),
    ).toBe('Documento 1: Impuesto de ISLR causado y retenido: se indicó 10.00 y corresponde 192.50');
    expect(plainWithholdingMessage('lstRetenciones[2]: fechaDocumento no puede ser posterior a hoy')).toBe(
      'Documento 3: Fecha del Documento no puede ser posterior a hoy',
    );
    expect(plainWithholdingMessage('lstRetenciones[1].baseImponible: debe ser un monto')).toBe(
      'Documento 2: Base Imponible: debe ser un monto',
    );
  });

  it('in English too, and leaves other messages as they are', () => {
    expect(
      plainWithholdingMessage(
        'lstRetenciones[0]: El campo causadoRetenido enviado (1.00) no coincide con el calculado (2.00)',
        'en',
      ),
    ).toBe('Document 1: ISLR withheld: 1.00 was given and 2.00 is due');
    expect(plainWithholdingMessage('La razón social J-1 no existe')).toBe('La razón social J-1 no existe');
  });
});
