import { InvoiceListPage } from './InvoicesPage.tsx';

/** /facturacion/licores: the invoice list filtered to the LICORES model. */
export default function LiquorInvoicesPage() {
  return <InvoiceListPage model="LICORES" />;
}
