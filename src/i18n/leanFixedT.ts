import type { i18n as I18n } from 'i18next';

type Translate = (key: unknown, options?: unknown, ...rest: unknown[]) => unknown;

/**
 * Makes the `t` of useTranslation cheap. It is i18next's getFixedT, which copies every one of
 * i18next's options into a new object on each call (for key selectors, which the app does not
 * use): with the translation itself, tens of microseconds a call on a phone, and a page calls it
 * hundreds of times on its way to the first paint. The fixed `t` made here translates a key with
 * options through i18next.t directly, and remembers what a key without options gave until the
 * messages or the language change. Anything else (a selector, a key prefix, an array of keys or
 * languages) goes to i18next's own.
 */
export function installLeanFixedT(i18next: I18n): void {
  const plain = new Map<string, unknown>();
  const forget = () => plain.clear();
  i18next.on('languageChanged', forget);
  i18next.store.on('added', forget);
  i18next.store.on('removed', forget);
  const original = i18next.getFixedT.bind(i18next) as (...args: unknown[]) => Translate;
  const t = i18next.t.bind(i18next) as Translate;
  const getFixedT = (lng: unknown, ns: unknown, keyPrefix: unknown, ...more: unknown[]) => {
    const fixed = original(lng, ns, keyPrefix, ...more);
    if (typeof lng !== 'string' || typeof ns !== 'string' || keyPrefix != null) return fixed;
    const lean: Translate = (key, options, ...rest) => {
      if (typeof key !== 'string' || rest.length > 0) return fixed(key, options, ...rest);
      if (options === undefined) {
        const cacheKey = `${lng}\u0000${ns}\u0000${key}`;
        if (plain.has(cacheKey)) return plain.get(cacheKey);
        const text = t(key, { lng, ns });
        plain.set(cacheKey, text);
        return text;
      }
      if (typeof options !== 'object' || options === null) return fixed(key, options);
      const given = options as { lng?: unknown; ns?: unknown; keyPrefix?: unknown; lngs?: unknown };
      if (given.keyPrefix !== undefined || given.lngs !== undefined) return fixed(key, options);
      return t(key, { ...given, lng: given.lng || lng, ns: given.ns || ns });
    };
    return Object.assign(lean, { lng, ns, keyPrefix });
  };
  i18next.getFixedT = getFixedT as I18n['getFixedT'];
}
