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
  const cents =
    Number(whole + fraction.padEnd(2, '0').slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1 : 0);
  const digits = String(cents).padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}${grouped},${digits.slice(-2)}`;
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
