import { registerResources } from '../../../app/i18n.ts';
import { defineResources } from '../../../app/resources.ts';

export const REPORTS_REGISTER_NS = 'reportsRegister';

/** Texts of the register of assignments. */
const es = {
  title: 'Registro de asignaciones de números de control',
  empresa: 'Razón Social',
  todas: 'Todas',
  familia: 'Familia',
  familias: { FACTURA: 'Facturas y notas', ORDEN: 'Órdenes y guías', RETENCION: 'Retenciones IVA e ISLR' },
  downloadCsv: 'Descargar CSV',
  downloadXlsx: 'Descargar Excel',
  columns: {
    empresa: 'Razón Social',
    sucursal: 'Sucursal',
    familia: 'Familia',
    serie: 'Serie',
    desde: 'N° Control Desde',
    hasta: 'N° Control Hasta',
    cantidad: 'Cantidad',
    usados: 'Usados',
    estatus: 'Estatus',
    fecha: 'Fecha y hora de asignación',
    asignadoPor: 'Asignado por',
  },
};

export const reportsRegisterResources = defineResources(es, {
  title: 'Register of control-number assignments',
  empresa: 'Company',
  todas: 'All',
  familia: 'Family',
  familias: {
    FACTURA: 'Invoices and notes',
    ORDEN: 'Orders and guides',
    RETENCION: 'IVA and ISLR withholdings',
  },
  downloadCsv: 'Download CSV',
  downloadXlsx: 'Download Excel',
  columns: {
    empresa: 'Company',
    sucursal: 'Branch',
    familia: 'Family',
    serie: 'Series',
    desde: 'Control No. from',
    hasta: 'Control No. to',
    cantidad: 'Quantity',
    usados: 'Used',
    estatus: 'Status',
    fecha: 'Assigned on',
    asignadoPor: 'Assigned by',
  },
});

registerResources(REPORTS_REGISTER_NS, reportsRegisterResources);
