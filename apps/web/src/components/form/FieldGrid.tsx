import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { FormEventHandler, ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import {
  FormAmountField,
  FormAutocompleteField,
  FormDateField,
  FormSelectField,
  FormTextField,
  type SelectOption,
} from './fields.tsx';

/** A cell's width per breakpoint, in twelfths (MUI Grid `size`). */
export type CellSize = { xs?: number; sm?: number; md?: number; lg?: number };

interface Bound<V extends FieldValues> {
  name: Path<V>;
  label: string;
  size: CellSize;
  required?: boolean;
  disabled?: boolean;
  /** Called after the value changed (e.g. to clear a field that depends on it). */
  onChanged?: (value: string) => void;
}

/**
 * One cell of a FieldGrid: a field of the form kit bound to `name` (text with its length bound and
 * optional rows, a decimal amount, a date, a select), or a read-only value the form computes.
 */
export type GridField<V extends FieldValues> =
  | (Bound<V> & { kind: 'text'; maxLength?: number; minRows?: number })
  | (Bound<V> & { kind: 'amount' | 'date' })
  | (Bound<V> & {
      kind: 'select' | 'autocomplete';
      options: ReadonlyArray<SelectOption>;
      emptyText?: string;
    })
  | { kind: 'computed'; key: string; label: string; size: CellSize; value: string; helperText?: string };

function FieldCell<V extends FieldValues>({ control, field }: { control: Control<V>; field: GridField<V> }) {
  if (field.kind === 'computed')
    return (
      <TextField
        label={field.label}
        value={field.value}
        helperText={field.helperText}
        slotProps={{ input: { readOnly: true }, htmlInput: { style: { textAlign: 'right' } } }}
      />
    );
  const common = {
    control,
    name: field.name,
    label: field.label,
    required: field.required,
    disabled: field.disabled,
    onChanged: field.onChanged,
  };
  switch (field.kind) {
    case 'amount':
      return <FormAmountField<V> {...common} />;
    case 'date':
      return <FormDateField<V> {...common} />;
    case 'select':
      return <FormSelectField<V> {...common} options={field.options} emptyText={field.emptyText} />;
    case 'autocomplete':
      return <FormAutocompleteField<V> {...common} options={field.options} emptyText={field.emptyText} />;
    default:
      return (
        <FormTextField<V>
          {...common}
          textFieldProps={{
            multiline: field.minRows !== undefined,
            minRows: field.minRows,
            slotProps: field.maxLength ? { htmlInput: { maxLength: field.maxLength } } : undefined,
          }}
        />
      );
  }
}

const keyOf = <V extends FieldValues>(f: GridField<V>) => (f.kind === 'computed' ? f.key : f.name);

function cells<V extends FieldValues>(control: Control<V>, fields: ReadonlyArray<GridField<V>>) {
  return fields.map((f) => (
    <Grid key={keyOf(f)} size={f.size}>
      <FieldCell control={control} field={f} />
    </Grid>
  ));
}

/** The fields of a card laid out on the grid, from their description; `children` follow full width. */
export function FieldGrid<V extends FieldValues>({
  control,
  fields,
  children,
}: {
  control: Control<V>;
  fields: ReadonlyArray<GridField<V>>;
  children?: ReactNode;
}) {
  return (
    <Grid container spacing={2}>
      {cells(control, fields)}
      {children && <Grid size={12}>{children}</Grid>}
    </Grid>
  );
}

/**
 * The form that adds one line to a document being typed (e.g. a withholding's IVA or ISLR line): the
 * grid of fields, an optional message, and the add button that submits it. The lines already added are
 * the LinesCard's (features/documents).
 */
export function LineEntryForm<V extends FieldValues>({
  control,
  fields,
  label,
  submitLabel,
  onSubmit,
  children,
}: {
  control: Control<V>;
  fields: ReadonlyArray<GridField<V>>;
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** The form's handleSubmit(add). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Shown under the fields (e.g. the duplicate-line message). */
  children?: ReactNode;
}) {
  return (
    <Grid container spacing={2} component="form" noValidate aria-label={label} onSubmit={onSubmit}>
      {cells(control, fields)}
      {children && <Grid size={12}>{children}</Grid>}
      <Grid size={12} sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="outlined" startIcon={<Add />}>
          {submitLabel}
        </Button>
      </Grid>
    </Grid>
  );
}
