import { proxy } from 'valtio';

/** The thin navigation progress bar (spec section 2): 3000 ms, auto-finishing above 95%. */
export const PROGRESS_DURATION_MS = 3000;
export const PROGRESS_TICK_MS = 100;
export const PROGRESS_AUTO_FINISH_ABOVE = 95;
const HIDE_AFTER_MS = 400;

export const progressState = proxy({ percent: 0, visible: false, failed: false });

let ticker: ReturnType<typeof setInterval> | undefined;
let hider: ReturnType<typeof setTimeout> | undefined;

function stopTimers(): void {
  if (ticker !== undefined) clearInterval(ticker);
  if (hider !== undefined) clearTimeout(hider);
  ticker = undefined;
  hider = undefined;
}

export function startProgress(): void {
  stopTimers();
  Object.assign(progressState, { percent: 0, visible: true, failed: false });
  const step = (100 * PROGRESS_TICK_MS) / PROGRESS_DURATION_MS;
  ticker = setInterval(() => {
    progressState.percent = Math.min(100, progressState.percent + step);
    if (progressState.percent > PROGRESS_AUTO_FINISH_ABOVE) finishProgress();
  }, PROGRESS_TICK_MS);
}

function complete(failed: boolean): void {
  stopTimers();
  Object.assign(progressState, { percent: 100, visible: true, failed });
  hider = setTimeout(() => {
    progressState.visible = false;
    hider = undefined;
  }, HIDE_AFTER_MS);
}

export const finishProgress = (): void => complete(false);
/** Turns the bar red; it stays red until the next navigation starts it again. */
export const failProgress = (): void => complete(true);
