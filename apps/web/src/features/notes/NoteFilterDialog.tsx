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
import { CompanyBranchDateFields, datesInverted } from '../documents/index.ts';
import { useInvoiceCompanies } from '../invoices/api.ts';
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
  const search = useMutation({
    mutationFn: (filters: NoteFilters) =>
      filterNotes({ page: 1, limit: DEFAULT_PAGE_SIZE, search: '' }, filters),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (datesInverted(values)) return;
    const filters = compactNoteFilters(values);
    if (Object.keys(filters).length === 0) return onApply({});
    try {
      notifySuccess(translateMessage((await search.mutateAsync(filters)).message));
      onApply(filters);
    } catch {
      // The shared handler showed the failure; the dialog stays open.
    }
  };

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
        <CompanyBranchDateFields
          values={values}
          set={set}
          companies={companies.data ?? []}
          loading={companies.isPending}
        >
          <TextField
            label={t('filter.nroNota')}
            value={values.nroNota ?? ''}
            onChange={(e) => set({ nroNota: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 20 } }}
          />
        </CompanyBranchDateFields>
        <Grid size={12}>
          <Button size="small" onClick={() => setValues({})}>
            {t('filter.clear')}
          </Button>
        </Grid>
      </Grid>
    </FormDialog>
  );
}
