import { registerMessages, registerResources } from '../../app/i18n.ts';
import { invoiceDeskResources } from './desk-i18n.ts';
import { invoicesMessages, invoicesResources } from './i18n.ts';
import { invoiceModelsMessages, invoiceModelsResources } from './models-i18n.ts';

registerResources('invoices', invoicesResources);
registerMessages(invoicesMessages);
registerResources('invoiceModels', invoiceModelsResources);
registerMessages(invoiceModelsMessages);
registerResources('invoiceDesk', invoiceDeskResources);
