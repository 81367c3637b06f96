import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

type Messages = Record<string, unknown>;

// One lazy chunk per locale: a player downloads only the language they use.
const loaders = import.meta.glob<Messages>('../../locales/*.json', { import: 'default' });

export async function loadLocaleMessages(locale: string): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  const load = loaders[`../../locales/${locale}.json`];
  if (!load) throw new Error(`No messages for locale '${locale}'`);
  i18next.addResourceBundle(locale, 'translation', await load(), true, true);
}

export async function initI18n(locale: string): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: 'en',
      resources: {},
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await Promise.all([loadLocaleMessages('en'), loadLocaleMessages(locale)]);
  await i18next.changeLanguage(locale);
  return i18next;
}

export { i18next };
export type { StaticKey, TranslationKey } from './keys';
