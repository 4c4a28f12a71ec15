import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CLIENT_DOCUMENT_TYPES, clientDocumentMask } from '../../components/ClientPicker/index.ts';
import { DEFAULT_PAGE_SIZE } from '../../components/DataTable/index.ts';
import { DocumentFilterDialog } from '../documents/index.ts';
import { compactFilters, filterInvoices, type InvoiceFilters, useInvoiceCompanies } from './api.ts';

interface Props {
  initial: InvoiceFilters;
  onApply: (filters: InvoiceFilters) => void;
  onClose: () => void;
}

/**
 * The filter dialog of the invoices list (spec 001 §2.2, §5.6): every field is optional and only the
 * non-empty ones are sent to POST FiltrarFacturas ('Busqueda Encontrada').
 */
export function InvoiceFilterDialog(props: Props) {
  const { t } = useTranslation('invoices');
  const companies = useInvoiceCompanies();
  return (
    <DocumentFilterDialog
      {...props}
      title={t('filter.title')}
      compact={compactFilters}
      search={(filters) => filterInvoices({ page: 1, limit: DEFAULT_PAGE_SIZE, search: '' }, filters)}
      companies={companies.data ?? []}
      companiesLoading={companies.isPending}
      numberField={(values, set) => (
        <TextField
          label={t('filter.nroFactura')}
          value={values.nroFactura ?? ''}
          onChange={(e) => set({ nroFactura: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 20 } }}
        />
      )}
    >
      {(values, setValues) => {
        const setClient = (patch: Partial<NonNullable<InvoiceFilters['cliente']>>) =>
          setValues((v) => ({ ...v, cliente: { ...v.cliente, ...patch } }));
        return (
          <>
            <Grid size={12}>
              <Typography variant="subtitle2" color="text.secondary">
                {t('filter.cliente')}
              </Typography>
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
              <TextField
                label={t('filter.identificacion')}
                value={values.cliente?.identificacion ?? ''}
                onChange={(e) => setClient({ identificacion: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
            </Grid>
            <Grid size={{ xs: 4, sm: 3 }}>
              <TextField
                select
                label={t('filter.tipoDocumento')}
                value={values.cliente?.tipoDocumento ?? ''}
                onChange={(e) => setClient({ tipoDocumento: e.target.value })}
              >
                <MenuItem value="">
                  <em>{t('filter.any')}</em>
                </MenuItem>
                {CLIENT_DOCUMENT_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {type}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 8, sm: 4 }}>
              <TextField
                label={t('filter.numeroDocumento')}
                value={values.cliente?.numeroDocumento ?? ''}
                onChange={(e) => setClient({ numeroDocumento: clientDocumentMask(e.target.value) })}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Grid>
          </>
        );
      }}
    </DocumentFilterDialog>
  );
}
