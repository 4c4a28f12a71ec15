import { registerResources } from '../../app/i18n.ts';
import { defineResources } from '../../app/resources.ts';

export const WEBHOOKS_NS = 'webhooks';

const es = {
  title: 'Webhooks',
  add: 'Agregar webhook',
  addTitle: 'Agregar webhook',
  columns: {
    razonSocial: 'Razón Social',
    url: 'URL',
    eventos: 'Eventos',
    estado: 'Estado',
    pendientes: 'Pendientes',
    creado: 'Registrado',
  },
  fields: { localidad: 'Razón Social', url: 'URL (HTTPS)', eventos: 'Eventos' },
  active: 'Activo',
  inactive: 'Desactivado',
  actions: {
    test: 'Enviar evento de prueba',
    disable: 'Desactivar',
    enable: 'Activar',
    rotate: 'Renovar secreto',
    delete: 'Eliminar',
    deliveries: 'Entregas',
  },
  confirm: {
    rotate: 'El secreto actual dejará de firmar los eventos. ¿Renovar el secreto de {{url}}?',
    delete: 'Se eliminará el webhook {{url}} con su registro de entregas. ¿Continuar?',
  },
  secret: {
    title: 'Secreto de firma',
    once: 'Guárdelo ahora: no se volverá a mostrar. Con él se verifica la cabecera webhook-signature.',
    copy: 'Copiar',
    copied: 'Secreto copiado',
    close: 'Ya lo guardé',
  },
  test: {
    delivered: 'Evento de prueba entregado (HTTP {{code}})',
    failed: 'El receptor no aceptó el evento de prueba: {{answer}}',
  },
  deliveries: {
    title: 'Entregas de {{url}}',
    columns: {
      creado: 'Fecha',
      tipo: 'Evento',
      documento: 'Documento',
      estado: 'Estado',
      intentos: 'Intentos',
      codigo: 'Último código',
      respuesta: 'Última respuesta (1 kB)',
      proximo: 'Próximo intento',
    },
    states: { PENDIENTE: 'Pendiente', ENTREGADA: 'Entregada', FALLIDA: 'Fallida' },
    replay: 'Reenviar',
    replayFailed: 'Reenviar fallidas',
    noneFailed: 'No hay entregas fallidas',
    search: 'Estado: entregada, fallida, pendiente',
    close: 'Cerrar',
  },
  // Keyed as the event types read ('documento.numerado' → documento › numerado).
  events: {
    documento: { numerado: 'Documento numerado', firmado: 'PDF firmado', anulado: 'Documento anulado' },
    correo: { enviado: 'Correo enviado', fallido: 'Correo fallido' },
    carga: { terminada: 'Carga masiva terminada' },
    reporte: { listo: 'Reporte listo' },
    webhook: { prueba: 'Evento de prueba' },
  },
};

const en = {
  title: 'Webhooks',
  add: 'Add webhook',
  addTitle: 'Add webhook',
  columns: {
    razonSocial: 'Company',
    url: 'URL',
    eventos: 'Events',
    estado: 'Status',
    pendientes: 'Pending',
    creado: 'Registered',
  },
  fields: { localidad: 'Company', url: 'URL (HTTPS)', eventos: 'Events' },
  active: 'Active',
  inactive: 'Disabled',
  actions: {
    test: 'Send test event',
    disable: 'Disable',
    enable: 'Enable',
    rotate: 'Rotate secret',
    delete: 'Delete',
    deliveries: 'Deliveries',
  },
  confirm: {
    rotate: 'The current secret will stop signing events. Rotate the secret of {{url}}?',
    delete: 'The webhook {{url}} and its delivery log will be deleted. Continue?',
  },
  secret: {
    title: 'Signing secret',
    once: 'Save it now: it will not be shown again. It verifies the webhook-signature header.',
    copy: 'Copy',
    copied: 'Secret copied',
    close: 'I saved it',
  },
  test: {
    delivered: 'Test event delivered (HTTP {{code}})',
    failed: 'The receiver did not accept the test event: {{answer}}',
  },
  deliveries: {
    title: 'Deliveries to {{url}}',
    columns: {
      creado: 'Date',
      tipo: 'Event',
      documento: 'Document',
      estado: 'Status',
      intentos: 'Attempts',
      codigo: 'Last code',
      respuesta: 'Last answer (1 kB)',
      proximo: 'Next attempt',
    },
    states: { PENDIENTE: 'Pending', ENTREGADA: 'Delivered', FALLIDA: 'Failed' },
    replay: 'Send again',
    replayFailed: 'Send failed ones again',
    noneFailed: 'There are no failed deliveries',
    search: 'Status: delivered, failed, pending',
    close: 'Close',
  },
  events: {
    documento: { numerado: 'Document numbered', firmado: 'PDF signed', anulado: 'Document annulled' },
    correo: { enviado: 'E-mail sent', fallido: 'E-mail failed' },
    carga: { terminada: 'Mass load finished' },
    reporte: { listo: 'Report ready' },
    webhook: { prueba: 'Test event' },
  },
};

registerResources(WEBHOOKS_NS, defineResources(es, en));
