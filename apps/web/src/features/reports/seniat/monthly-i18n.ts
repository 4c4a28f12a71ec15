import { registerMessages, registerResources } from '../../../app/i18n.ts';
import { defineResources } from '../../../app/resources.ts';

export const SENIAT_MONTHLY_NS = 'seniatMonthly';

/** Texts of the monthly report of assigned control numbers. */
const es = {
  title: 'Reporte mensual de números de control asignados',
  intro:
    'La imprenta digital informa al SENIAT, dentro de los 10 días continuos siguientes a cada mes, todos los números de control que asignó (también si no asignó ninguno). Dos meses vencidos en un año calendario son causal de revocatoria.',
  periodo: 'Mes',
  estado: 'Estado',
  vence: 'Vence',
  cantidad: 'Números',
  generado: 'Generado',
  enviado: 'Enviado',
  recibo: 'N° de recibo',
  acciones: 'Acciones',
  states: { pendiente: 'Pendiente', generado: 'Generado', enviado: 'Enviado', vencido: 'Vencido' },
  generate: 'Generar',
  regenerate: 'Generar de nuevo',
  markSent: 'Marcar enviado',
  download: 'Descargar {{formato}}',
  overdue: 'Meses vencidos en {{anio}}: {{count}} de {{limite}} que son causal de revocatoria',
  overdueNone: 'Ningún mes vencido en {{anio}}',
  sentTitle: 'Marcar como enviado al SENIAT el reporte de {{periodo}}',
  sentHelp: 'Queda registrado quién lo marca y cuándo. El número de recibo del SENIAT es opcional.',
  reciboLabel: 'N° de recibo (opcional)',
  empty: 'No hay meses que mostrar',
  by: 'por {{who}}',
};

export const seniatMonthlyResources = defineResources(es, {
  title: 'Monthly report of assigned control numbers',
  intro:
    'The digital printer reports to SENIAT, within the 10 calendar days after each month, every control number it assigned (also when it assigned none). Two overdue months in one calendar year are grounds for revocation.',
  periodo: 'Month',
  estado: 'State',
  vence: 'Due',
  cantidad: 'Numbers',
  generado: 'Generated',
  enviado: 'Sent',
  recibo: 'Receipt no.',
  acciones: 'Actions',
  states: { pendiente: 'Pending', generado: 'Generated', enviado: 'Sent', vencido: 'Overdue' },
  generate: 'Generate',
  regenerate: 'Generate again',
  markSent: 'Mark sent',
  download: 'Download {{formato}}',
  overdue: 'Overdue months in {{anio}}: {{count}} of the {{limite}} that are grounds for revocation',
  overdueNone: 'No overdue month in {{anio}}',
  sentTitle: 'Mark the report of {{periodo}} as sent to SENIAT',
  sentHelp: 'Who marks it and when are recorded. The SENIAT receipt number is optional.',
  reciboLabel: 'Receipt no. (optional)',
  empty: 'No months to show',
  by: 'by {{who}}',
});

registerResources(SENIAT_MONTHLY_NS, seniatMonthlyResources);
registerMessages({
  'Solo el administrador maestro del proveedor gestiona el reporte mensual al SENIAT':
    "Only the provider's master administrator manages the monthly report to SENIAT",
  'El período debe tener el formato AAAA-MM (por ejemplo 2026-05)':
    'The period must be YYYY-MM (e.g. 2026-05)',
  'El período no puede ser posterior al mes actual': 'The period cannot be after the current month',
  'El número de recibo admite hasta 60 caracteres': 'The receipt number takes at most 60 characters',
});
