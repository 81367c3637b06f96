import type { ParamValues, Simulation } from '../../engine/headless/index';
import type { minerFrenzyParams } from './params';
import { multiplierHundredthsAt } from './rules';

/** A round on the local clock: m(t) from the server's start and the clock offset, never ticks. */
export class MinerFrenzySimulation implements Simulation<typeof minerFrenzyParams> {
  round: { startedAt: number; offsetMs: number; autoCashout: number | null } | null = null;
  /** Set when the round ends: the multiplier it ended on, and how. */
  ended: { multiplier: number; crashed: boolean; at: number } | null = null;
  cashedOutAt: number | null = null;
  /** Distance the shaft has scrolled (px), one step ago and now. */
  travelled = 0;
  previousTravelled = 0;
  /** Seconds since the crash (dust), or -1. */
  sinceCrash = -1;
  values: ParamValues<typeof minerFrenzyParams>;

  constructor(_data: unknown, values: ParamValues<typeof minerFrenzyParams>) {
    this.values = { ...values };
  }

  /** m(t) as the server computes it, from the local clock corrected by the offset. */
  multiplier(now = Date.now()): number {
    if (this.ended) return this.ended.multiplier;
    if (!this.round) return 1;
    return multiplierHundredthsAt(now + this.round.offsetMs - this.round.startedAt) / 100;
  }

  running(): boolean {
    return this.round !== null && this.ended === null;
  }

  update(dt: number): void {
    this.previousTravelled = this.travelled;
    if (this.sinceCrash >= 0) this.sinceCrash += dt;
    if (!this.round || this.ended?.crashed) return;
    const speed =
      this.values.baseSpeed * (1 + this.values.speedGrowth * Math.log(this.multiplier()));
    this.travelled += speed * dt;
  }

  paramsChanged(values: ParamValues<typeof minerFrenzyParams>): void {
    this.values = { ...values };
  }
}
