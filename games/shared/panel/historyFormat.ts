// The bet history's words and times: a game's result through its rules' `describe`, times in
// the player's locale. Pure (no React), so the unit tests read it directly.
import type { AnyRules, ResultWords } from '../../fairness/contract';
import type { BetJson } from '../wire/types';
import { dateTimeFormat } from '../format/formats';

/** t() as the history needs it: a message key and its values. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * A bet's result in its game's words (`games.<id>.<key>`), or the rules' short summary; '' while
 * the rules of the bet's game (`rules`) are not loaded or are another game's.
 */
export function describeBet(
  rules: AnyRules | undefined,
  bet: Pick<BetJson, 'game' | 'params' | 'result'>,
  t: Translate,
) {
  if (!rules || rules.id !== bet.game) return '';
  const words = rules.describe?.(bet.params, bet.result) ?? null;
  return words ? translateWords(bet.game, words, t) : rules.summary(bet.params, bet.result);
}

function translateWords(game: string, words: ResultWords, t: Translate): string {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(words.values ?? {})) {
    values[name] = typeof value === 'object' ? t(`games.${game}.${value.key}`) : value;
  }
  return t(`games.${game}.${words.key}`, values);
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

/**
 * When a bet was placed: the time alone today ('14:05:09'), the date ('dd MMMM yyyy') and the
 * time before that; '' for a value that is not a date.
 */
export function formatBetTime(value: string, locale: string, now = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const part = (options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat(locale, options).format(date);
  if (sameDay(date, now)) return part({ hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const day = `${part({ day: '2-digit' })} ${part({ month: 'long' })} ${part({ year: 'numeric' })}`;
  return `${day}, ${part({ hour: '2-digit', minute: '2-digit' })}`;
}
