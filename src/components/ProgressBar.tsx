import { useSnapshot } from 'valtio';
import { progressState } from '../app/progress';

/**
 * The thin navigation bar: blue, 2 px, red on failure. It grows by scaling a full-width bar, which
 * the compositor animates alone: a growing width was style, layout and paint on the main thread in
 * every frame of a page load.
 */
export function ProgressBar() {
  const { percent, visible, failed } = useSnapshot(progressState);
  return (
    <div
      className={`progress-bar${failed ? ' progress-bar--failed' : ''}`}
      data-state={failed ? 'failed' : visible ? 'loading' : 'idle'}
      style={{ transform: `scaleX(${percent / 100})`, opacity: visible ? 1 : 0 }}
      aria-hidden="true"
    />
  );
}
