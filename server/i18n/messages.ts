/**
 * Server-side messages in the five locales, picked by Accept-Language: i18next over the JSON
 * catalogues in locales/server/ (the same library and `{{name}}` format as the client's
 * locales/*.json). Keys are shared by every module (`error.not_found`, `mail.reset.text`).
 */
import { match } from '@formatjs/intl-localematcher';
import i18next, { type TOptions } from 'i18next';
import Negotiator from 'negotiator';
import en from '../../locales/server/en.json' with { type: 'json' };
import es from '../../locales/server/es.json' with { type: 'json' };
import fr from '../../locales/server/fr.json' with { type: 'json' };
import ptBR from '../../locales/server/pt-BR.json' with { type: 'json' };
import zhCN from '../../locales/server/zh-CN.json' with { type: 'json' };

export const LOCALES = ['en', 'es', 'fr', 'pt-BR', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

type Tree = { [key: string]: string | Tree };
const TREES: Record<Locale, Tree> = { en, es, fr, 'pt-BR': ptBR, 'zh-CN': zhCN };

/** Every message key of a catalogue tree, dotted: `{mail: {reset: {text}}}` -> 'mail.reset.text'. */
type Keys<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Keys<T[K]>}`;
}[keyof T & string];
export type MessageKey = Keys<typeof en>;

const i18n = i18next.createInstance();
// i18next's types describe the client's catalogue (src/i18n/i18next.d.ts); this instance serves
// locales/server/, whose keys come from the modules as strings, so its t() is used untyped.
const t = i18n.t.bind(i18n) as unknown as (key: string, options: TOptions) => string;
void i18n.init({
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: TREES[l] }])),
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  // Synchronous: the resources are in memory, so translate() works as soon as this module loads.
  initAsync: false,
  // Answers are JSON and plain-text mail; the OAuth popup escapes what it puts into HTML.
  interpolation: { escapeValue: false },
  nsSeparator: false,
  returnNull: false,
});

function flatten(
  tree: Tree,
  prefix = '',
  out: Record<string, string> = {},
): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[full] = value;
    else flatten(value, full, out);
  }
  return out;
}

/** The catalogues flattened to dotted keys (for tests and tools). */
export const CATALOGUES: Record<Locale, Record<string, string>> = Object.fromEntries(
  LOCALES.map((l) => [l, flatten(TREES[l])]),
) as Record<Locale, Record<string, string>>;

/** Tags Intl can read: the matcher throws on `*` or a malformed tag from the header. */
function isLocaleTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * The best of the five locales for an Accept-Language header, else en: negotiator orders the
 * header's tags by q-value, and the ECMA-402 "best fit" matcher (CLDR language distances) maps
 * each to the nearest supported locale (pt-PT -> pt-BR, zh-Hans -> zh-CN, es-419 -> es).
 */
export function pickLocale(header: string | undefined): Locale {
  if (!header) return 'en';
  const wanted = new Negotiator({ headers: { 'accept-language': header } })
    .languages()
    .filter(isLocaleTag);
  return match(wanted, LOCALES, 'en', { algorithm: 'best fit' }) as Locale;
}

export type MessageParams = Record<string, string | number>;

/** The base of a plural group (`error.more_errors` for `error.more_errors_one`, `_other`, ...). */
export type PluralKey = MessageKey extends infer K
  ? K extends `${infer B}_one`
    ? B
    : never
  : never;

/** A plural message: i18next picks the locale's form (one, many, other) from `count`. */
export function translateCount(
  locale: Locale,
  key: PluralKey,
  count: number,
  params: MessageParams = {},
): string {
  return t(key, { lng: locale, count, replace: { ...params, count } });
}

/**
 * A key that reaches the server as a plain string (a game's rule issue, from games/): itself when
 * en has it, else `fallback`, so an unknown key never shows as raw text.
 */
export function knownMessageKey(key: string, fallback: MessageKey): MessageKey {
  return Object.hasOwn(CATALOGUES.en, key) ? (key as MessageKey) : fallback;
}

/** The message in the locale (en when the locale lacks it; the key when no locale has it). */
export function translate(locale: Locale, key: MessageKey, params: MessageParams = {}): string {
  // `replace` keeps a parameter named like an i18next option (count, context, lng) a parameter.
  return t(key, { lng: locale, replace: params });
}
