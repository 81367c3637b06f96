import { formatMultiplier } from '../../../games/fairness/money';
import { gameTitleKey, gameById } from '../../../games/shared/registry/catalog';
import type { StaticKey } from '../../i18n';
import { dateTimeFormat } from '../../../games/shared/format/formats';

/** A multiplier as every table of the app shows it: '1.98x' (a loss reads '0.00x'). */
export const formatTimes = formatMultiplier;

/** A game's name in the current language; an id the registry does not know shows as is. */
export function gameName(t: (key: StaticKey) => string, id: string): string {
  const game = gameById(id);
  return game ? t(gameTitleKey(game) as StaticKey) : id;
}

/** A bet's time: 'HH:mm' today, else the spec's 'dd MMMM yyyy' date with the time. */
export function formatBetTime(value: string, locale: string, formatDate: (v: string) => string) {
  const date = new Date(value);
  const time = dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
  return date.toDateString() === new Date().toDateString() ? time : `${formatDate(value)}, ${time}`;
}
