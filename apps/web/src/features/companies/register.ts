import '../numbering/register.ts';
import { registerMessages, registerResources } from '../../app/i18n.ts';
import { companiesResources } from './i18n.ts';
import { companiesMessages } from './messages.ts';

registerResources('companies', companiesResources);
registerMessages(companiesMessages);
