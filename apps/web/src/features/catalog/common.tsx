import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { caracasDate } from '@sigece/fiscal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Controller, type DefaultValues, type FieldValues, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Answer } from '../../app/api.ts';
import { applyServerErrors, fieldMessage, schemaResolver } from '../../app/forms.ts';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import {
  DataTable,
  type DataTableColumn,
  type ExtraRowAction,
  type FetchPage,
  pinRow,
  replaceRow,
  StatusChip,
} from '../../components/DataTable/index.ts';
import { FormDialog } from '../../components/FormDialog.tsx';

export const NS = 'catalog';

/** Today in Caracas as yyyy-MM-dd (the default of date fields). */
export const today = () => caracasDate();

/** A long identifier shown short (the full one in the tooltip and in exports). */
export function IdCell({ id }: { id: string }) {
  return (
    <Tooltip title={id}>
      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
        {id.slice(0, 8)}
      </Box>
    </Tooltip>
  );
}

export function idColumn<T extends { id: string }>(header: string): DataTableColumn<T> {
  return { id: 'id', header, value: (r) => r.id, render: (r) => <IdCell id={r.id} />, width: 100 };
}

export function statusColumn<T extends { logEstatusRegistro: string }>(header: string): DataTableColumn<T> {
  return {
    id: 'estatus',
    header,
    value: (r) => r.logEstatusRegistro,
    render: (r) => <StatusChip status={r.logEstatusRegistro} />,
  };
}

/** A label / value grid for detail panels. */
export function DetailList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, overflowWrap: 'anywhere' }}
            data-label={label}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A yyyy-MM-dd date (no time zone shift) as dd/MM/yyyy. */
export function isoDay(value: string | null | undefined): string {
  if (!value) return '';
  const [y, m, d] = value.slice(0, 10).split('-');
  return d && m && y ? `${d}/${m}/${y}` : value;
}

/** An exchange rate with all its decimals, grouped the Venezuelan way: 1.234,56789012 Bs. */
export function rateText(value: string | null | undefined): string {
  if (!value) return '';
  const [int, frac] = value.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${frac ? `${grouped},${frac}` : grouped} Bs.`;
}

export function RateText({ value }: { value: string | null | undefined }) {
  return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{rateText(value)}</span>;
}

// --- Generic form dialog over a shared schema ---------------------------------------------------------

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

interface SchemaFormDialogProps<V extends FieldValues, R> {
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
                const empty = spec.kind === 'select' && spec.options?.length === 0;
                return (
                  <TextField
                    name={field.name}
                    inputRef={field.ref}
                    onBlur={field.onBlur}
                    value={field.value ?? ''}
                    onChange={(e) => change(spec.mask ? spec.mask(e.target.value) : e.target.value)}
                    select={spec.kind === 'select'}
                    type={spec.kind === 'date' ? 'date' : 'text'}
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
                      inputLabel: spec.kind === 'date' ? { shrink: true } : undefined,
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

// --- Generic reference-table screen ------------------------------------------------------------------

export interface FormRenderProps<T> {
  row?: T;
  onClose: () => void;
  onSaved: (record: T, message: string) => void;
}

type Toggle<T> =
  /** Spec 002 §4: inactivating asks confirmation in a modal; activating acts directly. */
  | { mode: 'confirm'; inactivate: (row: T) => Promise<Answer<T>>; activate: (row: T) => Promise<Answer<T>> }
  /** Tax-rate types and products: one modal titled Activar or Inactivar, for both directions. */
  | { mode: 'modal'; toggle: (row: T) => Promise<Answer<T>> };

interface CatalogScreenProps<T> {
  title: string;
  queryKey: readonly unknown[];
  fetchPage: FetchPage<T>;
  columns: DataTableColumn<T>[];
  getRowId: (row: T) => string;
  exportName: string;
  nameOf: (row: T) => string;
  isActive: (row: T) => boolean;
  renderDetail?: (row: T) => ReactNode;
  renderForm?: (props: FormRenderProps<T>) => ReactNode;
  toggle?: Toggle<T>;
  canAdd?: boolean;
  canEdit?: boolean;
  canToggle?: boolean;
  addLabel?: string;
  /** More toolbar content (filters, other buttons). */
  toolbar?: ReactNode;
  extra?: ExtraRowAction<T>[];
  /** Other query keys that change when a record is saved (e.g. a select's options). */
  alsoInvalidate?: ReadonlyArray<readonly unknown[]>;
  searchPlaceholder?: string;
}

const STATUS_MESSAGES = new Set(['Activado', 'Inactivado']);

/**
 * One reference table (spec 002 §2.10, §4): search, export, stepped pagination, detail, greyed inactive
 * rows, an add modal, an edit modal and the inactivate / activate flow.
 */
export function CatalogScreen<T>({
  title,
  queryKey,
  fetchPage,
  columns,
  getRowId,
  exportName,
  nameOf,
  isActive,
  renderDetail,
  renderForm,
  toggle,
  canAdd = true,
  canEdit = true,
  canToggle = true,
  addLabel,
  toolbar,
  extra,
  alsoInvalidate = [],
  searchPlaceholder,
}: CatalogScreenProps<T>) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ row?: T } | null>(null);
  const [confirm, setConfirm] = useState<T | null>(null);

  const invalidate = () => {
    void queryClient.invalidateQueries({ queryKey });
    for (const key of alsoInvalidate) void queryClient.invalidateQueries({ queryKey: key });
  };

  const status = useMutation({
    mutationFn: (row: T) => {
      if (!toggle) throw new Error('no toggle');
      if (toggle.mode === 'modal') return toggle.toggle(row);
      return isActive(row) ? toggle.inactivate(row) : toggle.activate(row);
    },
    onSuccess: (answer, row) => {
      replaceRow(queryClient, queryKey, getRowId, answer.result);
      invalidate();
      const message = translateMessage(answer.message);
      notifySuccess(STATUS_MESSAGES.has(answer.message) ? `${message}: ${nameOf(row)}` : message);
      setConfirm(null);
    },
  });

  const single = toggle?.mode === 'modal';
  const confirmActivate = confirm !== null && !isActive(confirm);

  return (
    <>
      <DataTable<T>
        title={title}
        queryKey={queryKey}
        fetchPage={fetchPage}
        columns={columns}
        getRowId={getRowId}
        exportName={exportName}
        renderDetail={renderDetail}
        searchPlaceholder={searchPlaceholder}
        toolbar={
          (toolbar || (renderForm && canAdd)) && (
            <Stack
              direction="row"
              sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end' }}
            >
              {toolbar}
              {renderForm && canAdd && (
                <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({})}>
                  {addLabel ?? t('common.add')}
                </Button>
              )}
            </Stack>
          )
        }
        actions={{
          edit: renderForm ? { allowed: canEdit, onClick: (row) => setDialog({ row }) } : undefined,
          extra,
          inactivate: toggle ? { allowed: canToggle, onClick: (row) => setConfirm(row) } : undefined,
          reactivate: toggle
            ? {
                allowed: canToggle,
                // Activating acts directly, except where one modal serves both directions.
                onClick: (row) => (single ? setConfirm(row) : status.mutate(row)),
              }
            : undefined,
        }}
      />
      {dialog &&
        renderForm?.({
          row: dialog.row,
          onClose: () => setDialog(null),
          onSaved: (record, message) => {
            if (!dialog.row) pinRow(queryClient, queryKey, getRowId, record);
            else replaceRow(queryClient, queryKey, getRowId, record);
            notifySuccess(translateMessage(message));
            invalidate();
            setDialog(null);
          },
        })}
      <ConfirmDialog
        open={confirm !== null}
        title={confirmActivate ? t('common.activateTitle') : t('common.inactivateTitle')}
        message={
          confirmActivate
            ? t('common.activateText', { name: confirm ? nameOf(confirm) : '' })
            : t('common.inactivateText', { name: confirm ? nameOf(confirm) : '' })
        }
        confirmLabel={confirmActivate ? t('common.activate') : t('common.inactivate')}
        color={confirmActivate ? 'success' : 'error'}
        loading={status.isPending}
        onConfirm={() => confirm && status.mutate(confirm)}
        onClose={() => setConfirm(null)}
      />
    </>
  );
}

/** 'Sí' / 'No'. */
export function useYesNo() {
  const { t } = useTranslation(NS);
  return (value: boolean) => (value ? t('common.yes') : t('common.no'));
}
