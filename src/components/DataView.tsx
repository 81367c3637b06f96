import type { Json } from '../api/endpoints';

const label = (key: string) => key.replace(/_/g, ' ');

/**
 * Shows a JSON answer whose fields the spec leaves open: objects as labelled rows, lists as
 * items. The empty state is the caller's.
 */
export function DataView({ value }: { value: Json }) {
  if (value === null) return null;
  if (Array.isArray(value)) {
    return (
      <ul className="data-list">
        {value.map((item, i) => (
          <li key={i} className="data-list__item">
            <DataView value={item} />
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
            <dt>{label(key)}</dt>
            <dd>
              <DataView value={item} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <span>{String(value)}</span>;
}

export function isEmptyJson(value: Json): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value as object).length === 0;
  return false;
}
