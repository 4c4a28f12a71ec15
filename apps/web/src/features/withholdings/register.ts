import { registerMessages, registerResources } from '../../app/i18n.ts';
import { withholdingsMessages, withholdingsResources } from './i18n.ts';

export const NS = 'withholdings';

registerResources(NS, withholdingsResources);
registerMessages(withholdingsMessages);
