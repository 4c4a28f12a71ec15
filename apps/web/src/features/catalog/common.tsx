import { caracasDate } from '@sigece/fiscal';
import { useTranslation } from 'react-i18next';
import { formatRate } from '../../components/format.ts';

export const NS = 'catalog';

/** Today in Caracas as yyyy-MM-dd (the default of date fields). */
export const today = () => caracasDate();

/** An exchange rate on screen (2 decimals, es-VE); the full value stays in the record and exports. */
export function RateText({ value }: { value: string | null | undefined }) {
  return (
    <span title={value ?? undefined} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {formatRate(value)}
    </span>
  );
}

/** 'Sí' / 'No'. */
export function useYesNo() {
  const { t } = useTranslation(NS);
  return (value: boolean) => (value ? t('common.yes') : t('common.no'));
}
