import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { installLeanFixedT } from './leanFixedT';
import type { MessagesPart } from './parts';

type Messages = Record<string, unknown>;

// Two lazy chunks per locale (src/i18n/parts.ts): a player downloads only the language they use,
// and the first screen only the part it shows.
const loaders: Record<MessagesPart, Record<string, () => Promise<Messages>>> = {
  first: import.meta.glob<Messages>('../../locales/*.json', {
    query: '?part=first',
    import: 'default',
  }),
  later: import.meta.glob<Messages>('../../locales/*.json', {
    query: '?part=later',
    import: 'default',
  }),
};

const loaded = new Map<string, Promise<void>>();

function loadPart(locale: string, part: MessagesPart): Promise<void> {
  const key = `${locale}:${part}`;
  let loading = loaded.get(key);
  if (!loading) {
    const load = loaders[part][`../../locales/${locale}.json`];
    if (!load) return Promise.reject(new Error(`No messages for locale '${locale}'`));
    loading = load().then(
      (messages) => void i18next.addResourceBundle(locale, 'translation', messages, true, true),
      (error: unknown) => {
        loaded.delete(key);
        throw error;
      },
    );
    loaded.set(key, loading);
  }
  return loading;
}

/** The part of a locale's messages the first screen shows. */
export function loadLocaleMessages(locale: string): Promise<void> {
  return loadPart(locale, 'first');
}

/** All of a locale's messages, and English's (the fallback): what every later screen may show. */
export function loadAllMessages(locale: string): Promise<void> {
  return Promise.all(
    [locale, 'en'].flatMap((l) => [loadPart(l, 'first'), loadPart(l, 'later')]),
  ).then(() => undefined);
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
    installLeanFixedT(i18next);
  }
  await Promise.all([loadLocaleMessages('en'), loadLocaleMessages(locale)]);
  await i18next.changeLanguage(locale);
  return i18next;
}

export { i18next };
export type { StaticKey, TranslationKey } from './keys';
