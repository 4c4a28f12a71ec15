import { registerMessages, registerResources } from '../../../app/i18n.ts';
import { defineResources } from '../../../app/resources.ts';

/** Texts of the purchase-book screen, namespace `purchaseBook`. */
export const PURCHASE_BOOK_NS = 'purchaseBook';

const es = {
  title: 'Libro de Compras',
  generator: 'Generar Libro de Compras',
  month: 'Mes',
  pdf: 'Generar PDF',
  excel: 'Generar hoja de cálculo',
  generating: 'Generando el libro de compras…',
  summary: 'Resumen',
  noSummary: 'Genere el libro para ver sus totales',
  documentos: 'Documentos',
  internas: 'Compras internas',
  importaciones: 'Importaciones',
  totalCompras: 'Total compras con IVA',
  exento: 'Compras exentas',
  exonerado: 'Compras exoneradas',
  noSujeto: 'Compras no sujetas',
  sinDerecho: 'Compras sin derecho a crédito fiscal',
  base: 'Base imponible {{rate}} %',
  iva: 'IVA {{rate}} %',
  retenido: 'IVA retenido a proveedores',
  preview: 'Vista previa',
  frameTitle: 'Libro de compras en PDF',
  tooLarge: 'El libro es demasiado grande para verlo aquí.',
  download: 'Descargar Libro de Compras en Pdf',
};

export const purchaseBookResources = defineResources(es, {
  title: 'Purchase Book',
  generator: 'Generate Purchase Book',
  month: 'Month',
  pdf: 'Generate PDF',
  excel: 'Generate spreadsheet',
  generating: 'Generating the purchase book…',
  summary: 'Summary',
  noSummary: 'Generate the book to see its totals',
  documentos: 'Documents',
  internas: 'Domestic purchases',
  importaciones: 'Imports',
  totalCompras: 'Total purchases incl. VAT',
  exento: 'Exempt purchases',
  exonerado: 'Exonerated purchases',
  noSujeto: 'Purchases not subject to VAT',
  sinDerecho: 'Purchases without right to tax credit',
  base: 'Taxable base {{rate}} %',
  iva: 'VAT {{rate}} %',
  retenido: 'VAT withheld from suppliers',
  preview: 'Preview',
  frameTitle: 'Purchase book PDF',
  tooLarge: 'The book is too large to be shown here.',
  download: 'Download Purchase Book PDF',
});

registerResources(PURCHASE_BOOK_NS, purchaseBookResources);
registerMessages({ 'Libro de compras generado': 'Purchase book generated' });
