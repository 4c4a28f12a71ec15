import { DOCUMENT_FAMILIES, PORTAL_MESSAGES, TIPOS_DOC, type TipoDoc } from '@sigece/fiscal';
import { registerMessages, registerResources } from '../../app/i18n.ts';
import { defineResources } from '../../app/resources.ts';

export const PORTAL_NS = 'portal';

/** Texts of the portal SENIAT screen. */
const es = {
  title: 'Portal SENIAT: documentos numerados',
  intro:
    'Consulta de solo lectura de los documentos con número de control asignado por la imprenta digital, de todas las razones sociales. Cada consulta queda registrada.',
  filters: {
    rif: 'RIF (emisor o cliente)',
    nroControl: 'Número de control',
    tipoDoc: 'Tipo de documento',
    company: 'Razón social',
    all: 'Todos',
    fechaInicio: 'Desde',
    fechaFin: 'Hasta',
    datesInverted: 'La fecha inicial no puede ser posterior a la final',
  },
  /** Each family by its declared name; the English side must name every one too. */
  tipos: Object.fromEntries(TIPOS_DOC.map((tipo) => [tipo, DOCUMENT_FAMILIES[tipo].name])) as Record<
    TipoDoc,
    string
  >,
  columns: {
    fechaEmision: 'Fecha',
    nroControl: 'Nro. Control',
    numero: 'Número',
    tipo: 'Tipo',
    emisor: 'Emisor',
    emisorRif: 'RIF Emisor',
    emisorDireccion: 'Domicilio Fiscal',
    cliente: 'Cliente',
    clienteRif: 'RIF Cliente',
    clienteDireccion: 'Dirección Cliente',
    baseImponible: 'Base Imponible',
    impuesto: 'Impuesto',
    total: 'Total',
    estatus: 'Estatus',
    pdf: 'PDF',
  },
  estatus: { ACTIVO: 'Activo', ANULADO: 'Anulado' },
  download: 'Descargar PDF firmado',
  notGenerated: 'No generado',
  search: 'Buscar por emisor, cliente o número',
};

export const portalResources = defineResources(es, {
  title: 'SENIAT portal: numbered documents',
  intro:
    'Read-only view of the documents the digital printer assigned a control number to, for every company. Every query is recorded.',
  filters: {
    rif: 'RIF (issuer or client)',
    nroControl: 'Control number',
    tipoDoc: 'Document type',
    company: 'Company',
    all: 'All',
    fechaInicio: 'From',
    fechaFin: 'To',
    datesInverted: 'The start date cannot be after the end date',
  },
  tipos: {
    fact: 'Invoice',
    nota: 'Credit / debit note',
    orden: 'Delivery order / dispatch guide',
    ret: 'Withholding voucher',
  },
  columns: {
    fechaEmision: 'Date',
    nroControl: 'Control no.',
    numero: 'Number',
    tipo: 'Type',
    emisor: 'Issuer',
    emisorRif: 'Issuer RIF',
    emisorDireccion: 'Fiscal address',
    cliente: 'Client',
    clienteRif: 'Client RIF',
    clienteDireccion: 'Client address',
    baseImponible: 'Taxable base',
    impuesto: 'Tax',
    total: 'Total',
    estatus: 'Status',
    pdf: 'PDF',
  },
  estatus: { ACTIVO: 'Active', ANULADO: 'Annulled' },
  download: 'Download the signed PDF',
  notGenerated: 'Not generated',
  search: 'Search by issuer, client or number',
});

registerResources(PORTAL_NS, portalResources);
registerMessages({
  [PORTAL_MESSAGES.readOnly]:
    'SENIAT portal users may only read: they cannot record, change, annul or delete data',
  [PORTAL_MESSAGES.notPortalRoute]: 'SENIAT portal users only reach the portal’s queries',
  [PORTAL_MESSAGES.portalOnly]: 'Only SENIAT portal users and the master administrator reach this query',
  [PORTAL_MESSAGES.adminOnly]: 'Only a SENIAT portal administrator can create portal users',
  [PORTAL_MESSAGES.masterOnlyPortal]: 'Only a master administrator can set the SENIAT portal user type',
  [PORTAL_MESSAGES.documentMissing]: 'Document not found',
  [PORTAL_MESSAGES.pdfMissing]: 'The signed PDF of this document has not been generated yet',
  [PORTAL_MESSAGES.dateOrder]: 'fechaInicio cannot be after fechaFin',
});
