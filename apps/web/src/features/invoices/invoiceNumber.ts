/** The invoice number as printed: 'serie-numero' when the invoice has its own series. */
export const invoiceNumber = (row: { serieNrofactura: string; nroFactura: string }) =>
  row.serieNrofactura ? `${row.serieNrofactura}-${row.nroFactura}` : row.nroFactura;
