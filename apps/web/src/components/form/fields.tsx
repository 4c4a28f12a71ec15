import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { fieldMessage } from '../../app/forms.ts';
import { DateField } from './DateField.tsx';

/**
 * The react-hook-form bound fields of the form kit. Each one shows its zod / server message (translated)
 * under the field, or `helperText` when there is none. `control` comes from the form's useForm().
 */
interface BaseProps<V extends FieldValues> {
  control: Control<V>;
  name: Path<V>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  /** Rewrites what the user types before it reaches the form (digits only, upper case...). */
  mask?: (value: string) => string;
  /** Called after the value changed (e.g. to clear a dependent field). */
  onChanged?: (value: string) => void;
  /** Anything else MUI's TextField takes (placeholder, autoComplete, slotProps...). */
  textFieldProps?: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'label' | 'select'>;
}

/** A text field: `<FormTextField control={control} name="nombre" label="Nombre" required />`. */
export function FormTextField<V extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  helperText,
  mask,
  onChanged,
  textFieldProps,
  select,
  children,
}: BaseProps<V> & { select?: boolean; children?: ReactNode }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...textFieldProps}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={field.value ?? ''}
          onChange={(e) => {
            const next = mask ? mask(e.target.value) : e.target.value;
            field.onChange(next);
            onChanged?.(next);
          }}
          select={select}
          required={required}
          disabled={disabled}
          label={label}
          error={!!fieldState.error}
          helperText={fieldMessage(fieldState.error?.message) ?? helperText}
        >
          {children}
        </TextField>
      )}
    />
  );
}

export interface SelectOption {
  value: string;
  label: ReactNode;
}

/** A select over `options`; `emptyText` shows under it when there is nothing to choose. */
export function FormSelectField<V extends FieldValues>({
  options,
  emptyText,
  helperText,
  ...props
}: BaseProps<V> & { options: ReadonlyArray<SelectOption>; emptyText?: string }) {
  return (
    <FormTextField<V>
      {...props}
      select
      helperText={options.length === 0 && emptyText ? emptyText : helperText}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}

/** A yyyy-MM-dd day, typed and shown dd/MM/yyyy whatever the browser's locale (DateField). */
export function FormDateField<V extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  helperText,
  onChanged,
  textFieldProps,
}: BaseProps<V>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <DateField
          {...(textFieldProps as object)}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={field.value ?? ''}
          onChange={(e) => {
            field.onChange(e.target.value);
            onChanged?.(e.target.value);
          }}
          required={required}
          disabled={disabled}
          label={label}
          error={!!fieldState.error}
          helperText={fieldMessage(fieldState.error?.message) ?? helperText}
        />
      )}
    />
  );
}

/** Keeps digits and one decimal separator (',' typed the Venezuelan way becomes '.'), `decimals` places. */
export function amountMask(decimals = 2) {
  return (value: string) => {
    const [int, ...rest] = value
      .replace(/,/g, '.')
      .replace(/[^\d.]/g, '')
      .split('.');
    return rest.length ? `${int}.${rest.join('').slice(0, decimals)}` : int;
  };
}

/** A money amount typed as text (never a float): digits and up to `decimals` places. */
export function FormAmountField<V extends FieldValues>({
  decimals = 2,
  textFieldProps,
  ...props
}: BaseProps<V> & { decimals?: number }) {
  return (
    <FormTextField<V>
      mask={amountMask(decimals)}
      {...props}
      textFieldProps={{
        ...textFieldProps,
        slotProps: { htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' } } },
      }}
    />
  );
}

/** An on/off switch bound to a boolean. */
export function FormSwitchField<V extends FieldValues>({
  control,
  name,
  label,
  disabled,
}: Pick<BaseProps<V>, 'control' | 'name' | 'label' | 'disabled'>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Switch
              name={field.name}
              slotProps={{ input: { ref: field.ref } }}
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
            />
          }
        />
      )}
    />
  );
}

/** Lower case without accents: 'Honorarios Profesionales' and 'honorarios profesionales' match. */
const folded = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * True when every word typed appears in the option's label (its code and words, in any order): "004
 * honorarios", "honorarios pjd" and "5 %" all find "004 - Honorarios profesionales · PJD · 5,00 %".
 */
export function matchesWords(label: string, input: string): boolean {
  const haystack = folded(label);
  return folded(input)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** A searchable choice among many options (typing filters by code and words), bound to a value string. */
export function FormAutocompleteField<V extends FieldValues>({
  control,
  name,
  label,
  required,
  disabled,
  helperText,
  onChanged,
  options,
  emptyText,
}: BaseProps<V> & { options: ReadonlyArray<SelectOption>; emptyText?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options as SelectOption[]}
          value={options.find((o) => o.value === field.value) ?? null}
          onChange={(_e, option) => {
            const value = option?.value ?? '';
            field.onChange(value);
            onChanged?.(value);
          }}
          onBlur={field.onBlur}
          disabled={disabled}
          getOptionLabel={(o) => String(o.label)}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          filterOptions={(all, state) => all.filter((o) => matchesWords(String(o.label), state.inputValue))}
          noOptionsText={emptyText}
          renderInput={(params) => (
            <TextField
              {...params}
              name={name}
              label={label}
              required={required}
              error={!!fieldState.error}
              helperText={fieldMessage(fieldState.error?.message) ?? helperText}
            />
          )}
        />
      )}
    />
  );
}
