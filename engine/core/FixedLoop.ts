/** Fixed-step simulation clock: frames of any length become whole 60 Hz steps plus an alpha. */
export interface FixedLoopOptions {
  /** Length of one simulation step in milliseconds (default 1000 / 60). */
  stepMs?: number;
  /** At most this many steps per frame; the rest of a long frame is dropped (spiral-of-death guard). */
  maxStepsPerFrame?: number;
}

export interface FrameAdvance {
  /** Simulation steps run in this frame. */
  steps: number;
  /** How far the simulation is between its last step and the next (0..1), for interpolation. */
  alpha: number;
  /** Accumulated time that was discarded because of the step cap. */
  droppedMs: number;
}

// Frame lengths such as 1000/144 do not add up exactly in floating point; without a tolerance a
// step that is due after N frames would wait one frame longer at some frame rates.
const EPSILON_MS = 1e-6;

export class FixedLoop {
  readonly stepMs: number;
  readonly stepSeconds: number;
  maxStepsPerFrame: number;
  /** Multiplies real time before it reaches the simulation (0.5 = half speed). */
  timeScale = 1;
  paused = false;
  private accumulatorMs = 0;
  private totalSteps = 0;

  constructor(
    private readonly step: (dtSeconds: number) => void,
    options: FixedLoopOptions = {},
  ) {
    this.stepMs = options.stepMs ?? 1000 / 60;
    this.stepSeconds = this.stepMs / 1000;
    this.maxStepsPerFrame = options.maxStepsPerFrame ?? 8;
  }

  /** Steps run since creation or the last reset. */
  get steps(): number {
    return this.totalSteps;
  }

  /** Feeds one frame's real elapsed time and runs the steps that became due. */
  advance(elapsedMs: number): FrameAdvance {
    if (this.paused || !(elapsedMs > 0)) return { steps: 0, alpha: this.alpha(), droppedMs: 0 };
    this.accumulatorMs += elapsedMs * Math.max(0, this.timeScale);
    let steps = 0;
    while (this.accumulatorMs + EPSILON_MS >= this.stepMs && steps < this.maxStepsPerFrame) {
      this.accumulatorMs = Math.max(0, this.accumulatorMs - this.stepMs);
      this.runStep();
      steps += 1;
    }
    let droppedMs = 0;
    if (this.accumulatorMs + EPSILON_MS >= this.stepMs) {
      // Over the cap: keep only the fraction of a step so the next frame does not try to catch up.
      const kept = this.accumulatorMs % this.stepMs;
      droppedMs = this.accumulatorMs - kept;
      this.accumulatorMs = kept;
    }
    return { steps, alpha: this.alpha(), droppedMs };
  }

  /** Runs exactly one step now, paused or not (the debug overlay's "step"). */
  stepOnce(): void {
    this.runStep();
  }

  reset(): void {
    this.accumulatorMs = 0;
    this.totalSteps = 0;
  }

  private alpha(): number {
    return Math.min(1, this.accumulatorMs / this.stepMs);
  }

  private runStep(): void {
    this.totalSteps += 1;
    this.step(this.stepSeconds);
  }
}
