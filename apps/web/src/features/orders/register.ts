import { registerMessages, registerResources } from '../../app/i18n.ts';
import { ordersMessages, ordersResources } from './i18n.ts';

registerResources('orders', ordersResources);
registerMessages(ordersMessages);
