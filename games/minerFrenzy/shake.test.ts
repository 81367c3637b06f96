import { describe, expect, it } from 'vitest';
import { cartShake, MAX_SHAKE_PX } from './shake';

/** The largest sideways offset over a stretch of the shaft. */
const widest = (m: number) =>
  Math.max(...Array.from({ length: 400 }, (_, i) => Math.abs(cartShake(i * 3, m).x)));

describe('Miner Frenzy cart shake', () => {
  it('is still at 1x, grows with the multiplier, and stops growing at its cap', () => {
    expect(widest(1)).toBe(0);
    const sizes = [1.5, 2, 5, 10, 20].map(widest);
    sizes.slice(1).forEach((size, i) => expect(size).toBeGreaterThan(sizes[i]! + 0.5));
    expect(widest(2)).toBeCloseTo(1.5, 1);
    expect(widest(1000)).toBeLessThanOrEqual(MAX_SHAKE_PX);
    expect(widest(1000)).toBeGreaterThan(MAX_SHAKE_PX * 0.99);
    expect(widest(1000)).toBe(widest(100));
  });

  it('bounces and rocks less than it rattles', () => {
    for (let i = 0; i < 400; i++) {
      const shake = cartShake(i * 3, 50);
      expect(Math.abs(shake.y)).toBeLessThanOrEqual(shake.amplitude * 0.4 + 1e-9);
      expect(Math.abs(shake.rotation)).toBeLessThan(0.05);
    }
  });
});
