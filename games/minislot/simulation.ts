import type { ParamValues, Simulation } from '../../engine/headless/index';
import type { minislotParams } from './params';
import { STRIP } from './rules';

const N = STRIP.length;
type Values = ParamValues<typeof minislotParams>;

/** One reel: its position in stops (the line shows stop round(pos) mod 32), moving downwards. */
export interface ReelState {
  pos: number;
  /** Stops per second, for the motion blur (0 at rest). */
  velocity: number;
  phase: 'rest' | 'spin' | 'brake';
  /** Seconds until braking starts (spin), or into the brake. */
  clock: number;
  brakeSeconds: number;
  from: number;
  target: number;
}

/** ease-out-back: runs past 1 and settles back, the reel's bounce. */
const easeOutBack = (t: number, c1: number): number => {
  const c3 = c1 + 1;
  return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2;
};

/**
 * The reels over time, headless: a spin runs every reel at speed, then brakes reel 0, 1, 2 in
 * turn onto the server's stops with a small bounce. The strip moves down, so a reel's stop
 * number falls as it turns; braking starts `stopStops` above the target (the reel is a blur by
 * then, so the jump there is not seen) and eases onto it.
 */
export class MinislotSimulation implements Simulation<typeof minislotParams> {
  readonly reels: ReelState[] = [0, 1, 2].map(() => ({
    pos: 0,
    velocity: 0,
    phase: 'rest' as const,
    clock: 0,
    brakeSeconds: 0,
    from: 0,
    target: 0,
  }));
  /** Each reel's position one step ago (render interpolates). */
  previous: number[] = [0, 0, 0];
  /** Called when a reel comes to rest (its index), for the stop sound. */
  onReelStop: ((reel: number) => void) | null = null;
  private values: Values;
  private finished: (() => void) | null = null;
  private turbo = false;

  constructor(_data: unknown, values: Values) {
    this.values = { ...values };
    // Start on a varied window rather than three SEVENs.
    [3, 13, 24].forEach((stop, r) => (this.reels[r]!.pos = stop));
    this.previous = this.reels.map((reel) => reel.pos);
  }

  get spinning(): boolean {
    return this.reels.some((reel) => reel.phase !== 'rest');
  }

  /** The stop each reel's line shows now. */
  get stops(): number[] {
    return this.reels.map((reel) => ((Math.round(reel.pos) % N) + N) % N);
  }

  /** Spins onto `stops`; `done` runs when the last reel rests (or the visit ends). */
  spin(stops: readonly number[], turbo: boolean, done?: () => void): void {
    this.release();
    this.turbo = turbo;
    const share = turbo ? this.values.turboFactor : 1;
    this.reels.forEach((reel, r) => {
      reel.phase = 'spin';
      reel.velocity = this.values.speed / share;
      reel.clock = (this.values.spinSeconds + r * this.values.staggerSeconds) * share;
      reel.target = stops[r]!;
    });
    this.finished = done ?? null;
  }

  /** Skip-by-tap: every reel still turning brakes now, quickly. */
  skip(): void {
    this.turbo = true;
    this.reels.forEach((reel, r) => {
      if (reel.phase === 'spin') reel.clock = r * 0.06;
    });
  }

  update(dt: number): void {
    this.reels.forEach((reel, r) => {
      this.previous[r] = reel.pos;
      this.step(reel, r, dt);
    });
  }

  private step(reel: ReelState, r: number, dt: number): void {
    if (reel.phase === 'spin') {
      reel.pos -= reel.velocity * dt;
      reel.clock -= dt;
      if (reel.clock <= 0) this.brake(reel, r);
    } else if (reel.phase === 'brake') {
      reel.clock += dt;
      const t = Math.min(1, reel.clock / reel.brakeSeconds);
      const c1 = this.values.overshoot;
      const before = reel.pos;
      reel.pos = reel.from + (reel.target - reel.from) * easeOutBack(t, c1);
      reel.velocity = Math.abs(reel.pos - before) / dt;
      if (t >= 1) {
        reel.pos = reel.target;
        reel.velocity = 0;
        reel.phase = 'rest';
        this.previous[r] = reel.pos;
        this.onReelStop?.(r);
        if (!this.spinning) this.release();
      }
    }
  }

  private brake(reel: ReelState, _r: number): void {
    const run = this.values.stopStops;
    // Land on the target from above: pos goes from target + run down to target.
    const speed = this.values.speed / (this.turbo ? this.values.turboFactor : 1);
    const slope = 3 * (this.values.overshoot + 1) - 2 * this.values.overshoot;
    reel.from = reel.target + run;
    reel.pos = reel.from;
    reel.brakeSeconds = Math.max(0.12, (run * slope) / speed);
    reel.clock = 0;
    reel.phase = 'brake';
  }

  paramsChanged(values: Values): void {
    this.values = { ...values };
  }

  dispose(): void {
    // A visit that ends mid-spin rests the reels on their targets.
    for (const reel of this.reels) {
      if (reel.phase !== 'rest') reel.pos = reel.target;
      reel.phase = 'rest';
      reel.velocity = 0;
    }
    this.release();
  }

  private release(): void {
    const done = this.finished;
    this.finished = null;
    done?.();
  }
}
