import { lazy, Suspense, useEffect } from 'react';
import { whenIdle } from '../../app/prefetch';
import { WhenNear } from '../WhenNear';

const loadLiveBets = () => import('./LiveBets');
const LiveBets = lazy(() => loadLiveBets().then((module) => ({ default: module.LiveBets })));

/**
 * The live table as the lobby and the game pages show it: its code is fetched once the page is
 * idle (out of the first-load budget and of the page's start), and it mounts, opening its
 * stream, when the player scrolls near it (watched from when `watchFrom` turns true).
 */
export function LazyLiveBets({ watchFrom = true }: { watchFrom?: boolean }) {
  useEffect(() => whenIdle(() => void loadLiveBets().catch(() => undefined)), []);
  return (
    <WhenNear watchFrom={watchFrom}>
      <Suspense fallback={null}>
        <LiveBets />
      </Suspense>
    </WhenNear>
  );
}
