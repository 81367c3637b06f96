import { formatDate } from '../../components/format';
import { dateTimeFormat } from '../../../games/shared/format/formats';

/** A moment for the console: the site's date format ('dd MMMM yyyy') and the time, HH:mm:ss. */
export function dateTime(value: string, locale: string): string {
  const time = dateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(value));
  return `${formatDate(value, locale)} ${time}`;
}
