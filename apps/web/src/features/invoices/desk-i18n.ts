import { defineResources } from '../../app/resources.ts';

/** Texts of the invoice desk: drafts, duplicate, credit and later payments. */
const es = {
  columns: { total: 'Total', saldo: 'Saldo / Pago' },
  chip: { PAGADA: 'Pagada', PARCIAL: 'Pago parcial', CREDITO: 'A crédito', VENCIDA: 'Vencida' },
  dueOn: 'Vence {{date}}',
  actions: { duplicate: 'Duplicar', collect: 'Registrar pago' },
  collect: {
    title: 'Registrar pago de la factura N° {{nro}}',
    total: 'Total',
    paid: 'Cobrado',
    balance: 'Saldo pendiente',
    due: 'Vencimiento',
    history: 'Pagos recibidos',
    none: 'Aún no hay pagos registrados.',
    fecha: 'Fecha del pago',
    monto: 'Monto ({{currency}})',
    modoPago: 'Forma de pago',
    referencia: 'Referencia',
    save: 'Registrar pago',
    overBalance: 'El monto excede el saldo pendiente',
    positive: 'El monto debe ser mayor que cero',
    settled: 'Esta factura no tiene saldo pendiente.',
  },
  draft: {
    restored: 'Se recuperó el borrador que dejó sin emitir.',
    saved: 'Borrador guardado en este navegador',
    duplicated: 'Factura N° {{nro}} duplicada: revise y emita.',
    duplicateError: 'No se pudo cargar la factura a duplicar.',
    leave: 'Tiene una factura sin emitir. Se guarda como borrador en este navegador.',
  },
  credit: {
    days: 'Días de crédito',
    due: 'Vence el {{date}}',
    daysInvalid: 'Entre 1 y 365 días',
  },
  products: {
    noPrice: 'Ningún producto de esta razón social tiene precio en {{currency}}.',
    create: 'Crear producto',
  },
};

const en: typeof es = {
  columns: { total: 'Total', saldo: 'Balance / Payment' },
  chip: { PAGADA: 'Paid', PARCIAL: 'Partly paid', CREDITO: 'On credit', VENCIDA: 'Overdue' },
  dueOn: 'Due {{date}}',
  actions: { duplicate: 'Duplicate', collect: 'Record payment' },
  collect: {
    title: 'Record a payment of invoice No. {{nro}}',
    total: 'Total',
    paid: 'Received',
    balance: 'Balance due',
    due: 'Due date',
    history: 'Payments received',
    none: 'No payments recorded yet.',
    fecha: 'Payment date',
    monto: 'Amount ({{currency}})',
    modoPago: 'Payment method',
    referencia: 'Reference',
    save: 'Record payment',
    overBalance: 'The amount is above the balance due',
    positive: 'The amount must be greater than zero',
    settled: 'This invoice has no balance due.',
  },
  draft: {
    restored: 'The draft you left unissued was restored.',
    saved: 'Draft saved in this browser',
    duplicated: 'Invoice No. {{nro}} duplicated: review and issue it.',
    duplicateError: 'The invoice to duplicate could not be loaded.',
    leave: 'You have an unissued invoice. It is kept as a draft in this browser.',
  },
  credit: {
    days: 'Credit days',
    due: 'Due on {{date}}',
    daysInvalid: 'Between 1 and 365 days',
  },
  products: { noPrice: 'No product of this company has a price in {{currency}}.', create: 'Create product' },
};

export const invoiceDeskResources = defineResources(es, en);
