import type { TFunction } from 'i18next';
import { dateTimeFormat } from '../../games/shared/format/formats';
import type { PlayBlock } from '../api/responsiblePlay';

/** A moment as the responsible-play screens show it: date and time in the player's language. */
export function playTime(iso: string, locale: string): string {
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The sentence that says a block is in force and until when. */
export function blockText(block: PlayBlock, t: TFunction, locale: string): string {
  if (block.until === null) return t('play.notice_excluded_for_good');
  const time = playTime(block.until, locale);
  return block.kind === 'break'
    ? t('play.notice_break', { time })
    : t('play.notice_excluded', { time });
}
