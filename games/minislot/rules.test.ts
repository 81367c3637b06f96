import { describe, expect, it } from 'vitest';
import { floats } from '../fairness/floats';
import { MULTIPLIER_SCALE } from '../fairness/money';
import { MINISLOT, PAYS, rules, spin, STRIP, stopOf, symbolAt } from './rules';

// The published seed pair (docs/fairness.md).
const VECTOR = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
};

/** Every outcome of three reels: one float per stop, in the middle of its 1/32 slice. */
function* everySpin() {
  const at = (stop: number) => (stop + 0.5) / STRIP.length;
  for (let a = 0; a < 32; a++)
    for (let b = 0; b < 32; b++) for (let c = 0; c < 32; c++) yield spin([at(a), at(b), at(c)]);
}

describe('Mini slot rules', () => {
  it('decides the published vector: stops 24, 28, 9 = LEMON BLANK CHERRY, 1x', () => {
    const f = floats(VECTOR.serverSeed, VECTOR.clientSeed, VECTOR.nonce, MINISLOT.floatsNeeded);
    expect(rules.outcome({}, f)).toEqual({
      stops: [24, 28, 9],
      line: ['LEMON', 'BLANK', 'CHERRY'],
      multiplier: 1,
    });
    const played = rules.play({}, f, 250);
    expect(played.multiplierE4).toBe(MULTIPLIER_SCALE);
    expect(played.payoutCents).toBe(250);
    expect(played.result).toMatchObject({ stops: [24, 28, 9], win: 'cherry1' });
  });

  it('holds the strip of its README: 32 stops, one SEVEN, two BARs', () => {
    expect(STRIP).toHaveLength(32);
    expect(STRIP.filter((s) => s === 'SEVEN')).toHaveLength(1);
    expect(STRIP.filter((s) => s === 'BAR')).toHaveLength(2);
    expect(STRIP.filter((s) => s === 'CHERRY')).toHaveLength(5);
    expect(stopOf(0)).toBe(0);
    expect(stopOf(0.999999)).toBe(31);
    expect(stopOf(24 / 32)).toBe(24);
  });

  it('returns exactly 31,570 / 32,768 over all 32,768 outcomes, hit rate 41.28%', () => {
    let returned = 0;
    let hits = 0;
    let outcomes = 0;
    const perWin = new Map<string, number>();
    for (const s of everySpin()) {
      outcomes++;
      returned += s.multiplierE4;
      if (s.win) {
        hits++;
        perWin.set(s.win, (perWin.get(s.win) ?? 0) + 1);
      }
    }
    expect(outcomes).toBe(32_768);
    expect(returned / MULTIPLIER_SCALE).toBe(31_570);
    expect(((hits / outcomes) * 100).toFixed(2)).toBe('41.28');
    // Every row of the pay table can be hit.
    expect([...perWin.keys()].sort()).toEqual(PAYS.map((p) => p.win).sort());
  });

  it('shows a window whose middle row is the line and whose rows are strip neighbours', () => {
    const wrong: string[] = [];
    for (const s of everySpin()) {
      s.window.forEach(([above, middle, below], reel) => {
        const stop = s.stops[reel]!;
        const ok =
          middle === s.line[reel] &&
          middle === STRIP[stop] &&
          above === symbolAt(stop - 1) &&
          below === symbolAt(stop + 1);
        if (!ok) wrong.push(`${s.stops.join(',')} reel ${reel}`);
      });
    }
    expect(wrong).toEqual([]);
    expect(spin([0, 0, 0.99]).window[0]).toEqual(['BELL', 'SEVEN', 'BLANK']);
    expect(spin([0, 0, 0.99]).window[2]).toEqual(['LEMON', 'BELL', 'SEVEN']);
  });

  it('pays exactly two cherries anywhere, not three as two', () => {
    const at = (symbol: string, nth = 0) =>
      (STRIP.map((s, i) => (s === symbol ? i : -1)).filter((i) => i >= 0)[nth]! + 0.5) / 32;
    expect(spin([at('CHERRY'), at('LEMON'), at('CHERRY', 1)]).win).toBe('cherry2');
    expect(spin([at('CHERRY'), at('CHERRY', 1), at('CHERRY', 2)]).win).toBe('cherry3');
    expect(spin([at('SEVEN'), at('SEVEN'), at('SEVEN')]).multiplierE4).toBe(1000 * 10_000);
    expect(spin([at('BAR'), at('BAR', 1), at('BELL')]).win).toBeNull();
  });

  it('takes no parameters besides the amount', () => {
    expect(rules.parse({})).toEqual({ ok: true, value: {} });
    expect(rules.summary({}, { line: ['LEMON', 'BLANK', 'CHERRY'], win: 'cherry1' })).toBe(
      'LEMON BLANK CHERRY (cherry1)',
    );
  });
});
