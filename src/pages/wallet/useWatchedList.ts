import { useCallback, useRef, useState } from 'react';
import { hasNew } from './chainFormat';

/**
 * A list the server changes on its own (deposits confirming, withdrawals being paid): `load`
 * fetches it (an older answer arriving late is dropped), and `onNew` runs when `marked` finds an
 * item it had not marked at the last look (a deposit credited, a withdrawal refunded: the balance
 * moved). `fetchPage`, `marked` and `onNew` should keep their identity between renders.
 */
export function useWatchedList<Page, Id>(
  fetchPage: () => Promise<Page>,
  marked: (page: Page) => Id[],
  onNew: () => void,
) {
  const [page, setPage] = useState<Page | null>(null);
  const [failed, setFailed] = useState(false);
  const seen = useRef<ReadonlySet<Id> | null>(null);
  const latest = useRef(0);

  const load = useCallback(async () => {
    const call = ++latest.current;
    try {
      const next = await fetchPage();
      if (call !== latest.current) return;
      const now = new Set(marked(next));
      const before = seen.current;
      seen.current = now;
      setPage(next);
      setFailed(false);
      if (hasNew(before, now)) onNew();
    } catch {
      if (call === latest.current) setFailed(true);
    }
  }, [fetchPage, marked, onNew]);

  return { page, failed, load };
}
