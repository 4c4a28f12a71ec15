import { registerMessages, registerResources } from '../../app/i18n.ts';
import { integrationMessages, integrationResources } from './i18n.ts';

registerResources('integration', integrationResources);
registerMessages(integrationMessages);
