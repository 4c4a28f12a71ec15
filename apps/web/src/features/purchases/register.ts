import { registerMessages, registerResources } from '../../app/i18n.ts';
import { PURCHASES_NS, purchasesMessages, purchasesResources } from './i18n.ts';

registerResources(PURCHASES_NS, purchasesResources);
registerMessages(purchasesMessages);
