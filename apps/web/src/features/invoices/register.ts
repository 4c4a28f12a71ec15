import { registerMessages, registerResources } from '../../app/i18n.ts';
import { invoicesMessages, invoicesResources } from './i18n.ts';

registerResources('invoices', invoicesResources);
registerMessages(invoicesMessages);
