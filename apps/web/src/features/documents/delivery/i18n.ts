import { registerResources } from '../../../app/i18n.ts';
import { defineResources } from '../../../app/resources.ts';

/** Texts of a document's e-mail delivery (namespace `delivery`): one word per state, in both languages. */
export const DELIVERY_NS = 'delivery';

const es = {
  column: 'Correo',
  states: {
    NO_ENVIADO: 'No enviado',
    EN_COLA: 'En cola',
    ENVIADO: 'Enviado',
    FALLIDO: 'Falló',
  },
  tooltip: {
    to: 'Para: {{to}}',
    cc: 'CC: {{cc}}',
    answer: 'Respuesta del servidor: {{code}} {{text}}',
    when: 'Último intento: {{date}} ({{count}} intentos)',
    never: 'No se ha enviado por correo',
  },
  action: { send: 'Enviar por correo', resend: 'Reenviar por correo' },
  dialog: {
    title: 'Enviar / Reenviar por correo',
    document: 'Documento: {{label}}',
    correo: 'Correo',
    cc: 'CC (separados por coma)',
    submit: 'Enviar',
    state: 'Estado del envío',
  },
  companyOff:
    'Los documentos de esta razón social no se envían por correo: active «Envío de facturas por correo» para que sus clientes los reciban. Mientras tanto, cada documento puede enviarse con «Enviar por correo».',
};

const en: typeof es = {
  column: 'E-mail',
  states: { NO_ENVIADO: 'Not sent', EN_COLA: 'Queued', ENVIADO: 'Sent', FALLIDO: 'Failed' },
  tooltip: {
    to: 'To: {{to}}',
    cc: 'CC: {{cc}}',
    answer: 'Server answer: {{code}} {{text}}',
    when: 'Last attempt: {{date}} ({{count}} attempts)',
    never: 'Not sent by e-mail',
  },
  action: { send: 'Send by e-mail', resend: 'Resend by e-mail' },
  dialog: {
    title: 'Send / Resend by e-mail',
    document: 'Document: {{label}}',
    correo: 'E-mail',
    cc: 'CC (comma-separated)',
    submit: 'Send',
    state: 'Delivery state',
  },
  companyOff:
    "This company's documents are not e-mailed: switch on 'Send invoices by e-mail' so its clients receive them. Meanwhile each document can be sent with 'Send by e-mail'.",
};

registerResources(DELIVERY_NS, defineResources(es, en));
