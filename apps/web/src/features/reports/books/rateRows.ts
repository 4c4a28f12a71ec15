import { formatAmount } from '@sigece/fiscal';
import type { TFunction } from 'i18next';
import type { TotalRow } from '../../documents/index.ts';

/** A book summary's base and IVA rows per rate (keys base16, iva16, …), labelled by the book's `base`/`iva`. */
export function rateRows(
  t: TFunction,
  gravamenes: ReadonlyArray<{ alicuota: string; baseImponible: string; montoAlicuota: string }>,
): TotalRow[] {
  return gravamenes.flatMap((g) => [
    {
      key: `base${g.alicuota}`,
      label: t('base', { rate: g.alicuota }),
      value: formatAmount(g.baseImponible),
    },
    { key: `iva${g.alicuota}`, label: t('iva', { rate: g.alicuota }), value: formatAmount(g.montoAlicuota) },
  ]);
}
