import { useSyncExternalStore } from 'react';

/** Spec section 9: a width of 1400 px or less is the phone layout. */
export const PHONE_QUERY = '(max-width: 1400px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
