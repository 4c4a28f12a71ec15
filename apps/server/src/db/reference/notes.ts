/**
 * Credit and debit note categories.
 *
 * Source: sigece functional specification, /work/shared/spec/001 (§9 "Business constants and limits"):
 *   credit 0 reversal of a partial return, 1 reversal of a total return, 2 error in the data;
 *   debit 0 late-payment interest, 1 price increase during negotiation, 2 sale invoiced in foreign currency
 *   with a Bs. equivalent.
 * The codes are per note type (credit 0 and debit 0 are different categories). The spec also lists an ENTREGA
 * note type but defines no categories for it. Choosing a category copies its label into the note's concept.
 */

export type TipoNota = 'CREDITO' | 'DEBITO';

export type CategoriaNota = { codigo: '0' | '1' | '2'; nombre: string; tipoNota: TipoNota };

export const CATEGORIAS_NOTA: CategoriaNota[] = [
  { codigo: '0', nombre: 'Reverso por devolución parcial', tipoNota: 'CREDITO' },
  { codigo: '1', nombre: 'Reverso por devolución total', tipoNota: 'CREDITO' },
  { codigo: '2', nombre: 'Corrección por error en los datos', tipoNota: 'CREDITO' },
  { codigo: '0', nombre: 'Intereses de mora', tipoNota: 'DEBITO' },
  { codigo: '1', nombre: 'Aumento de precio durante la negociación', tipoNota: 'DEBITO' },
  {
    codigo: '2',
    nombre: 'Venta facturada en moneda extranjera con su equivalente en bolívares',
    tipoNota: 'DEBITO',
  },
];
