import { registerMessages, registerResources } from '../../app/i18n.ts';
import { verificationMessages, verificationResources } from './i18n.ts';

registerResources('verification', verificationResources);
registerMessages(verificationMessages);
