import type { ParamValues, Simulation } from '../../engine/headless/index';
import type { diceParams } from './params';
import type { DiceCondition } from './rules';

export interface DiceData {
  target?: number;
  condition?: DiceCondition;
}

/** easeOutBack: reaches 1 after overshooting by `s` (0: plain ease-out cubic). */
export function easeOutBack(t: number, s: number): number {
  const u = t - 1;
  return 1 + u * u * ((s + 1) * u + s);
}

/**
 * The dice's state over time: the range the player set and the marker moving from the last
 * roll to the new one. The marker ends exactly on the server's roll.
 */
export class DiceSimulation implements Simulation<typeof diceParams> {
  target: number;
  condition: DiceCondition;
  /** Where the marker is now (0..100) and where it was one step ago (for interpolation). */
  value = 50;
  previous = 50;
  /** The last roll and whether it won; null before the first roll. */
  settled: { roll: number; win: boolean } | null = null;
  rolling = false;
  stepsInRoll = 0;
  private from = 50;
  private to = 50;
  private elapsed = 0;
  private win = false;
  private values: ParamValues<typeof diceParams>;
  private finished: (() => void) | null = null;

  constructor(data: DiceData, values: ParamValues<typeof diceParams>) {
    this.target = data.target ?? 50.5;
    this.condition = data.condition ?? 'under';
    this.values = { ...values };
  }

  configure(target: number, condition: DiceCondition): void {
    this.target = target;
    this.condition = condition;
  }

  /** Starts the animation to `roll`; `done` runs when the marker rests on it. */
  startRoll(roll: number, win: boolean, done?: () => void): void {
    this.finished?.();
    this.from = this.value;
    this.to = roll;
    this.win = win;
    this.elapsed = 0;
    this.stepsInRoll = 0;
    this.rolling = true;
    this.settled = null;
    this.finished = done ?? null;
  }

  update(dt: number): void {
    this.previous = this.value;
    if (!this.rolling) return;
    this.elapsed += dt;
    this.stepsInRoll += 1;
    const t = Math.min(1, this.elapsed / Math.max(0.001, this.values.rollSeconds));
    const eased = easeOutBack(t, this.values.overshoot);
    this.value = Math.min(100, Math.max(0, this.from + (this.to - this.from) * eased));
    if (t >= 1) {
      this.value = this.to;
      this.rolling = false;
      this.settled = { roll: this.to, win: this.win };
      const done = this.finished;
      this.finished = null;
      done?.();
    }
  }

  paramsChanged(values: ParamValues<typeof diceParams>): void {
    this.values = { ...values };
  }

  /** A visit ends mid-roll: whoever waits is released. */
  dispose(): void {
    const done = this.finished;
    this.finished = null;
    done?.();
  }
}
