import { defineResources } from '../../app/resources.ts';

const es = {
  apiKeys: {
    title: 'Claves de API',
    intro:
      'Las claves permiten a un ERP enviar documentos a las rutas de integración con «Authorization: Bearer <clave>». Una clave de prueba numera sus facturas con una secuencia de prueba (PR-…) sin valor fiscal.',
    add: 'Crear clave',
    search: 'Buscar por nombre o prefijo',
    columns: {
      nombre: 'Nombre',
      localidad: 'Razón Social',
      prefijo: 'Prefijo',
      acciones: 'Acciones',
      entorno: 'Entorno',
      creada: 'Creada',
      ultimoUso: 'Último uso',
      estatus: 'Estatus',
    },
    env: { live: 'Real', test: 'Prueba' },
    status: { active: 'Activa', revoked: 'Revocada' },
    never: 'Nunca',
    actions: { emitir: 'Emitir', anular: 'Anular', consultar: 'Consultar' },
    form: {
      title: 'Crear clave de API',
      localidad: 'Razón Social',
      sucursal: 'Sucursal',
      todaLaEmpresa: 'Toda la razón social',
      nombre: 'Nombre',
      acciones: 'Acciones permitidas',
      prueba: 'Clave de prueba (entorno de prueba, sin valor fiscal)',
      create: 'Crear',
    },
    created: {
      title: 'Clave creada',
      warning: 'Copie la clave ahora: no se volverá a mostrar. El servidor solo guarda su huella (SHA-256).',
      copy: 'Copiar',
      copied: 'Clave copiada',
      done: 'Listo, la guardé',
    },
    revoke: {
      action: 'Revocar',
      title: 'Revocar clave',
      message:
        '¿Está seguro de revocar la clave «{{name}}» ({{prefix}})? El ERP que la use dejará de poder enviar documentos. No se puede deshacer.',
      done: 'Clave de API revocada',
    },
  },
};

export const integrationResources = defineResources(es, {
  apiKeys: {
    title: 'API keys',
    intro:
      'Keys let an ERP send documents to the integration routes with "Authorization: Bearer <key>". A test key numbers its invoices from a test sequence (PR-…) with no fiscal value.',
    add: 'Create key',
    search: 'Search by name or prefix',
    columns: {
      nombre: 'Name',
      localidad: 'Company',
      prefijo: 'Prefix',
      acciones: 'Actions',
      entorno: 'Environment',
      creada: 'Created',
      ultimoUso: 'Last used',
      estatus: 'Status',
    },
    env: { live: 'Live', test: 'Test' },
    status: { active: 'Active', revoked: 'Revoked' },
    never: 'Never',
    actions: { emitir: 'Issue', anular: 'Annul', consultar: 'Read' },
    form: {
      title: 'Create API key',
      localidad: 'Company',
      sucursal: 'Branch',
      todaLaEmpresa: 'The whole company',
      nombre: 'Name',
      acciones: 'Allowed actions',
      prueba: 'Test key (sandbox, no fiscal value)',
      create: 'Create',
    },
    created: {
      title: 'Key created',
      warning:
        'Copy the key now: it will not be shown again. The server keeps only its fingerprint (SHA-256).',
      copy: 'Copy',
      copied: 'Key copied',
      done: 'Done, I saved it',
    },
    revoke: {
      action: 'Revoke',
      title: 'Revoke key',
      message:
        'Revoke the key "{{name}}" ({{prefix}})? The ERP using it will no longer be able to send documents. This cannot be undone.',
      done: 'API key revoked',
    },
  },
});

/** English for the server's messages this screen shows. */
export const integrationMessages: Record<string, string> = {
  'Clave de API revocada': 'API key revoked',
  'Clave de API no encontrada': 'API key not found',
  'El nombre es requerido (máximo 60 caracteres)': 'The name is required (at most 60 characters)',
  'Indique al menos una acción: emitir, anular, consultar': 'Choose at least one action: issue, annul, read',
  'Seleccione la razón social': 'Select the company',
  'Indique una de sus sucursales: su usuario no administra toda la razón social':
    'Choose one of your branches: your user does not administer the whole company',
};
