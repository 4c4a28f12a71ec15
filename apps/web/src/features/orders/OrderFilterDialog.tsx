import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '../../components/DataTable/index.ts';
import { DocumentFilterDialog } from '../documents/index.ts';
import { useInvoiceCompanies } from '../invoices/api.ts';
import { compactOrderFilters, fetchOrders, type OrderFilters } from './api.ts';

/**
 * The orders filter (spec 001 §2.4, §5.6): company, branch, order number, from and to, all optional;
 * applying reloads page 1 with limit 10.
 */
export function OrderFilterDialog(props: {
  initial: OrderFilters;
  onApply: (filters: OrderFilters) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const companies = useInvoiceCompanies();
  return (
    <DocumentFilterDialog
      {...props}
      title={t('filter.title')}
      compact={compactOrderFilters}
      search={async (filters) => {
        await fetchOrders({ page: 1, limit: DEFAULT_PAGE_SIZE, search: '' }, filters);
        return { message: 'Busqueda Ejecutada' };
      }}
      companies={companies.data ?? []}
      companiesLoading={companies.isPending}
      numberField={(values, set) => (
        <TextField
          label={t('filter.nroOrden')}
          value={values.nroOrden ?? ''}
          onChange={(e) => set({ nroOrden: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 20 } }}
        />
      )}
    />
  );
}
