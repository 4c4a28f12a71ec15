import { InvoiceListPage } from './InvoicesPage.tsx';

/** /facturacion/aereas: the invoice list filtered to the AEREA model. */
export default function AirInvoicesPage() {
  return <InvoiceListPage model="AEREA" />;
}
