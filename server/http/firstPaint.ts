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
 * top bar's brand everywhere; on the lobby its Originals banner in the visitor's language; on a
 * game page the game header and the stage's frames, with the note that asks a guest to sign in.
 * A phone so shows the page's largest text at the first paint instead of after the app's code
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

/** index.html's lobby block, with its `{{key}}` placeholders: where the page's block goes. */
const LOBBY_BLOCK = /<!-- lobby -->([\s\S]*?)<!-- \/lobby -->/;
/** index.html's game block (`{{title}}`: the game's name), never left where it is written. */
const GAME_BLOCK = /\s*<!-- game -->([\s\S]*?)<!-- \/game -->/;
/** The part of the game block a signed-in player does not see. */
const GUEST_BLOCK = /\s*<!-- guest -->([\s\S]*?)<!-- \/guest -->/;
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

/** `template` with each `{{key}}` replaced by `own[key]` or else the catalogue's words, escaped. */
function fill(template: string, catalog: Catalog, own: Record<string, string> = {}): string {
  return template.replace(/\{\{([\w.]+)\}\}/g, (_placeholder, key: string) =>
    escapeHtml(own[key] ?? message(catalog, key)),
  );
}

/** The host page with `block` in the lobby block's place (and the game block gone). */
function withBlock(html: string, block: string): string {
  return html.replace(GAME_BLOCK, '').replace(LOBBY_BLOCK, () => block);
}

/** The host page as every page but the lobby and the games paints it: the brand, an empty main. */
export function withoutLobby(html: string): string {
  return withBlock(html, EMPTY_MAIN);
}

/** The host page as the lobby paints it: the Originals banner in `locale`. */
export function withLobby(html: string, locale: Locale): string {
  const inner = LOBBY_BLOCK.exec(html)?.[1] ?? '';
  return withBlock(html, fill(inner, CATALOGS[locale]));
}

/**
 * The host page as a game's page paints it: the game header with the game's name in `locale`
 * (`titleKey`: its message), the stage's frames and, for a guest, the note that asks them to sign
 * in. (The game's definitions are not imported here: Vite's config loads this file for
 * `npm run dev`, and they import art.)
 */
export function withGame(html: string, titleKey: string, locale: Locale, guest: boolean): string {
  const template = GAME_BLOCK.exec(html)?.[1];
  // A host page of the operator's own without the block paints as every other page.
  if (template === undefined) return withoutLobby(html);
  const inner = template.replace(GUEST_BLOCK, (_block, note: string) => (guest ? note : ''));
  const catalog = CATALOGS[locale];
  return withBlock(html, fill(inner, catalog, { title: message(catalog, titleKey) }));
}

/**
 * Whether the request comes from a signed-in player, as far as the host page can tell: the app
 * keeps the session's token in the `token` cookie (src/state/cookieJar.ts). An expired one still
 * counts: the app shows the guest's note itself once it knows.
 */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return Boolean(cookieHeader && parseCookie(cookieHeader).token);
}
