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

import { NOTE_CATEGORIES, NOTE_CATEGORY_CODES } from '@sigece/fiscal';

export type TipoNota = 'CREDITO' | 'DEBITO';

export type CategoriaNota = { codigo: '0' | '1' | '2'; nombre: string; tipoNota: TipoNota };

/** The labels live once, in packages/fiscal (notes/rules.ts): the seed and the note rules share them. */
export const CATEGORIAS_NOTA: CategoriaNota[] = (['Credito', 'Debito'] as const).flatMap((tipo) =>
  NOTE_CATEGORY_CODES.map((codigo) => ({
    codigo,
    nombre: NOTE_CATEGORIES[tipo][codigo],
    tipoNota: tipo === 'Credito' ? ('CREDITO' as const) : ('DEBITO' as const),
  })),
);
