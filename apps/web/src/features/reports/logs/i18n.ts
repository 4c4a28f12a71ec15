import { registerMessages, registerResources } from '../../../app/i18n.ts';
import { defineResources } from '../../../app/resources.ts';

export const REPORTS_LOGS_NS = 'reportsLogs';

/** Texts of 'Generar Reporte de Logs' (spec 002 §2.8) and of the e-mail log (§2.9). */
const es = {
  logs: {
    title: 'Generar Reporte de Logs',
    user: 'Usuario (correo)',
    noUsers: 'No hay Ususarios',
    desde: 'Desde',
    hasta: 'Hasta',
    generate: 'Generar Reporte',
    empty: 'No hay datos para mostrar',
    frame: 'Logs de Eventos',
    tooLarge: 'El reporte es demasiado grande para verlo aquí.',
    download: 'Descargar Reporte de Logs en Pdf',
  },
  email: {
    title: 'Logs de Correos',
    nroDoc: 'Nro. Documento',
    correoTo: 'Correo destinatario',
    search: 'Buscar',
    export: 'Exportar a Excel',
    before: 'Realice una busquedad',
    empty: 'No existen datos para mostrar',
    columns: {
      fecha: 'Fecha',
      recibido: 'Destinatarios',
      asunto: 'Asunto',
      tipoDoc: 'Tipo Doc',
      nroDoc: 'Nro. Doc',
      estatus: 'Estatus',
    },
    status: 'Estatus del correo',
    statusOf: 'Ver estatus del correo a {{to}}',
    close: 'Cerrar',
    fields: {
      status: 'Estatus',
      statusCode: 'Código',
      msg: 'Respuesta del servidor',
      to_email: 'Destinatario',
      opens_count: 'Aperturas',
      clicks_count: 'Clics',
      fecha: 'Fecha',
    },
    page: 'Página {{page}}',
  },
};

export const reportsLogsResources = defineResources(es, {
  logs: {
    title: 'Generate event-log report',
    user: 'User (e-mail)',
    noUsers: 'No users',
    desde: 'From',
    hasta: 'To',
    generate: 'Generate report',
    empty: 'No data to show',
    frame: 'Event logs',
    tooLarge: 'The report is too large to view here.',
    download: 'Download the event-log report as PDF',
  },
  email: {
    title: 'E-mail logs',
    nroDoc: 'Document no.',
    correoTo: 'Recipient',
    search: 'Search',
    export: 'Export to Excel',
    before: 'Run a search',
    empty: 'No data to show',
    columns: {
      fecha: 'Date',
      recibido: 'Recipients',
      asunto: 'Subject',
      tipoDoc: 'Doc type',
      nroDoc: 'Doc no.',
      estatus: 'Status',
    },
    status: 'E-mail status',
    statusOf: 'See the status of the e-mail to {{to}}',
    close: 'Close',
    fields: {
      status: 'Status',
      statusCode: 'Code',
      msg: 'Server reply',
      to_email: 'Recipient',
      opens_count: 'Opens',
      clicks_count: 'Clicks',
      fecha: 'Date',
    },
    page: 'Page {{page}}',
  },
});

registerResources(REPORTS_LOGS_NS, reportsLogsResources);
registerMessages({
  'No tiene acceso a los eventos de este usuario': "You may not read this user's events",
  'No existe un correo con ese identificador': 'There is no e-mail with that id',
});
