// How the pages write numbers and dates: money by hand, the rest through Intl formatters made once
// per locale and options. A page's first Intl formatter loads ICU's data (about 50 ms here, 200 ms
// on a phone) and each new one costs far more than using it (the live table writes a time per row
// on every update).

/**
 * Currency units as players read them: German grouping, exactly 2 decimals (1234.5 ->
 * '1.234,50'), the same string Intl.NumberFormat('de-DE') gives (the balance is on every page's
 * first paint, so no ICU for it). Like ICU it rounds the number's shortest decimal form ('0.015',
 * not the binary 0.01499...), ties away from zero. Exact up to 90 trillion.
 */
export function formatAmount(units: number): string {
  const value = Number.isFinite(units) ? units : 0;
  const text = String(Math.abs(value));
  // Exponent forms: below 1e-6 (rounds to 0,00) or from 1e21 (no amount of money).
  const [whole = '0', fraction = ''] = text.includes('e') ? ['0'] : text.split('.');
  const [integer, decimals] = twoDecimals(whole, fraction);
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}${grouped},${decimals}`;
}

/** The decimal `whole.fraction` (digits only) rounded to 2 decimals, ties away from zero. */
function twoDecimals(whole: string, fraction: string): [integer: string, decimals: string] {
  const cents =
    Number(whole + fraction.padEnd(2, '0').slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1 : 0);
  const digits = String(cents).padStart(3, '0');
  return [digits.slice(0, -2), digits.slice(-2)];
}

/** How the app's locales write a percentage: the decimal mark, and the sign with its space. */
const PERCENT_STYLES: Partial<Record<string, readonly [decimal: string, sign: string]>> = {
  en: ['.', '%'],
  es: [',', '\u00a0%'],
  fr: [',', '\u00a0%'],
  'pt-BR': [',', '%'],
  'zh-CN': ['.', '%'],
};

/**
 * A share as a percentage with 2 decimals (0.973 -> '97.30%' in English), the string
 * Intl.NumberFormat gives in `locale`. Written out for the app's locales under 999 %, the lobby's
 * RTP figures among them (no ICU for the lobby's first screen); Intl for anything else.
 */
export function formatPercent(share: number, locale: string): string {
  const style = PERCENT_STYLES[locale];
  const text = String(share);
  if (!style || !(share >= 0 && share < 9.99) || Object.is(share, -0) || text.includes('e')) {
    const options: Intl.NumberFormatOptions = {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    };
    return numberFormat(locale, options).format(share);
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const shifted = fraction.padEnd(2, '0');
  const [integer, decimals] = twoDecimals(
    String(Number(whole + shifted.slice(0, 2))),
    shifted.slice(2),
  );
  return `${integer}${style[0]}${decimals}${style[1]}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  return cached(numberFormats, key, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  return cached(dateTimeFormats, key, () => new Intl.DateTimeFormat(locale, options));
}
