import '../../components/ClientPicker/i18n.ts';
import { registerMessages, registerResources } from '../../app/i18n.ts';
import { catalogFallbackMessages } from './fallbacks.ts';
import { catalogResources } from './i18n.ts';
import { catalogMessages } from './messages.ts';

registerResources('catalog', catalogResources);
registerMessages(catalogMessages);
registerMessages(catalogFallbackMessages);
