import { registerMessages, registerResources } from '../../../app/i18n.ts';
import { defineResources } from '../../../app/resources.ts';

/** Texts of the sales-book screen (spec 002 §2.6, §8, §9), namespace `salesBook`. */
export const SALES_BOOK_NS = 'salesBook';

const es = {
  title: 'Libro de Ventas',
  generator: 'Generar Libro de Ventas',
  month: 'Mes',
  email: 'Correo para la hoja extendida',
  emailInvalid: 'Ingresa un correo electronico valido',
  pdf: 'Generar PDF',
  excel: 'Generar hoja de cálculo',
  extended: 'Solicitar hoja de cálculo extendida',
  generating: 'Generando el libro de ventas…',
  summary: 'Resumen',
  noSummary: 'Genere el libro para ver sus totales',
  documentos: 'Documentos',
  own: 'Ventas propias',
  third: 'Ventas por cuenta de terceros',
  totalVentas: 'Total ventas con IVA',
  exento: 'Ventas exentas',
  exonerado: 'Ventas exoneradas',
  base: 'Base imponible {{rate}} %',
  iva: 'IVA {{rate}} %',
  retenido: 'IVA retenido por los compradores',
  preview: 'Vista previa',
  frameTitle: 'Libro de ventas en PDF',
  tooLarge: 'El libro es demasiado grande para verlo aquí.',
  download: 'Descargar Libro de Ventas en Pdf',
  received: '¡Solicitud Recibida!',
  receivedText: 'El libro de ventas extendido llegará a {{email}}.',
  receivedDetail: 'Solicitud {{id}} · estado {{state}} · posición en la cola {{posicion}} · {{fecha}}',
};

export const salesBookResources = defineResources(es, {
  title: 'Sales Book',
  generator: 'Generate Sales Book',
  month: 'Month',
  email: 'E-mail for the extended spreadsheet',
  emailInvalid: 'Enter a valid e-mail address',
  pdf: 'Generate PDF',
  excel: 'Generate spreadsheet',
  extended: 'Request extended spreadsheet',
  generating: 'Generating the sales book…',
  summary: 'Summary',
  noSummary: 'Generate the book to see its totals',
  documentos: 'Documents',
  own: 'Own sales',
  third: 'Third-party sales',
  totalVentas: 'Total sales incl. VAT',
  exento: 'Exempt sales',
  exonerado: 'Exonerated sales',
  base: 'Taxable base {{rate}} %',
  iva: 'VAT {{rate}} %',
  retenido: 'VAT withheld by the buyers',
  preview: 'Preview',
  frameTitle: 'Sales book PDF',
  tooLarge: 'The book is too large to be shown here.',
  download: 'Download Sales Book PDF',
  received: 'Request Received!',
  receivedText: 'The extended sales book will be sent to {{email}}.',
  receivedDetail: 'Request {{id}} · state {{state}} · queue position {{posicion}} · {{fecha}}',
});

registerResources(SALES_BOOK_NS, salesBookResources);
registerMessages({
  'Libro de ventas generado': 'Sales book generated',
  'La fecha Hasta no puede ser anterior a la fecha Desde': 'The To date cannot be before the From date',
});
