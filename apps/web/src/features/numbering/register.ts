import { registerMessages, registerResources } from '../../app/i18n.ts';
import { numberingResources } from './i18n.ts';
import { numberingMessages } from './messages.ts';

registerResources('numbering', numberingResources);
registerMessages(numberingMessages);
