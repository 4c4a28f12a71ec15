import { registerResources } from '../../app/i18n.ts';
import { defineResources } from '../../app/resources.ts';

export const REQUEST_LOG_NS = 'integrationRequestLog';

const es = {
  title: 'Registro de solicitudes',
  searchPlaceholder: 'Buscar por ruta, RIF, llamante o clave de idempotencia',
  onlyErrors: 'Solo con errores o documentos rechazados',
  columns: {
    fecha: 'Fecha',
    llamante: 'Clave o usuario',
    ruta: 'Ruta',
    status: 'Estatus',
    aceptados: 'Aceptados',
    rechazados: 'Rechazados',
    duracion: 'Duración (ms)',
    idempotencyKey: 'Clave de idempotencia',
  },
  body: 'Cuerpo (secretos ocultos)',
  noBody: 'Sin cuerpo',
};

const en = {
  title: 'Request log',
  searchPlaceholder: 'Search by route, RIF, caller or idempotency key',
  onlyErrors: 'Only with errors or refused documents',
  columns: {
    fecha: 'Date',
    llamante: 'Key or user',
    ruta: 'Route',
    status: 'Status',
    aceptados: 'Accepted',
    rechazados: 'Refused',
    duracion: 'Duration (ms)',
    idempotencyKey: 'Idempotency key',
  },
  body: 'Body (secrets masked)',
  noBody: 'No body',
};

registerResources(REQUEST_LOG_NS, defineResources(es, en));
