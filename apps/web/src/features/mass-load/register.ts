import { registerMessages, registerResources } from '../../app/i18n.ts';
import { massLoadResources } from './i18n.ts';
import { massLoadMessages } from './messages.ts';

registerResources('massLoad', massLoadResources);
registerMessages(massLoadMessages);
