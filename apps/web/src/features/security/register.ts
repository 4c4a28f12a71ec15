import { registerMessages, registerResources } from '../../app/i18n.ts';
import { securityResources } from './i18n.ts';
import { securityMessages } from './messages.ts';

registerResources('security', securityResources);
registerMessages(securityMessages);
