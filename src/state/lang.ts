import { proxy } from 'valtio';
import { appConfig } from '../config';
import { i18next, loadAllMessages } from '../i18n';
import { COOKIE_DAYS, COOKIE_NAMES, cookies } from './cookieJar';

/**
 * The locale to start with: the saved one when it is offered; a saved locale that is not among
 * the offered ones is discarded (its cookie removed) for the default.
 */
export function initialLocale(
  saved: string | undefined,
  locales: readonly string[],
  fallback: string,
): { locale: string; discardSaved: boolean } {
  if (saved && locales.includes(saved)) return { locale: saved, discardSaved: false };
  return { locale: fallback, discardSaved: saved !== undefined };
}

// The host page's locale is the default ('en' unless the deployment says otherwise).
const start = initialLocale(cookies.get(COOKIE_NAMES.locale), appConfig.locales, appConfig.locale);
if (start.discardSaved) cookies.remove(COOKIE_NAMES.locale);

export const langState = proxy({ locale: start.locale, locales: [...appConfig.locales] });

/** Loads the messages, switches i18next and saves the choice for 365 days. */
export async function setLocale(locale: string): Promise<void> {
  if (!langState.locales.includes(locale)) return;
  await loadAllMessages(locale);
  await i18next.changeLanguage(locale);
  langState.locale = locale;
  cookies.set(COOKIE_NAMES.locale, locale, COOKIE_DAYS);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}
