import { useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { api, type Creator } from '../api/endpoints';
import { route } from '../app/routes';

/** Spec section 5: the search runs only when the typed text is longer than 3 characters. */
export const CREATOR_SEARCH_MIN_EXCLUSIVE = 3;

export function CreatorSearch({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [results, setResults] = useState<Creator[]>([]);

  const onKeyUp = async (event: KeyboardEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value.trim();
    if (text.length <= CREATOR_SEARCH_MIN_EXCLUSIVE) {
      setResults([]);
      return;
    }
    try {
      setResults(await api.creators(text));
    } catch (error) {
      // Spec section 8: a failed creator search is only logged.
      console.error('Creator search failed', error);
    }
  };

  return (
    <div className="creator-search" role="search">
      <input
        type="search"
        className="creator-search__input"
        placeholder={t('topbar.search_placeholder')}
        aria-label={t('topbar.search_label')}
        onKeyUp={(e) => void onKeyUp(e)}
      />
      {results.length > 0 ? (
        <ul className="creator-search__results" aria-label={t('topbar.search_results')}>
          {results.map((creator) => (
            <li key={String(creator.id)}>
              <Link
                href={route('profile', { uid: creator.id })}
                onClick={() => {
                  setResults([]);
                  onNavigate?.();
                }}
              >
                {creator.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
