import type { ParamValues, Simulation } from '../../engine/headless/index';
import type { minislotParams } from './params';
import { PAYS, REELS, STRIP, symbolAt } from './rules';

const N = STRIP.length;
/** How fast a teasing reel slows to its tease speed (per second; reached in about 0.5 s). */
const TEASE_EASE = 6;
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
  /** The last reel spinning on, slower, because the others show two alike of a big pay. */
  tease: boolean;
}

/**
 * Whether the first reels' stops make the last reel tease: they show the same symbol, and three
 * of it pay at least `minPays` times the stake.
 */
export function teases(stops: readonly number[], minPays: number): boolean {
  const shown = stops.slice(0, REELS - 1).map(symbolAt);
  const symbol = shown[0];
  if (symbol === undefined || shown.some((s) => s !== symbol)) return false;
  const three = PAYS.find((pay) => pay.symbol === symbol && pay.count === REELS);
  return three !== undefined && three.pays >= minPays;
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
    tease: false,
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

  /** The last reel teases, the others have rested: what the player sees as suspense. */
  get teasing(): boolean {
    const last = this.reels[REELS - 1]!;
    return last.tease && this.reels.every((reel) => reel === last || reel.phase === 'rest');
  }

  /** The stop each reel's line shows now. */
  get stops(): number[] {
    return this.reels.map((reel) => ((Math.round(reel.pos) % N) + N) % N);
  }

  /** Spins onto `stops`; `done` runs when the last reel rests (or the visit ends). */
  spin(stops: readonly number[], turbo: boolean, done?: () => void): void {
    this.release();
    this.turbo = turbo;
    const share = this.share();
    const tease = this.values.teaseSeconds > 0 && teases(stops, this.values.teasePays);
    this.reels.forEach((reel, r) => {
      reel.phase = 'spin';
      reel.velocity = this.values.speed / share;
      reel.tease = tease && r === REELS - 1;
      const extra = reel.tease ? this.values.teaseSeconds : 0;
      reel.clock = (this.values.spinSeconds + r * this.values.staggerSeconds + extra) * share;
      reel.target = stops[r]!;
    });
    this.finished = done ?? null;
  }

  /** Skip-by-tap: every reel still turning brakes now, quickly (no tease). */
  skip(): void {
    this.turbo = true;
    this.reels.forEach((reel, r) => {
      reel.tease = false;
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
      if (reel.tease && reel.clock <= this.teaseLeft()) {
        // The others are stopping: slow towards the tease speed, so the symbols can be read.
        if (reel.clock + dt > this.teaseLeft()) this.aim(reel, r);
        reel.velocity = this.slow() + (reel.velocity - this.slow()) * Math.exp(-TEASE_EASE * dt);
      }
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
        reel.tease = false;
        this.previous[r] = reel.pos;
        this.onReelStop?.(r);
        if (!this.spinning) this.release();
      }
    }
  }

  /** The share of the normal times this spin runs at (turbo shortens them). */
  private share(): number {
    return this.turbo ? this.values.turboFactor : 1;
  }

  /** A teasing reel's clock when its tease starts (the reel before it stops about then). */
  private teaseLeft(): number {
    return this.values.teaseSeconds * this.share();
  }

  /** A teasing reel's speed once slowed. */
  private slow(): number {
    return (this.values.speed * this.values.teaseSpeed) / this.share();
  }

  /**
   * At the start of a tease, while the reel is still a blur: moves it (by less than a strip, not
   * seen) to where slowing for the tease's time brings it `stopStops` above its target, so that
   * it brakes without a jump a slow reel would show.
   */
  private aim(reel: ReelState, r: number): void {
    const slow = this.slow();
    const seconds = reel.clock;
    const travel =
      slow * seconds +
      ((reel.velocity - slow) * (1 - Math.exp(-TEASE_EASE * seconds))) / TEASE_EASE;
    const by = reel.target + this.values.stopStops + travel - reel.pos;
    this.shift(reel, r, by - N * Math.round(by / N));
  }

  /** Moves a reel and where it was a step ago alike (a move of whole strips shows nothing). */
  private shift(reel: ReelState, r: number, by: number): void {
    reel.pos += by;
    this.previous[r] = (this.previous[r] ?? reel.pos) + by;
  }

  private brake(reel: ReelState, r: number): void {
    const run = this.values.stopStops;
    const slope = 3 * (this.values.overshoot + 1) - 2 * this.values.overshoot;
    if (reel.tease) {
      // A teasing reel is slow enough to read: aimed (see aim()), it is within a small part of a
      // stop of where braking starts, and brakes at its own speed, crawling onto the line.
      this.shift(reel, r, reel.target + run - reel.pos);
      reel.from = reel.pos;
      reel.brakeSeconds = Math.max(0.12, (run * slope) / Math.max(reel.velocity, this.slow()));
      reel.clock = 0;
      reel.phase = 'brake';
      return;
    }
    // Land on the target from above: pos goes from target + run down to target.
    const speed = this.values.speed / this.share();
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
      reel.tease = false;
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
