import { describe, expect, it } from 'vitest';
import { defaultValues } from '../../engine/index';
import { prng } from '../../tests/support/prng';
import { minislotParams } from './params';
import { MinislotSimulation, teases } from './simulation';

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

  describe('the tease: two alike of a big pay on the first reels', () => {
    // Stop 0 is the strip's only SEVEN, 13 and 25 its BARs, 3 and 7 LEMONs, 1 and 5 BLANKs.
    it('is asked for two of a symbol whose three pay at least teasePays', () => {
      expect(teases([0, 0, 9], 40)).toBe(true);
      expect(teases([13, 25, 9], 40)).toBe(true);
      expect(teases([0, 13, 9], 40)).toBe(false);
      expect(teases([3, 7, 9], 40)).toBe(false);
      expect(teases([3, 7, 9], 15)).toBe(true);
      expect(teases([1, 5, 9], 15)).toBe(false);
    });

    /** Steps a spin; what the last reel did while the others were at rest. */
    function watch(sim: MinislotSimulation, stops: number[], skipAt = Infinity) {
      let done = false;
      let t = 0;
      let teasedFor = 0;
      let slowest = Infinity;
      let biggestJump = 0;
      const last = sim.reels[2]!;
      sim.spin(stops, false, () => (done = true));
      while (!done && t < 20) {
        if (t >= skipAt && t < skipAt + DT) sim.skip();
        const before = last.pos;
        sim.update(DT);
        // How far the strip moved in the step, whole strips counted off: a jump is what shows.
        const moved = Math.abs(((((before - last.pos + 16) % 32) + 32) % 32) - 16);
        if (sim.teasing) {
          teasedFor += DT;
          slowest = Math.min(slowest, last.velocity);
          biggestJump = Math.max(biggestJump, moved - last.velocity * DT);
        }
        t += DT;
      }
      return { done, seconds: t, teasedFor, slowest, biggestJump };
    }

    it('spins the last reel on, slower, and brakes it onto its stop without a jump', () => {
      const plain = watch(new MinislotSimulation(undefined, values), [0, 13, 9]);
      expect(plain.teasedFor).toBe(0);
      for (const third of [0, 9, 17, 31]) {
        const sim = new MinislotSimulation(undefined, values);
        const teased = watch(sim, [0, 0, third]);
        expect(teased.done).toBe(true);
        expect(sim.stops).toEqual([0, 0, third]);
        expect(sim.teasing).toBe(false);
        expect(teased.seconds).toBeGreaterThan(plain.seconds + values.teaseSeconds);
        expect(teased.teasedFor).toBeGreaterThan(values.teaseSeconds);
        expect(teased.slowest).toBeLessThan(values.speed * values.teaseSpeed * 1.05);
        // Slow enough to read, so nothing jumps: each step moves the strip as its speed says.
        expect(teased.biggestJump).toBeLessThan(0.05);
      }
    });

    it('is left out when turned off, and a skip ends it', () => {
      const off = new MinislotSimulation(undefined, { ...values, teaseSeconds: 0 });
      expect(watch(off, [0, 0, 9]).teasedFor).toBe(0);
      const sim = new MinislotSimulation(undefined, values);
      const skipped = watch(sim, [13, 25, 4], 1.8);
      expect(skipped.seconds).toBeLessThan(1.8 + 0.5);
      expect(sim.stops).toEqual([13, 25, 4]);
    });
  });
});
