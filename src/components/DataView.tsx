import { useTranslation } from 'react-i18next';
import type { Json } from '../api/endpoints';
import { formatDate } from './format';
import type { StaticKey } from '../i18n';

/** A field name as words when the catalogue has no label for it: 'created_at' -> 'Created at'. */
const humanize = (key: string) => {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Shows a JSON answer whose fields the spec leaves open: objects as labelled rows, lists as
 * items; labels from the catalogue's `data.<field>` where it has one, dates as 'dd MMMM yyyy',
 * yes/no for booleans. The empty state is the caller's. Screens with known answers build their
 * own views; this is the fallback.
 */
export function DataView({ value }: { value: Json }) {
  const { t, i18n } = useTranslation();
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    return (
      <ul className="data-list">
        {value.map((item, i) => (
          <li key={i} className="data-list__item">
            <DataView value={item as Json} />
          </li>
        ))}
      </ul>
    );
  }
  if (typeof value === 'object') {
    return (
      <dl className="data-grid">
        {Object.entries(value as Record<string, unknown>).map(([key, item]) => (
          <div key={key} className="data-grid__row">
            <dt>{i18n.exists(`data.${key}`) ? t(`data.${key}` as StaticKey) : humanize(key)}</dt>
            <dd>
              <DataView value={item as Json} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  if (typeof value === 'boolean') return <span>{t(value ? 'data.yes' : 'data.no')}</span>;
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    return <time dateTime={value}>{formatDate(value, i18n.language)}</time>;
  }
  return <span>{String(value)}</span>;
}
