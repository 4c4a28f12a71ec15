import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '../../components/DataTable/index.ts';
import { DocumentFilterDialog } from '../documents/index.ts';
import { useInvoiceCompanies } from '../invoices/api.ts';
import { compactNoteFilters, filterNotes, type NoteFilters } from './api.ts';

/**
 * The notes filter (spec 001 §2.3, §5.5): company, branch, from, to and note number, all optional;
 * only the non-empty ones go to POST FiltrarNotas ('Busqueda Ejecutada').
 */
export function NoteFilterDialog(props: {
  initial: NoteFilters;
  onApply: (filters: NoteFilters) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('notes');
  const companies = useInvoiceCompanies();
  return (
    <DocumentFilterDialog
      {...props}
      title={t('filter.title')}
      compact={compactNoteFilters}
      search={(filters) => filterNotes({ page: 1, limit: DEFAULT_PAGE_SIZE, search: '' }, filters)}
      companies={companies.data ?? []}
      companiesLoading={companies.isPending}
      numberField={(values, set) => (
        <TextField
          label={t('filter.nroNota')}
          value={values.nroNota ?? ''}
          onChange={(e) => set({ nroNota: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 20 } }}
        />
      )}
    />
  );
}
