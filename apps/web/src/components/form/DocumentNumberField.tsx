import Grid, { type GridSize } from '@mui/material/Grid';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormSelectField, FormTextField } from './fields.tsx';

/** Keeps the digits of what was typed, at most `max` of them. */
export const digitsOnly = (max?: number) => (value: string) => value.replace(/\D/g, '').slice(0, max);

export interface DocumentNumberFieldProps<V extends FieldValues> {
  control: Control<V>;
  /** The letters offered (V E J G P C for clients, V E J G P for companies and users). */
  types: ReadonlyArray<string>;
  typeLabel: string;
  numberLabel: string;
  /** How an option reads (default the letter itself, e.g. 'V' → 'V - Venezolano'). */
  typeOptionLabel?: (type: string) => string;
  /**
   * The most digits the field lets through (9 for a RIF, 8 for a user's cédula). Left out, any number of
   * digits is typed and the schema's own message says the limit (third parties: 'max 11').
   */
  maxDigits?: number;
  /** Form field names (default tipoDocumento / numeroDocumento). */
  typeName?: Path<V>;
  numberName?: Path<V>;
  placeholder?: string;
  /** Under the number when it has no error (e.g. 'Sin guiones ni puntos'). */
  numberHelper?: string;
  disabled?: boolean;
  /** Grid columns of each half (default type xs 4 sm 2, number xs 8 sm 4). */
  typeSize?: { xs?: GridSize; sm?: GridSize };
  numberSize?: { xs?: GridSize; sm?: GridSize };
}

/**
 * The document type + number pair (RIF / cédula) of every form that names a person or company: two Grid
 * items for a Grid container. The number keeps digits only, at most `maxDigits`; both show their zod or
 * server message under them.
 */
export function DocumentNumberField<V extends FieldValues>({
  control,
  types,
  typeLabel,
  numberLabel,
  typeOptionLabel = (type) => type,
  maxDigits,
  typeName = 'tipoDocumento' as Path<V>,
  numberName = 'numeroDocumento' as Path<V>,
  placeholder,
  numberHelper,
  disabled,
  typeSize = { xs: 4, sm: 2 },
  numberSize = { xs: 8, sm: 4 },
}: DocumentNumberFieldProps<V>) {
  return (
    <>
      <Grid size={typeSize}>
        <FormSelectField<V>
          control={control}
          name={typeName}
          label={typeLabel}
          required
          disabled={disabled}
          options={types.map((type) => ({ value: type, label: typeOptionLabel(type) }))}
        />
      </Grid>
      <Grid size={numberSize}>
        <FormTextField<V>
          control={control}
          name={numberName}
          label={numberLabel}
          required
          disabled={disabled}
          mask={digitsOnly(maxDigits)}
          helperText={numberHelper}
          textFieldProps={{
            placeholder,
            autoComplete: 'off',
            // No maxLength: a pasted 'V-12.345.678' must reach the mask whole, which keeps its digits.
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          }}
        />
      </Grid>
    </>
  );
}
