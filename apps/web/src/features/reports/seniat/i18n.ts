import { registerMessages, registerResources } from '../../../app/i18n.ts';
import { defineResources } from '../../../app/resources.ts';

export const REPORTS_SENIAT_NS = 'reportsSeniat';

/** Texts of 'Generar Reporte Seniat' (spec 002 §2.5). */
const es = {
  title: 'Generar Reporte Seniat',
  choose: 'Selecione el reporte a generar',
  kinds: {
    '1': 'Reporte Providencia 0032 Art. 28',
    '6': 'Reporte Contribuyentes Providencia 0032 Art. 28',
    '2': 'Reporte Semanal',
    '4': 'Reporte Mensual',
    '5': 'Reporte Anual',
    '7': 'Reporte Semanal Procert',
  },
  desde: 'Desde',
  hasta: 'Hasta',
  email: 'Correo para enviar el reporte',
  anio: 'Año',
  mes: 'Mes',
  formato: 'Formato',
  empresa: 'Razón social (opcional)',
  empresas: 'Razones sociales',
  noCompanies: 'No hay Localidades',
  byPeriod: 'Generar Reporte por Periodo',
  generate: 'Generar Reporte',
  general: 'Reporte General',
  download: 'Descargar',
  months: [
    'Enero',
    'Febrero',
    'Marzo',
    'Abril',
    'Mayo',
    'Junio',
    'Julio',
    'Agosto',
    'Septiembre',
    'Octubre',
    'Noviembre',
    'Diciembre',
  ],
};

export const reportsSeniatResources = defineResources(es, {
  title: 'Generate SENIAT report',
  choose: 'Choose the report to generate',
  kinds: {
    '1': 'Providencia 0032 Art. 28 report',
    '6': 'Taxpayers report, Providencia 0032 Art. 28',
    '2': 'Weekly report',
    '4': 'Monthly report',
    '5': 'Annual report',
    '7': 'Procert weekly report',
  },
  desde: 'From',
  hasta: 'To',
  email: 'E-mail to send the report to',
  anio: 'Year',
  mes: 'Month',
  formato: 'Format',
  empresa: 'Company (optional)',
  empresas: 'Companies',
  noCompanies: 'No companies',
  byPeriod: 'Generate report for the period',
  generate: 'Generate report',
  general: 'General report',
  download: 'Download',
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
});

registerResources(REPORTS_SENIAT_NS, reportsSeniatResources);
registerMessages({
  'Reporte generado con exito, en breve llegara a tu correo':
    'Report generated; it will reach your mailbox shortly',
  'Ingresa un correo electronico valido': 'Enter a valid e-mail address',
  'Ingresa un anio valido': 'Enter a valid year',
  'La fecha Desde no puede ser posterior a la fecha Hasta': '"From" cannot be after "To"',
  'Las fechas del reporte no pueden ser posteriores a hoy': 'Report dates cannot be later than today',
});
