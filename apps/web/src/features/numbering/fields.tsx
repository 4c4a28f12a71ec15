import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { forwardRef } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** Digits only, at most `max` of them. */
export const digitsMask = (value: string, max = 9) => value.replace(/\D/g, '').slice(0, max);

/** A whole-number input that keeps only digits (control numbers have up to 9). */
export const NumberField = forwardRef<HTMLDivElement, TextFieldProps & { maxDigits?: number }>(
  function NumberField({ maxDigits = 9, onChange, slotProps, ...props }, ref) {
    return (
      <TextField
        {...props}
        ref={ref}
        onChange={(e) => {
          e.target.value = digitsMask(e.target.value, maxDigits);
          onChange?.(e);
        }}
        slotProps={{
          ...slotProps,
          htmlInput: { inputMode: 'numeric', maxLength: maxDigits, ...(slotProps?.htmlInput ?? {}) },
        }}
      />
    );
  },
);

/** Serie: up to 2 letters or digits, upper case. */
export const serieMask = (value: string) =>
  value
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 2)
    .toUpperCase();

/** Status of a new lot: ACTIVO (default) or ENCOLA. */
export const LotStatusField = forwardRef<HTMLDivElement, TextFieldProps>(function LotStatusField(props, ref) {
  const { t } = useTranslation('numbering');
  return (
    <TextField {...props} ref={ref} select>
      {(['ACTIVO', 'ENCOLA'] as const).map((status) => (
        <MenuItem key={status} value={status}>
          {t(`lotStatus.${status}`)}
        </MenuItem>
      ))}
    </TextField>
  );
});

/**
 * The schema's optional numbers accept a missing value, not an empty text: empty inputs are sent to the
 * resolver as missing.
 */
export function blankAsMissing<TValues extends FieldValues>(resolver: Resolver<TValues>): Resolver<TValues> {
  return (values, context, options) => {
    const cleaned = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, value === '' ? undefined : value]),
    ) as TValues;
    return resolver(cleaned, context, options);
  };
}
