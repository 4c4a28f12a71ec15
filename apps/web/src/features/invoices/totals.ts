import { dec } from '@sigece/fiscal';
import type { TFunction } from 'i18next';
import { formatPercent } from '../../components/format.ts';
import type { TotalSection } from '../documents/index.ts';
import { type DraftTotals, type InvoiceCurrency, showAmount } from './draft.ts';

/**
 * The invoice's totals for the shared TotalsCard (spec 001 §4.4): subTotal, exonerado, exento,
 * totalDescuento, one row per tax rate (rate, base, tax), importeTotal, 'Total $' when the invoice is in
 * Bs., IGTF, and faltaPorPagar (0 at 0.03 or less) framed in warning while something is owed.
 */
export function invoiceTotalSections(
  totals: DraftTotals,
  divisa: InvoiceCurrency,
  t: TFunction<'invoices'>,
): TotalSection[] {
  const amount = (value: string) => showAmount(value, divisa);
  return [
    {
      rows: [
        { key: 'subTotal', label: t('totals.subTotal'), value: amount(totals.subTotal) },
        { key: 'exonerado', label: t('totals.exonerado'), value: amount(totals.totalExonerado) },
        { key: 'exento', label: t('totals.exento'), value: amount(totals.totalExento) },
        { key: 'totalDescuento', label: t('totals.totalDescuento'), value: amount(totals.montoDescuento) },
        ...totals.gravamenes.map((g) => ({
          key: `iva-${Number(g.alicuota)}`,
          label: t('totals.ivaRow', { rate: formatPercent(g.alicuota), base: amount(g.baseImponible) }),
          value: amount(g.montoAlicuota),
        })),
        // AEREA: charges outside the taxable base (inside the total).
        ...(dec(totals.totalCargos).gt(0)
          ? [{ key: 'totalCargos', label: t('totals.totalCargos'), value: amount(totals.totalCargos) }]
          : []),
      ],
    },
    {
      rows: [
        {
          key: 'importeTotal',
          label: t('totals.importeTotal'),
          value: amount(totals.importeTotal),
          strong: true,
        },
        ...(totals.totalUsd !== null
          ? [{ key: 'totalUsd', label: t('totals.totalUsd'), value: showAmount(totals.totalUsd, 'USD') }]
          : []),
        { key: 'igtf', label: t('totals.igtf'), value: amount(totals.igtf) },
      ],
    },
    {
      tone: dec(totals.faltaMostrada).isZero() ? 'success' : 'warning',
      rows: [
        {
          key: 'faltaPorPagar',
          label: t('totals.faltaPorPagar'),
          value: amount(totals.faltaMostrada),
          strong: true,
        },
      ],
    },
  ];
}
