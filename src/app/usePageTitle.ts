import { useEffect } from 'react';
import { appConfig } from '../config';

/** '{page} · {app name}', or the app name alone when the page has no title. */
export function formatTitle(page: string | undefined, appName = appConfig.appName): string {
  return page ? `${page} · ${appName}` : appName;
}

export function usePageTitle(page?: string): void {
  useEffect(() => {
    document.title = formatTitle(page);
  }, [page]);
}
