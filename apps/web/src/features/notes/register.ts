import { registerMessages, registerResources } from '../../app/i18n.ts';
import { notesMessages, notesResources } from './i18n.ts';

registerResources('notes', notesResources);
registerMessages(notesMessages);
