import { navigate as browserNavigate } from 'wouter/use-browser-location';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let current: Navigate = browserNavigate;

/** Navigation for code outside components (stores, the HTTP client); swappable for tests. */
export function goTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}

export function setNavigator(next: Navigate): void {
  current = next;
}
