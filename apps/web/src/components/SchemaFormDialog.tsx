import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller, type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import type { Answer } from '../app/api.ts';
import { applyServerErrors, fieldMessage, schemaResolver } from '../app/forms.ts';
import { FormDialog } from './FormDialog.tsx';
import { DateField } from './form/DateField.tsx';

export interface FieldSpec<V> {
  name: Path<V> & string;
  label: string;
  kind?: 'text' | 'select' | 'date' | 'multiline' | 'checkbox';
  options?: Array<{ value: string; label: string }>;
  required?: boolean;
  /** Columns out of 12 from the sm breakpoint (default 12). */
  size?: number;
  mask?: (value: string) => string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'url' | 'text';
  maxLength?: number;
  /** Fields emptied when this one changes (e.g. the branch when the company changes). */
  clears?: Array<Path<V> & string>;
  disabled?: boolean;
  helperText?: string;
  /** Text under an empty select (e.g. 'No hay Localidades'). */
  emptyText?: string;
  /** An optional field whose schema rejects '' (e.g. an optional date): emptied, it holds undefined. */
  emptyAsUndefined?: boolean;
}

export interface SchemaFormDialogProps<V extends FieldValues, R> {
  title: string;
  schema: unknown;
  defaultValues: DefaultValues<V>;
  fields: (values: V) => FieldSpec<V>[];
  submit: (values: V) => Promise<Answer<R>>;
  onSaved: (record: R, message: string) => void;
  onClose: () => void;
  maxWidth?: 'xs' | 'sm' | 'md';
  children?: ReactNode;
}

/** An add / edit modal whose fields are described by `fields` and validated by a shared zod schema. */
export function SchemaFormDialog<V extends FieldValues, R>({
  title,
  schema,
  defaultValues,
  fields,
  submit,
  onSaved,
  onClose,
  maxWidth = 'sm',
  children,
}: SchemaFormDialogProps<V, R>) {
  const { control, handleSubmit, setError, setValue, watch } = useForm<V>({
    resolver: schemaResolver<V>(schema),
    defaultValues,
  });
  const values = watch();
  const specs = fields(values);
  const save = useMutation({ mutationFn: submit });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const answer = await save.mutateAsync(input);
      onSaved(answer.result, answer.message);
    } catch (error) {
      applyServerErrors(
        error,
        setError,
        specs.map((s) => s.name),
      );
    }
  });

  return (
    <FormDialog
      open
      title={title}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={save.isPending}
      maxWidth={maxWidth}
    >
      <Grid container spacing={2}>
        {specs.map((spec) => (
          <Grid key={spec.name} size={{ xs: 12, sm: spec.size ?? 12 }}>
            <Controller
              name={spec.name}
              control={control}
              render={({ field, fieldState }) => {
                const change = (next: unknown) => {
                  field.onChange(spec.emptyAsUndefined && next === '' ? undefined : next);
                  for (const other of spec.clears ?? [])
                    setValue(other, '' as V[typeof other], { shouldValidate: false });
                };
                if (spec.kind === 'checkbox')
                  return (
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={Boolean(field.value)}
                          onChange={(e) => change(e.target.checked)}
                          disabled={spec.disabled}
                        />
                      }
                      label={spec.label}
                    />
                  );
                if (spec.kind === 'date')
                  return (
                    <DateField
                      name={field.name}
                      inputRef={field.ref}
                      onBlur={field.onBlur}
                      value={field.value ?? ''}
                      onChange={(e) => change(e.target.value)}
                      required={spec.required}
                      disabled={spec.disabled}
                      label={spec.label}
                      error={!!fieldState.error}
                      helperText={fieldMessage(fieldState.error?.message) ?? spec.helperText}
                    />
                  );
                const empty = spec.kind === 'select' && spec.options?.length === 0;
                return (
                  <TextField
                    name={field.name}
                    inputRef={field.ref}
                    onBlur={field.onBlur}
                    value={field.value ?? ''}
                    onChange={(e) => change(spec.mask ? spec.mask(e.target.value) : e.target.value)}
                    select={spec.kind === 'select'}
                    multiline={spec.kind === 'multiline'}
                    minRows={spec.kind === 'multiline' ? 2 : undefined}
                    required={spec.required}
                    disabled={spec.disabled}
                    label={spec.label}
                    error={!!fieldState.error}
                    helperText={
                      fieldMessage(fieldState.error?.message) ??
                      (empty && spec.emptyText ? spec.emptyText : spec.helperText)
                    }
                    slotProps={{
                      htmlInput: { inputMode: spec.inputMode, maxLength: spec.maxLength },
                    }}
                  >
                    {spec.kind === 'select'
                      ? (spec.options ?? []).map((o) => (
                          <MenuItem key={o.value} value={o.value}>
                            {o.label}
                          </MenuItem>
                        ))
                      : undefined}
                  </TextField>
                );
              }}
            />
          </Grid>
        ))}
      </Grid>
      {children}
    </FormDialog>
  );
}
