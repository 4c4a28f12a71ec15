import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { formatDateOnly, parseDisplayDate } from '@sigece/fiscal';
import { forwardRef, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the field hands to its onChange: the yyyy-MM-dd day, or '' while the text is not a whole date. */
export interface DateChange {
  target: { value: string; name?: string };
}

export type DateFieldProps = Omit<TextFieldProps, 'type' | 'value' | 'onChange' | 'defaultValue'> & {
  /** yyyy-MM-dd, or '' for none. */
  value?: string | null;
  onChange?: (event: DateChange) => void;
};

/** Digits typed become dd/MM/yyyy as they come; a pasted yyyy-MM-dd is read as the day it names. */
function mask(raw: string): string {
  const iso = formatDateOnly(raw);
  if (iso) return iso;
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/**
 * A date input that shows and takes dd/MM/yyyy whatever the browser's locale (spec 000 §9), and holds a
 * yyyy-MM-dd day — never a Date, so the browser's zone cannot move it. The calendar
 * button opens the browser's own picker on a hidden date input.
 */
export const DateField = forwardRef<HTMLDivElement, DateFieldProps>(function DateField(
  { value, onChange, name, slotProps, helperText, error, ...props },
  ref,
) {
  const { t } = useTranslation();
  const iso = typeof value === 'string' ? value : '';
  const [text, setText] = useState(() => formatDateOnly(iso) ?? '');
  const picker = useRef<HTMLInputElement>(null);

  // Follow a value set from outside (a reset, a default), not the '' emitted while a date is half typed.
  useEffect(() => {
    setText((current) => {
      const typed = parseDisplayDate(current);
      if (typed === iso || (iso === '' && typed === null)) return current;
      return formatDateOnly(iso) ?? '';
    });
  }, [iso]);

  const emit = (next: string) => onChange?.({ target: { value: next, name } });
  const complete = text.length === 10;
  const invalid = complete && parseDisplayDate(text) === null;

  return (
    <>
      <TextField
        {...props}
        ref={ref}
        name={name}
        value={text}
        error={error || invalid}
        helperText={invalid && !error ? t('dateField.invalid') : helperText}
        onChange={(e) => {
          const next = mask(e.target.value);
          setText(next);
          emit(parseDisplayDate(next) ?? '');
        }}
        slotProps={{
          ...slotProps,
          inputLabel: { shrink: true, ...((slotProps?.inputLabel as object) ?? {}) },
          htmlInput: {
            inputMode: 'numeric',
            placeholder: 'dd/mm/aaaa',
            maxLength: 10,
            ...((slotProps?.htmlInput as object) ?? {}),
          },
          input: {
            endAdornment: props.disabled ? undefined : (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  tabIndex={-1}
                  aria-label={t('dateField.open')}
                  onClick={() => picker.current?.showPicker?.()}
                >
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
            ...((slotProps?.input as object) ?? {}),
          },
        }}
      />
      <input
        ref={picker}
        type="date"
        aria-hidden
        tabIndex={-1}
        value={iso}
        onChange={(e) => {
          setText(formatDateOnly(e.target.value) ?? '');
          emit(e.target.value);
        }}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      />
    </>
  );
});
