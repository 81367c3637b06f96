import { useEffect } from 'react';
import { formatTitle, setDocumentTitle } from './head';

export { formatTitle };

/** Sets '{page} · {app name}' (debounced); the navigator sets each route's title already. */
export function usePageTitle(page?: string): void {
  useEffect(() => {
    setDocumentTitle(formatTitle(page));
  }, [page]);
}
