import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DocumentFilterDialog } from '../documents/index.ts';
import { useInvoiceCompanies } from '../invoices/api.ts';
import { compactFilters, type WithholdingFilters } from './api.ts';
import { NS } from './register.ts';

/**
 * The withholding filter (spec 002 §2.2, §7): company, Desde, Hasta and Numero de Comprobante, buttons
 * Filtrar and Cancelar; the non-empty ones become query parameters of getRetencionesIva.
 */
export function WithholdingFilterDialog(props: {
  initial: WithholdingFilters;
  onApply: (filters: WithholdingFilters) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const companies = useInvoiceCompanies();
  return (
    <DocumentFilterDialog
      {...props}
      title={t('filter.title')}
      submitLabel={t('filter.apply')}
      compact={compactFilters}
      companies={companies.data ?? []}
      companiesLoading={companies.isPending}
      numberField={(values, set) => (
        <TextField
          label={t('filter.nroComprobante')}
          value={values.nroComprobante ?? ''}
          onChange={(e) => set({ nroComprobante: e.target.value.replace(/\D/g, '') })}
          slotProps={{ htmlInput: { maxLength: 14, inputMode: 'numeric' } }}
        />
      )}
    />
  );
}
