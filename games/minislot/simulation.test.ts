import { describe, expect, it } from 'vitest';
import { defaultValues } from '../../engine/index';
import { prng } from '../../tests/support/prng';
import { minislotParams } from './params';
import { MinislotSimulation } from './simulation';

const DT = 1 / 60;

/** Steps until the spin's callback runs; the order the reels rested in and the time it took. */
function run(sim: MinislotSimulation, stops: number[], turbo: boolean, skipAt = Infinity) {
  let done = false;
  const order: number[] = [];
  const lowest = [Infinity, Infinity, Infinity];
  sim.onReelStop = (reel) => order.push(reel);
  sim.spin(stops, turbo, () => (done = true));
  let t = 0;
  while (!done && t < 20) {
    if (t >= skipAt && t < skipAt + DT) sim.skip();
    sim.update(DT);
    sim.reels.forEach((reel, r) => {
      if (reel.phase === 'brake') lowest[r] = Math.min(lowest[r]!, reel.pos);
    });
    t += DT;
  }
  return { done, order, seconds: t, lowest };
}

describe('mini slot reels (headless)', () => {
  const random = prng(14);
  const values = defaultValues(minislotParams);

  it('rest on the given stops, left to right, with a bounce past each', () => {
    const sim = new MinislotSimulation(undefined, values);
    for (let n = 0; n < 100; n++) {
      const stops = [0, 1, 2].map(() => Math.floor(random() * 32));
      const { done, order, lowest } = run(sim, stops, n % 2 === 1);
      expect(done).toBe(true);
      expect(sim.spinning).toBe(false);
      expect(sim.stops).toEqual(stops);
      expect(order).toEqual([0, 1, 2]);
      // The strip runs down (the stop number falls), passes the target and settles back.
      lowest.forEach((low, r) => expect(low).toBeLessThan(stops[r]! - 0.05));
    }
  });

  it('turbo is shorter, and a skip stops the reels within half a second', () => {
    const sim = new MinislotSimulation(undefined, values);
    const full = run(sim, [5, 6, 7], false).seconds;
    const turbo = run(sim, [8, 9, 10], true).seconds;
    expect(turbo).toBeLessThan(full * 0.6);
    const skipped = run(sim, [11, 12, 13], false, 0.2);
    expect(skipped.seconds).toBeLessThan(0.2 + 0.5);
    expect(sim.stops).toEqual([11, 12, 13]);
  });

  it('rests the reels on their targets and releases the waiter when the visit ends', () => {
    const sim = new MinislotSimulation(undefined, values);
    let done = false;
    sim.spin([1, 2, 3], false, () => (done = true));
    sim.update(DT);
    sim.dispose();
    expect(done).toBe(true);
    expect(sim.stops).toEqual([1, 2, 3]);
  });
});
