import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldErrors, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../app/forms.ts';
import { NumberField, serieMask } from './fields.tsx';

/**
 * What the invoice number ranges (spec 000 §4) and the withholding voucher sequences (spec 000 §2) have in
 * common on a company's or branch's parameters: a table of the registered ranges and a one-line form that
 * adds one (serie, first number, how many). The two panels keep only what differs: the invoice ranges'
 * delete button and mode switch, the vouchers' "assigns" column and switch.
 */

/** One registered range, in the table's own terms. */
export interface NumberRangeRow {
  id: string;
  serie: string;
  desde: number | string;
  hasta: number | string;
  actual: number | string;
  disponibles: number | string;
  estatus: string;
}

/** A column one panel adds: shown before the status column or after it. */
export interface ExtraRangeColumn<R> {
  header: ReactNode;
  at: 'beforeStatus' | 'last';
  align?: 'right';
  cell: (row: R) => ReactNode;
}

export function NumberRangesTable<R extends NumberRangeRow>({
  labelledBy,
  rows,
  extra,
}: {
  labelledBy: string;
  rows: R[];
  extra?: ExtraRangeColumn<R>;
}) {
  const { t } = useTranslation('numbering');
  const extraHeader = extra && <TableCell align={extra.align}>{extra.header}</TableCell>;
  return (
    <TableContainer sx={{ mb: 1 }}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>{t('columns.serie')}</TableCell>
            <TableCell align="right">{t('columns.desde')}</TableCell>
            <TableCell align="right">{t('columns.hasta')}</TableCell>
            <TableCell align="right">{t('columns.actual')}</TableCell>
            <TableCell align="right">{t('columns.disponibles')}</TableCell>
            {extra?.at === 'beforeStatus' && extraHeader}
            <TableCell>{t('columns.status')}</TableCell>
            {extra?.at === 'last' && extraHeader}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => {
            const extraCell = extra && (
              <TableCell align={extra.align} sx={extra.at === 'last' ? { py: 0 } : undefined}>
                {extra.cell(r)}
              </TableCell>
            );
            return (
              <TableRow key={r.id}>
                <TableCell>{r.serie}</TableCell>
                <TableCell align="right">{r.desde}</TableCell>
                <TableCell align="right">{r.hasta}</TableCell>
                <TableCell align="right">{r.actual}</TableCell>
                <TableCell align="right">{r.disponibles}</TableCell>
                {extra?.at === 'beforeStatus' && extraCell}
                <TableCell>{t(`lotStatus.${r.estatus}`, { defaultValue: r.estatus })}</TableCell>
                {extra?.at === 'last' && extraCell}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The form's three fields, named as each route's body names them, and its submit button. */
export function NumberRangeFields<T extends FieldValues>({
  control,
  errors,
  names,
  labels,
  maxDigits,
  disabled,
  pending,
  submit,
}: {
  control: Control<T>;
  errors: FieldErrors<T>;
  names: { serie: Path<T>; desde: Path<T>; cantidad: Path<T> };
  labels: { serie: string; desde: string; cantidad: string };
  maxDigits?: number;
  disabled?: boolean;
  pending: boolean;
  submit: { label: string; icon: ReactNode };
}) {
  const message = (name: Path<T>) => errors[name]?.message as string | undefined;
  const numberField = (name: Path<T>, label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <NumberField
          {...field}
          required
          disabled={disabled}
          maxDigits={maxDigits}
          label={label}
          error={!!errors[name]}
          helperText={fieldMessage(message(name))}
        />
      )}
    />
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Controller
        name={names.serie}
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            onChange={(e) => field.onChange(serieMask(e.target.value))}
            disabled={disabled}
            label={labels.serie}
            sx={{ width: { xs: '100%', sm: 120 }, flexShrink: 0 }}
            error={!!errors[names.serie]}
            helperText={fieldMessage(message(names.serie))}
          />
        )}
      />
      {numberField(names.desde, labels.desde)}
      {numberField(names.cantidad, labels.cantidad)}
      <Button
        type="submit"
        variant="outlined"
        startIcon={submit.icon}
        loading={pending}
        disabled={disabled}
        sx={{ flexShrink: 0, mt: { sm: 0.25 } }}
      >
        {submit.label}
      </Button>
    </Stack>
  );
}
