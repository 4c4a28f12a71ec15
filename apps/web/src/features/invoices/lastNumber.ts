import { useQuery } from '@tanstack/react-query';
import { filterInvoices, invoicesKey } from './api.ts';
import { invoiceNumber } from './invoiceNumber.ts';

/**
 * The last invoice number a company (or branch) used, for companies that number by hand. The server has
 * no call for it: this reads the first row of the invoice list filtered by company (and branch), which
 * the server orders newest first (fechaEmision desc, then control number desc).
 */
export function useLastInvoiceNumber(localidadId: string, sucursalId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...invoicesKey, 'last-number', localidadId, sucursalId],
    queryFn: async ({ signal }) => {
      const page = await filterInvoices(
        { page: 1, limit: 1, search: '' },
        { id_localidad: localidadId, id_sucursal: sucursalId || undefined },
        signal,
      );
      const last = page.results[0];
      return last ? invoiceNumber(last) : null;
    },
    enabled: enabled && localidadId !== '',
    staleTime: 0,
    meta: { silent: true },
  });
}
