import { appConfig } from '../config';

export const HEAD_DEBOUNCE_MS = 10;

/** '{page} · {app name}', or the app name alone when the page has no title. */
export function formatTitle(page: string | undefined, appName = appConfig.appName): string {
  return page ? `${page} · ${appName}` : appName;
}

let pending: ReturnType<typeof setTimeout> | undefined;

/** Head metadata updates are debounced by 10 ms: only the last title of a burst is written. */
export function setDocumentTitle(
  title: string,
  write: (title: string) => void = (t) => void (document.title = t),
): void {
  if (pending !== undefined) clearTimeout(pending);
  pending = setTimeout(() => {
    pending = undefined;
    write(title);
  }, HEAD_DEBOUNCE_MS);
}
