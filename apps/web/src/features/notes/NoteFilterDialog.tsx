import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../app/i18n.ts';
import { notifySuccess } from '../../app/notify.ts';
import { DEFAULT_PAGE_SIZE } from '../../components/DataTable/index.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { type InvoiceCompany, useInvoiceCompanies } from '../invoices/api.ts';
import { compactNoteFilters, filterNotes, type NoteFilters } from './api.ts';

interface Props {
  initial: NoteFilters;
  onApply: (filters: NoteFilters) => void;
  onClose: () => void;
}

/**
 * The notes filter (spec 001 §2.3, §5.5): company, branch, from, to and note number, all optional;
 * only the non-empty ones go to POST FiltrarNotas ('Busqueda Ejecutada').
 */
export function NoteFilterDialog({ initial, onApply, onClose }: Props) {
  const { t } = useTranslation('notes');
  const companies = useInvoiceCompanies();
  const [values, setValues] = useState<NoteFilters>(initial);
  const set = (patch: NoteFilters) => setValues((v) => ({ ...v, ...patch }));
  const company = companies.data?.find((c) => c.id === values.id_localidad) ?? null;
  const branches = company?.lstSucursales ?? [];
  const branch = branches.find((b) => b.id === values.id_sucursal) ?? null;
  const datesInverted = Boolean(
    values.fechaInicio && values.fechaFin && values.fechaInicio > values.fechaFin,
  );
  const search = useMutation({
    mutationFn: (filters: NoteFilters) =>
      filterNotes({ page: 1, limit: DEFAULT_PAGE_SIZE, search: '' }, filters),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (datesInverted) return;
    const filters = compactNoteFilters(values);
    if (Object.keys(filters).length === 0) return onApply({});
    try {
      notifySuccess(translateMessage((await search.mutateAsync(filters)).message));
      onApply(filters);
    } catch {
      // The shared handler showed the failure; the dialog stays open.
    }
  };

  const date = (key: 'fechaInicio' | 'fechaFin', label: string, error = false) => (
    <TextField
      type="date"
      label={label}
      value={values[key] ?? ''}
      onChange={(e) => set({ [key]: e.target.value })}
      error={error}
      helperText={error ? t('filter.datesInverted') : undefined}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );

  return (
    <FormDialog
      open
      title={t('filter.title')}
      onSubmit={onSubmit}
      onClose={onClose}
      submitting={search.isPending}
      submitLabel={t('filter.apply')}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Autocomplete<InvoiceCompany>
            options={companies.data ?? []}
            value={company}
            loading={companies.isPending}
            onChange={(_, c) => set({ id_localidad: c?.id ?? '', id_sucursal: '' })}
            getOptionLabel={(c) => `${c.nombre} (${c.rif})`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('filter.noCompanies')}
            loadingText={t('app:loading')}
            renderInput={(params) => <TextField {...params} label={t('filter.localidad')} />}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Autocomplete
            options={branches}
            value={branch}
            disabled={!company}
            onChange={(_, b) => set({ id_sucursal: b?.id ?? '' })}
            getOptionLabel={(b) => `${b.codigoSucursal} - ${b.nombre}`}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('filter.noBranches')}
            renderInput={(params) => <TextField {...params} label={t('filter.sucursal')} />}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <TextField
            label={t('filter.nroNota')}
            value={values.nroNota ?? ''}
            onChange={(e) => set({ nroNota: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 20 } }}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4 }}>{date('fechaInicio', t('filter.desde'))}</Grid>
        <Grid size={{ xs: 6, sm: 4 }}>{date('fechaFin', t('filter.hasta'), datesInverted)}</Grid>
        <Grid size={12}>
          <Button size="small" onClick={() => setValues({})}>
            {t('filter.clear')}
          </Button>
        </Grid>
      </Grid>
    </FormDialog>
  );
}
