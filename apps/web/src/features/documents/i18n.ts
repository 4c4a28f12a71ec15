import { registerResources } from '../../app/i18n.ts';
import { defineResources } from '../../app/resources.ts';

/** Texts of the shared document screens (namespace `documents`). */
export const DOCUMENTS_NS = 'documents';

const es = {
  pdf: {
    frameTitle: 'PDF de {{title}}',
    loadError: 'No se pudo cargar el PDF del documento.',
    tooLarge: 'El PDF es demasiado grande para mostrarlo aquí.',
    download: 'Descargar PDF',
  },
  json: {
    title: 'Documento en JSON',
    download: 'Descargar JSON',
  },
  list: {
    filter: 'Filtrar',
    clearFilter: 'Quitar filtro',
    more: 'Más acciones',
  },
  annul: {
    reason: 'Motivo de la anulación',
    reasonHelp: 'Queda en el documento, su auditoría y la página de verificación (hasta {{max}} caracteres).',
  },
  client: {
    title: 'Cliente',
    none: 'Sin cliente',
  },
  filter: {
    apply: 'Buscar',
    clear: 'Limpiar campos',
    localidad: 'Razón Social',
    sucursal: 'Sucursal',
    noCompanies: 'No hay Localidades',
    noBranches: 'No hay Sucursales Asociadas',
    desde: 'Desde',
    hasta: 'Hasta',
    datesInverted: 'La fecha hasta debe ser posterior a la fecha desde',
  },
  lines: {
    remove: 'Eliminar',
    removeNamed: 'Eliminar {{name}}',
  },
};

const en: typeof es = {
  pdf: {
    frameTitle: 'PDF of {{title}}',
    loadError: 'The document PDF could not be loaded.',
    tooLarge: 'The PDF is too large to be shown here.',
    download: 'Download PDF',
  },
  json: {
    title: 'Document as JSON',
    download: 'Download JSON',
  },
  list: {
    filter: 'Filter',
    clearFilter: 'Clear filter',
    more: 'More actions',
  },
  annul: {
    reason: 'Reason for annulment',
    reasonHelp: 'Kept on the document, its audit trail and the verification page (up to {{max}} characters).',
  },
  client: {
    title: 'Client',
    none: 'No client',
  },
  filter: {
    apply: 'Search',
    clear: 'Clear fields',
    localidad: 'Company',
    sucursal: 'Branch',
    noCompanies: 'No companies',
    noBranches: 'No associated branches',
    desde: 'From',
    hasta: 'To',
    datesInverted: 'The end date must be after the start date',
  },
  lines: {
    remove: 'Remove',
    removeNamed: 'Remove {{name}}',
  },
};

registerResources(DOCUMENTS_NS, defineResources(es, en));
