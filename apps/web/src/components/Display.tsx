import { formatDate, formatDateTime, formatMoney } from './format.ts';

/** A date as dd/MM/yyyy (America/Caracas), with the exact instant as tooltip. */
export function DateText({
  value,
  withTime = false,
}: {
  value: string | Date | null | undefined;
  withTime?: boolean;
}) {
  if (!value) return null;
  const iso = value instanceof Date ? value.toISOString() : value;
  return (
    <time dateTime={iso} title={formatDateTime(value)}>
      {withTime ? formatDateTime(value) : formatDate(value)}
    </time>
  );
}

export function MoneyText({
  amount,
  currency,
}: {
  amount: string | number | null | undefined;
  currency?: string;
}) {
  return (
    <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {formatMoney(amount, currency)}
    </span>
  );
}
