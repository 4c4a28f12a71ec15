import type { TipoDoc } from '@sigece/fiscal';
import { defineResources } from '../../app/resources.ts';

/** Texts of the public verification page (spec 002 §2.12). */
const es = {
  provider: 'sigece Imprenta Digital',
  title: 'Verificación de Documentos',
  subtitle: 'Compruebe que el PDF que recibió es el documento emitido por la Imprenta Digital autorizada.',
  loading: 'Cargando...',
  data: {
    title: 'Datos del Documento',
    rif: 'Rif',
    razonSocial: 'Razon Social',
    estatus: 'Estatus',
    checksum: 'Checksum',
    numero: {
      fact: 'Nro. Factura',
      nota: 'Nro. Nota',
      orden: 'Nro. Orden/Guía',
      ret: 'Nro. Comprobante',
    } satisfies Record<TipoDoc, string>,
    control: 'Nro. Control',
    fechaEmision: 'Fecha y hora de emisión',
    clientRif: 'RIF/C.I. del Cliente',
    clientNombre: 'Nombre o Razón Social del Cliente',
    providerRif: 'RIF del Proveedor',
    providerNombre: 'Nombre o Razón Social del Proveedor',
    notFound: 'Documento no encontrado.',
    loadError: 'No se pudieron cargar los datos del documento.',
    notGenerated: 'El documento aún no ha sido generado: no puede verificarse todavía.',
  },
  status: {
    fact: { active: 'Activa', annulled: 'Anulada' },
    nota: { active: 'Activa', annulled: 'Anulada' },
    orden: { active: 'Activa', annulled: 'Anulada' },
    ret: { active: 'Activa', annulled: 'Anulada' },
  } satisfies Record<TipoDoc, { active: string; annulled: string }>,
  checksum: {
    copy: 'Copiar al portapapeles',
    copyLabel: 'Copiar checksum {{value}}',
    copied: 'Checksum copiado al portapapeles',
    copyFailed: 'No se pudo copiar al portapapeles',
  },
  legal: {
    title: 'Aviso legal',
    text: 'Los documentos fiscales verificados en esta página son emitidos por una Imprenta Digital autorizada por el Servicio Nacional Integrado de Administración Aduanera y Tributaria (SENIAT) mediante Providencia Administrativa, conforme a las normas que regulan la emisión de facturas y otros documentos por medios digitales. Cargue el PDF del documento para comprobar que su suma de verificación (checksum) coincide con la registrada por la Imprenta Digital.',
  },
  drop: {
    title: 'Arrastre aquí el documento PDF',
    hint: 'o haga clic para seleccionarlo (un solo archivo PDF, máximo 10 MB)',
    input: 'Documento PDF a validar',
    single: 'Seleccione un solo archivo',
    pdfOnly: 'Solo se admiten archivos PDF',
    tooLarge: 'El archivo supera los 10 MB permitidos',
    preview: 'Vista previa del documento',
  },
  verify: {
    button: 'Validar Documento',
    again: 'Validar otro documento',
    error: 'No se pudo validar el documento.',
  },
  annulled: {
    title: 'Documento anulado el {{date}}',
    reason: 'Motivo: {{reason}}',
    detail:
      'El documento fue emitido por la Imprenta Digital autorizada y luego anulado: no tiene validez fiscal desde esa fecha.',
    verified:
      'El archivo es el documento registrado (su PDF original o el marcado ANULADA), pero el documento está anulado.',
  },
  result: {
    okTitle: 'Correcto',
    okText: 'Documento verificado',
    okDetail:
      'El checksum del archivo coincide con el registrado: el documento es el emitido por la Imprenta Digital autorizada.',
    warningTitle: 'Advertencia',
    warningText: 'Documento no verificado',
    warningDetail:
      'El checksum del archivo no coincide con el registrado. El documento pudo haber sido alterado o no fue emitido por la Imprenta Digital autorizada, por lo que no tiene validez legal.',
  },
  service: {
    title: 'Nuestro Servicio',
    text: 'Como Imprenta Digital autorizada asignamos los números de control, generamos y firmamos digitalmente los documentos fiscales de nuestros clientes y conservamos su registro para que cualquier persona pueda verificarlos.',
  },
  products: {
    title: 'Productos',
    facturas: 'Facturas generales y de servicios',
    notas: 'Notas de crédito y débito',
    ordenes: 'Órdenes de entrega y guías de despacho',
    retenciones: 'Comprobantes de retención de IVA e ISLR',
  },
  contact: {
    title: 'Contacto',
    email: 'soporte@sigece.com.ve',
    phone: '+58 (212) 555-0000',
    hours: 'Lunes a viernes, de 8:00 a. m. a 5:00 p. m.',
  },
  footer: {
    rights: 'Todos los derechos reservados',
    social: 'Redes sociales',
    facebook: 'Facebook',
    instagram: 'Instagram',
    linkedin: 'LinkedIn',
  },
};

const en = {
  provider: 'sigece Digital Printer',
  title: 'Document Verification',
  subtitle: 'Check that the PDF you received is the document issued by the authorised digital printer.',
  loading: 'Loading...',
  data: {
    title: 'Document Data',
    rif: 'Tax ID',
    razonSocial: 'Company Name',
    estatus: 'Status',
    checksum: 'Checksum',
    numero: {
      fact: 'Invoice No.',
      nota: 'Note No.',
      orden: 'Order/Guide No.',
      ret: 'Voucher No.',
    },
    control: 'Control No.',
    fechaEmision: 'Issue date and time',
    clientRif: 'Client Tax ID',
    clientNombre: 'Client Name',
    providerRif: 'Provider Tax ID',
    providerNombre: 'Provider Name',
    notFound: 'Document not found.',
    loadError: 'The document data could not be loaded.',
    notGenerated: 'The document has not been generated yet: it cannot be verified yet.',
  },
  status: {
    fact: { active: 'Active', annulled: 'Annulled' },
    nota: { active: 'Active', annulled: 'Annulled' },
    orden: { active: 'Active', annulled: 'Annulled' },
    ret: { active: 'Active', annulled: 'Annulled' },
  },
  checksum: {
    copy: 'Copy to clipboard',
    copyLabel: 'Copy checksum {{value}}',
    copied: 'Checksum copied to the clipboard',
    copyFailed: 'Could not copy to the clipboard',
  },
  legal: {
    title: 'Legal notice',
    text: 'The tax documents verified on this page are issued by a digital printer authorised by the National Integrated Service for Customs and Tax Administration (SENIAT) through an Administrative Ruling, under the rules on issuing invoices and other documents by digital means. Upload the document PDF to check that its checksum matches the one the digital printer recorded.',
  },
  drop: {
    title: 'Drop the PDF document here',
    hint: 'or click to choose it (a single PDF file, at most 10 MB)',
    input: 'PDF document to validate',
    single: 'Choose a single file',
    pdfOnly: 'Only PDF files are accepted',
    tooLarge: 'The file is larger than the 10 MB allowed',
    preview: 'Document preview',
  },
  verify: {
    button: 'Validate Document',
    again: 'Validate another document',
    error: 'The document could not be validated.',
  },
  annulled: {
    title: 'Document annulled on {{date}}',
    reason: 'Reason: {{reason}}',
    detail:
      'The document was issued by the authorised digital printer and later annulled: it has no tax validity from that date.',
    verified:
      "The file is the recorded document (its original PDF or the one marked 'ANULADA'), but the document is annulled.",
  },
  result: {
    okTitle: 'Correct',
    okText: 'Document verified',
    okDetail:
      'The file checksum matches the recorded one: the document is the one issued by the authorised digital printer.',
    warningTitle: 'Warning',
    warningText: 'Document not verified',
    warningDetail:
      'The file checksum does not match the recorded one. The document may have been altered or was not issued by the authorised digital printer, so it has no legal validity.',
  },
  service: {
    title: 'Our Service',
    text: 'As an authorised digital printer we assign control numbers, generate and digitally sign our clients’ tax documents and keep their record so that anyone can verify them.',
  },
  products: {
    title: 'Products',
    facturas: 'General and service invoices',
    notas: 'Credit and debit notes',
    ordenes: 'Delivery orders and dispatch guides',
    retenciones: 'VAT and income-tax withholding vouchers',
  },
  contact: {
    title: 'Contact',
    email: 'soporte@sigece.com.ve',
    phone: '+58 (212) 555-0000',
    hours: 'Monday to Friday, 8:00 a.m. to 5:00 p.m.',
  },
  footer: {
    rights: 'All rights reserved',
    social: 'Social networks',
    facebook: 'Facebook',
    instagram: 'Instagram',
    linkedin: 'LinkedIn',
  },
};

export const verificationResources = defineResources(es, en);

/** English for the server's answers the page shows. */
export const verificationMessages: Record<string, string> = {
  'Documento no encontrado': 'Document not found',
  'Solo se admiten archivos PDF': 'Only PDF files are accepted',
  'Envíe un solo archivo': 'Send a single file',
  'Seleccione el documento PDF a validar': 'Choose the PDF document to validate',
  'El archivo supera los 10000000 bytes permitidos': 'The file is larger than the 10,000,000 bytes allowed',
  'Identificador de documento no válido': 'Invalid document identifier',
};
