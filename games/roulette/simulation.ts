import type { ParamValues, Simulation } from '../../engine/headless/index';
import type { rouletteParams } from './params';
import { pocketAngle, pocketAt } from './wheel';

const TAU = Math.PI * 2;
export const WHEEL_RADIUS = { track: 300, pockets: 230 };

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * The wheel and the ball over one spin. The wheel turns clockwise and slows to a stop; the ball
 * runs the other way on the track, drops, and comes to rest exactly on the pocket the server
 * decided (its angle relative to the wheel ends on that pocket's centre).
 */
export class RouletteSimulation implements Simulation<typeof rouletteParams> {
  wheelAngle = 0;
  /** The ball's angle relative to the wheel and its distance from the centre. */
  ballRelative = 0;
  ballRadius = WHEEL_RADIUS.track;
  previous = { wheelAngle: 0, ballRelative: 0, ballRadius: WHEEL_RADIUS.track };
  spinning = false;
  private elapsed = 0;
  private startWheel = 0;
  private startBall = 0;
  private endBall = 0;
  private values: ParamValues<typeof rouletteParams>;
  private done: ((pocket: number) => void) | null = null;
  private lastPocket: number | null = null;

  constructor(_data: unknown, values: ParamValues<typeof rouletteParams>) {
    this.values = { ...values };
  }

  /** The ball's absolute angle. */
  get ballAngle(): number {
    return this.wheelAngle + this.ballRelative;
  }

  /** The pocket the ball rests in (null while spinning or before the first spin). */
  get settledPocket(): number | null {
    return this.spinning || this.lastPocket === null ? null : pocketAt(this.ballRelative);
  }

  spin(pocket: number, done?: (pocket: number) => void): void {
    this.finish();
    this.elapsed = 0;
    this.spinning = true;
    this.startWheel = this.wheelAngle % TAU;
    this.startBall = this.ballRelative % TAU;
    // Counter-clockwise relative to the wheel for the ball's turns, ending on the pocket.
    const target = pocketAngle(pocket);
    const turns = this.values.ballTurns + this.values.wheelTurns;
    let end = target - Math.ceil(turns) * TAU;
    while (end > this.startBall - turns * TAU) end -= TAU;
    this.endBall = end;
    this.lastPocket = pocket;
    this.done = done ?? null;
  }

  update(dt: number): void {
    this.previous = {
      wheelAngle: this.wheelAngle,
      ballRelative: this.ballRelative,
      ballRadius: this.ballRadius,
    };
    if (!this.spinning) return;
    this.elapsed += dt;
    const t = Math.min(1, this.elapsed / Math.max(0.1, this.values.spinSeconds));
    const eased = easeOutCubic(t);
    this.wheelAngle = this.startWheel + this.values.wheelTurns * TAU * eased;
    this.ballRelative = this.startBall + (this.endBall - this.startBall) * eased;
    const drop = Math.min(1, Math.max(0, (t - this.values.dropAt) / (1 - this.values.dropAt)));
    this.ballRadius = WHEEL_RADIUS.track + (WHEEL_RADIUS.pockets - WHEEL_RADIUS.track) * drop;
    if (t >= 1) {
      this.ballRelative = this.endBall;
      this.ballRadius = WHEEL_RADIUS.pockets;
      this.spinning = false;
      this.finish();
    }
  }

  paramsChanged(values: ParamValues<typeof rouletteParams>): void {
    this.values = { ...values };
  }

  dispose(): void {
    this.spinning = false;
    this.finish();
  }

  private finish(): void {
    const done = this.done;
    this.done = null;
    if (done) done(pocketAt(this.ballRelative));
  }
}
