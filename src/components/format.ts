import { dateTimeFormat, formatAmount } from '../../games/shared/format/formats';

/** Balance: German number format with exactly 2 decimals (1000 -> '1.000,00'). */
export const formatBalance = formatAmount;

/** Default date display 'dd MMMM yyyy' in the current locale, e.g. '05 March 2026'. */
export function formatDate(value: string | number | Date, locale: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = dateTimeFormat(locale, { day: '2-digit' }).format(date);
  const month = dateTimeFormat(locale, { month: 'long' }).format(date);
  const year = dateTimeFormat(locale, { year: 'numeric' }).format(date);
  return `${day} ${month} ${year}`;
}
