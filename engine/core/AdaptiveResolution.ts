/**
 * Dynamic resolution: when a device cannot draw every frame in time (a slow phone filling a
 * high-density screen), the engine renders fewer pixels rather than dropping frames, and goes
 * back up once frames are on time again. Fed one frame interval at a time; answers the scale to
 * apply to the render resolution (1 = full).
 *
 * A frame is late when its interval is over 1.5 times the display's frame interval, read from
 * the frames themselves (the shortest tenth of each of the last DISPLAY_WINDOWS windows), so 60,
 * 90 and 120 Hz screens all work, and a run of slow frames still counts as late; a frame over
 * ALWAYS_LATE_MS is late on any screen (a device that never once drew in time has no fast frame
 * to learn its display from). A window of WINDOW frames, or of WINDOW_MS once it holds
 * MIN_WINDOW frames (a device drawing a few frames a second is judged every second, not every
 * 60 frames), with at least LATE_SHARE of them late steps the scale down by STEP, to no lower
 * than MIN_SCALE. Clean windows in a row step it back up; a step up that is followed by a step
 * down soon after doubles the clean time required next (so a device on the edge does not
 * flicker between two sharpnesses).
 */
export const ADAPTIVE_RESOLUTION = {
  WINDOW: 60,
  WINDOW_MS: 1000,
  MIN_WINDOW: 6,
  /** Under 20 frames a second: late whatever the display's rate. */
  ALWAYS_LATE_MS: 50,
  LATE_SHARE: 0.1,
  STEP: 0.125,
  MIN_SCALE: 0.625,
  /** Clean windows before a step up (doubled after each failed step up, up to the maximum). */
  CLEAN_WINDOWS: 5,
  MAX_CLEAN_WINDOWS: 60,
  /** A step down within this many windows of a step up counts the step up as failed. */
  FAILED_WITHIN: 3,
  DISPLAY_WINDOWS: 10,
} as const;

export class AdaptiveResolution {
  /** The current scale of the render resolution. */
  scale = 1;
  private readonly intervals: number[] = [];
  private windowMs = 0;
  private cleanWindows = 0;
  private cleanRequired: number = ADAPTIVE_RESOLUTION.CLEAN_WINDOWS;
  private windowsSinceStepUp = Number.POSITIVE_INFINITY;
  /** The 10th-percentile interval of recent windows: the display's own frame interval. */
  private readonly displayIntervals: number[] = [];

  constructor(public enabled = true) {}

  /** Records one frame interval (ms); answers true when the scale changed. */
  record(frameMs: number): boolean {
    if (!this.enabled || !(frameMs > 0)) return false;
    const c = ADAPTIVE_RESOLUTION;
    this.intervals.push(frameMs);
    this.windowMs += frameMs;
    const frames = this.intervals.length;
    if (frames < c.WINDOW && (frames < c.MIN_WINDOW || this.windowMs < c.WINDOW_MS)) return false;
    const sorted = [...this.intervals].sort((a, b) => a - b);
    this.displayIntervals.push(sorted[Math.floor(sorted.length / 10)]!);
    if (this.displayIntervals.length > ADAPTIVE_RESOLUTION.DISPLAY_WINDOWS) {
      this.displayIntervals.shift();
    }
    const threshold = Math.min(1.5 * Math.min(...this.displayIntervals), c.ALWAYS_LATE_MS);
    const late = this.intervals.filter((ms) => ms > threshold).length;
    this.intervals.length = 0;
    this.windowMs = 0;
    this.windowsSinceStepUp += 1;
    if (late >= frames * c.LATE_SHARE) {
      this.cleanWindows = 0;
      if (this.scale <= c.MIN_SCALE) return false;
      if (this.windowsSinceStepUp <= c.FAILED_WITHIN) {
        this.cleanRequired = Math.min(c.MAX_CLEAN_WINDOWS, this.cleanRequired * 2);
      }
      this.scale = Math.max(c.MIN_SCALE, this.scale - c.STEP);
      return true;
    }
    this.cleanWindows = late === 0 ? this.cleanWindows + 1 : 0;
    if (this.scale < 1 && this.cleanWindows >= this.cleanRequired) {
      this.cleanWindows = 0;
      this.windowsSinceStepUp = 0;
      this.scale = Math.min(1, this.scale + c.STEP);
      return true;
    }
    return false;
  }

  /** Back to full resolution and a fresh history (e.g. when it is switched off). */
  reset(): void {
    this.scale = 1;
    this.intervals.length = 0;
    this.windowMs = 0;
    this.cleanWindows = 0;
    this.cleanRequired = ADAPTIVE_RESOLUTION.CLEAN_WINDOWS;
    this.windowsSinceStepUp = Number.POSITIVE_INFINITY;
    this.displayIntervals.length = 0;
  }
}
