import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { appResources } from './i18n-app.ts';
import { messageResources } from './i18n-messages.ts';
import type { Resources } from './resources.ts';

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const LANGUAGE_KEY = 'sigece.lang';

/**
 * Features register their namespace when their (lazily loaded) code is evaluated, so the texts of a
 * screen travel in that screen's chunk.
 */
export function registerResources(ns: string, resources: Resources<object>): void {
  for (const lang of LANGUAGES) i18n.addResourceBundle(lang, ns, resources[lang], true, false);
}

/**
 * English for messages that come verbatim from the spec (the shared zod schemas, the server): each
 * feature registers those it shows. Spanish needs no entry: the key is the text.
 */
export function registerMessages(en: Record<string, string>): void {
  i18n.addResourceBundle('en', 'messages', en, true, false);
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return value === 'en' ? 'en' : 'es';
  } catch {
    return 'es';
  }
}

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'es';
}

export async function setLanguage(lang: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, lang);
  await i18n.changeLanguage(lang);
}

i18n.on('languageChanged', (lang) => {
  document.documentElement.lang = lang;
});

void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: 'es',
  supportedLngs: [...LANGUAGES],
  defaultNS: 'app',
  ns: ['app', 'messages'],
  resources: {
    es: { app: appResources.es, messages: messageResources.es },
    en: { app: appResources.en, messages: messageResources.en },
  },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
document.documentElement.lang = i18n.language;

/**
 * Messages that reach the user verbatim from the spec (zod schemas of @sigece/fiscal, server answers):
 * Spanish as written, English when a translation is known.
 */
export function translateMessage(message: string): string {
  return i18n.t(message, { ns: 'messages', keySeparator: false, nsSeparator: false, defaultValue: message });
}

export { i18n };
