// Days as the player types and reads them in a date field: the day, month and year in the order of
// the app's language (not the browser's), with the ISO day ('2026-12-31') behind the field. English
// writes the day first as well, beside the balance's German numbers.

export type DayPart = 'day' | 'month' | 'year';

export interface DayPattern {
  order: readonly DayPart[];
  separator: string;
  /** 31 December 2026 written this way: the field's placeholder. */
  example: string;
}

const patterns = new Map<string, DayPattern>();

/** How `locale` writes a day in digits. */
export function dayPattern(locale: string): DayPattern {
  const known = patterns.get(locale);
  if (known) return known;
  const format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const parts = format.formatToParts(Date.UTC(2026, 11, 31));
  const order = parts
    .map((part) => part.type)
    .filter((type): type is DayPart => type === 'day' || type === 'month' || type === 'year');
  const separator = parts.find((part) => part.type === 'literal')?.value ?? '/';
  const pattern = { order, separator, example: parts.map((part) => part.value).join('') };
  patterns.set(locale, pattern);
  return pattern;
}

/** '2026-12-31' as `pattern` writes it ('31/12/2026'); '' for none. */
export function formatDay(iso: string, pattern: DayPattern): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return '';
  const parts: Record<DayPart, string> = { year: match[1]!, month: match[2]!, day: match[3]! };
  return pattern.order.map((part) => parts[part]).join(pattern.separator);
}

/** A typed day in `pattern`'s order, any separators ('31.12.2026', '31/12/2026'), as ISO; null when it is no day. */
export function parseDay(text: string, pattern: DayPattern): string | null {
  const numbers = text.trim().split(/\D+/).filter(Boolean);
  if (numbers.length !== 3) return null;
  const parts = {} as Record<DayPart, number>;
  pattern.order.forEach((part, i) => (parts[part] = Number(numbers[i])));
  const { year, month, day } = parts;
  if (year < 1000 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
