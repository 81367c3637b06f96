import { useSnapshot } from 'valtio';
import { progressState } from '../app/progress';

/** The thin navigation bar: blue, 2 px, red on failure. */
export function ProgressBar() {
  const { percent, visible, failed } = useSnapshot(progressState);
  return (
    <div
      className={`progress-bar${failed ? ' progress-bar--failed' : ''}`}
      data-state={failed ? 'failed' : visible ? 'loading' : 'idle'}
      style={{ width: `${percent}%`, opacity: visible ? 1 : 0 }}
      aria-hidden="true"
    />
  );
}
