const balanceFormat = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Balance: German number format with exactly 2 decimals (1000 -> '1.000,00'). */
export function formatBalance(value: number): string {
  return balanceFormat.format(Number.isFinite(value) ? value : 0);
}

/** Default date display 'dd MMMM yyyy' in the current locale, e.g. '05 March 2026'. */
export function formatDate(value: string | number | Date, locale: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = new Intl.DateTimeFormat(locale, { day: '2-digit' }).format(date);
  const month = new Intl.DateTimeFormat(locale, { month: 'long' }).format(date);
  const year = new Intl.DateTimeFormat(locale, { year: 'numeric' }).format(date);
  return `${day} ${month} ${year}`;
}
