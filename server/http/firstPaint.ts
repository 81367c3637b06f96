import { parseCookie } from 'cookie';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import fr from '../../locales/fr.json' with { type: 'json' };
import ptBR from '../../locales/pt-BR.json' with { type: 'json' };
import zhCN from '../../locales/zh-CN.json' with { type: 'json' };
import { LOCALES, type Locale } from '../i18n/messages';
import { escapeHtml } from './html';

/**
 * What the host page paints before the app's JavaScript runs (index.html's `#first-paint`): the
 * top bar's brand everywhere, and on the lobby its Originals banner in the visitor's language, so
 * that a phone shows the lobby's largest text at the first paint instead of after the app's code
 * and messages arrive (Lighthouse's LCP on a slow network). The app removes it when it shows its
 * first screen (src/app/firstPaint.ts).
 */

/** The locale the app starts in without a saved choice, as the host page's config tells it. */
export const DEFAULT_LOCALE: Locale = 'en';

type Catalog = Record<string, unknown>;
const CATALOGS: Record<Locale, Catalog> = {
  en,
  es,
  fr,
  'pt-BR': ptBR,
  'zh-CN': zhCN,
};

/** index.html's lobby block, with its `{{key}}` placeholders. */
const LOBBY_BLOCK = /<!-- lobby -->([\s\S]*?)<!-- \/lobby -->/;
/** What stands in the lobby block's place on every other page. */
const EMPTY_MAIN = '<main class="page" aria-busy="true"></main>';

/**
 * The locale the app will start in (src/state/lang.ts): the `locale` cookie when it is one of
 * the app's, else the default. A request's Accept-Language does not count, as in the app.
 */
export function firstPaintLocale(cookieHeader: string | undefined): Locale {
  const saved = cookieHeader ? parseCookie(cookieHeader).locale : undefined;
  return LOCALES.find((locale) => locale === saved) ?? DEFAULT_LOCALE;
}

function message(catalog: Catalog, key: string): string {
  let value: unknown = catalog;
  for (const part of key.split('.')) value = (value as Catalog | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`index.html's lobby block names ${key}: no text`);
  return value;
}

/** The host page as every page but the lobby paints it: the brand and an empty main. */
export function withoutLobby(html: string): string {
  return html.replace(LOBBY_BLOCK, EMPTY_MAIN);
}

/** The host page as the lobby paints it: the Originals banner in `locale`. */
export function withLobby(html: string, locale: Locale): string {
  const catalog = CATALOGS[locale];
  return html.replace(LOBBY_BLOCK, (_block, inner: string) =>
    inner.replace(/\{\{([\w.]+)\}\}/g, (_placeholder, key: string) =>
      escapeHtml(message(catalog, key)),
    ),
  );
}
