import { InvoiceListPage } from './InvoicesPage.tsx';

/** /facturacion/licores (issue 10): the invoice list filtered to the LICORES model. */
export default function LiquorInvoicesPage() {
  return <InvoiceListPage model="LICORES" />;
}
