import { registerResources } from '../../../app/i18n.ts';
import { defineResources } from '../../../app/resources.ts';

/** Texts of a document's activity timeline (namespace `activity`), both languages. */
export const ACTIVITY_NS = 'activity';

const es = {
  title: 'Actividad del documento',
  empty: 'Sin actividad registrada',
  loadError: 'No se pudo cargar la actividad del documento',
  system: 'el sistema',
  origin: { API: 'la API de integración', WEB: 'la pantalla' },
  kinds: {
    creado: 'Creado por {{by}} desde {{origin}}',
    numerado: 'Recibió el número de control {{detail}}',
    firmado: 'PDF generado y firmado digitalmente',
    pdfFallido: 'No se pudo generar el PDF: {{detail}}',
    pdfReintentado: '{{by}} pidió generar de nuevo el PDF',
    correoSolicitado: '{{by}} pidió enviarlo por correo a {{detail}}',
    correoEnCola: 'Correo en cola de envío a {{detail}}',
    correoEnviado: 'Enviado por correo a {{detail}}',
    correoFallido: 'Falló el envío por correo: {{detail}}',
    cobrado: '{{by}} registró un cobro de {{detail}}',
    modificado: 'Modificado por {{by}}',
    anulado: 'Anulado por {{by}}',
    anuladoMotivo: 'Anulado por {{by}}. Motivo: {{detail}}',
    firmadoAnulado: 'PDF marcado ANULADA generado y firmado',
    eliminado: 'Quitado de las listas por {{by}}',
  },
};

const en: typeof es = {
  title: 'Document activity',
  empty: 'No activity recorded',
  loadError: 'The document activity could not be loaded',
  system: 'the system',
  origin: { API: 'the integration API', WEB: 'the screen' },
  kinds: {
    creado: 'Created by {{by}} from {{origin}}',
    numerado: 'Got control number {{detail}}',
    firmado: 'PDF generated and digitally signed',
    pdfFallido: 'The PDF could not be generated: {{detail}}',
    pdfReintentado: '{{by}} asked to generate the PDF again',
    correoSolicitado: '{{by}} asked to e-mail it to {{detail}}',
    correoEnCola: 'E-mail queued to {{detail}}',
    correoEnviado: 'E-mailed to {{detail}}',
    correoFallido: 'E-mail delivery failed: {{detail}}',
    cobrado: '{{by}} recorded a payment of {{detail}}',
    modificado: 'Changed by {{by}}',
    anulado: 'Annulled by {{by}}',
    anuladoMotivo: 'Annulled by {{by}}. Reason: {{detail}}',
    firmadoAnulado: "PDF marked 'ANULADA' generated and signed",
    eliminado: 'Removed from the lists by {{by}}',
  },
};

registerResources(ACTIVITY_NS, defineResources(es, en));
