/** After this long without a frame drawn, the loop stops asking for animation frames. */
export const SLEEP_AFTER_MS = 500;
/**
 * While asleep the loop still runs one frame this often: a safety net for a change that did not
 * wake it (see `LoopCounters.lookWakes`), a timer's task rather than a frame for the compositor.
 */
export const LOOK_EVERY_MS = 1000;

/** What the loop did since the engine started, for tests and the debug overlay. */
export interface LoopCounters {
  /** Times it fell asleep. */
  sleeps: number;
  /** Times something woke it (wake()). */
  wakes: number;
  /** Frames run by the safety net while asleep. */
  looks: number;
  /** Looks that drew: a change nothing woke the loop for (0 when every change wakes it). */
  lookWakes: number;
}

/** What the loop tells its owner about its sleep. */
export interface LoopHooks {
  /** Called before the first frame after a wake, with the time the loop woke. */
  waking(now: number): void;
  /** Called when the loop falls asleep (and before a look's frame ends with it still asleep). */
  sleeping?(): void;
}

interface Clock {
  now(): number;
  requestFrame(callback: (now: number) => void): number;
  cancelFrame(handle: number): void;
  setTimer(callback: () => void, ms: number): ReturnType<typeof setTimeout>;
  clearTimer(handle: ReturnType<typeof setTimeout>): void;
}

const browserClock: Clock = {
  now: () => performance.now(),
  requestFrame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle),
};

/**
 * When the engine's loop runs. Every animation frame the page asks for costs the main thread a
 * callback, a style and paint pass and a commit to the compositor, about 1 ms at 4x throttling,
 * sixty times a second, even when the frame draws nothing. So the loop runs while the page shows
 * the canvas and something is drawn, and sleeps once nothing was drawn for SLEEP_AFTER_MS; then it
 * asks for no frame until wake(), which the engine calls for everything that can change what a
 * scene shows (a change in Pixi's scene graph, a call from the game's panel, input, a resize, a
 * scene shown). A frame it runs answers whether it drew.
 */
export class LoopScheduler {
  readonly counters: LoopCounters = { sleeps: 0, wakes: 0, looks: 0, lookWakes: 0 };
  /** Never sleep (the benchmarks' floor measures the loop itself at rest). */
  keepAwake = false;
  private started = false;
  private asleep = false;
  private frameHandle = 0;
  private lookHandle: ReturnType<typeof setTimeout> | null = null;
  private lastDrawnAt = 0;
  /** A look's frame is running: a wake now is one the safety net found. */
  private looking = false;

  constructor(
    private readonly frame: (now: number) => boolean,
    private readonly hooks: LoopHooks,
    private readonly clock: Clock = browserClock,
  ) {}

  /** Started and not stopped since, awake or asleep. */
  get running(): boolean {
    return this.started;
  }

  /** Running and asking for animation frames (false while stopped or asleep). */
  get awake(): boolean {
    return this.started && !this.asleep;
  }

  get sleeping(): boolean {
    return this.started && this.asleep;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.asleep = false;
    this.lastDrawnAt = this.clock.now();
    this.frameHandle = this.clock.requestFrame(this.onFrame);
  }

  stop(): void {
    this.started = false;
    this.asleep = false;
    if (this.frameHandle) this.clock.cancelFrame(this.frameHandle);
    this.frameHandle = 0;
    this.clearLook();
  }

  /** Something may change what the scene shows: run frames again (cheap when already awake). */
  wake(): void {
    if (!this.started || !this.asleep) return;
    this.asleep = false;
    this.counters.wakes += 1;
    if (this.looking) this.counters.lookWakes += 1;
    this.clearLook();
    const now = this.clock.now();
    this.lastDrawnAt = now;
    this.hooks.waking(now);
    this.frameHandle = this.clock.requestFrame(this.onFrame);
  }

  private readonly onFrame = (now: number): void => {
    this.frameHandle = 0;
    let drew = false;
    try {
      drew = this.frame(now);
    } finally {
      if (this.started && !this.asleep) this.next(now, drew);
    }
  };

  private next(now: number, drew: boolean): void {
    if (drew || this.keepAwake) this.lastDrawnAt = now;
    if (now - this.lastDrawnAt < SLEEP_AFTER_MS) {
      this.frameHandle = this.clock.requestFrame(this.onFrame);
      return;
    }
    this.asleep = true;
    this.counters.sleeps += 1;
    this.hooks.sleeping?.();
    this.scheduleLook();
  }

  private scheduleLook(): void {
    this.lookHandle = this.clock.setTimer(() => {
      this.lookHandle = null;
      if (!this.sleeping) return;
      this.counters.looks += 1;
      this.looking = true;
      let drew = false;
      try {
        drew = this.frame(this.clock.now());
      } finally {
        if (this.sleeping && drew) this.wake();
        this.looking = false;
        if (this.sleeping) {
          // The look's own frame may have set the owner's watch off (see Engine).
          this.hooks.sleeping?.();
          this.scheduleLook();
        }
      }
    }, LOOK_EVERY_MS);
  }

  private clearLook(): void {
    if (this.lookHandle !== null) this.clock.clearTimer(this.lookHandle);
    this.lookHandle = null;
  }
}
