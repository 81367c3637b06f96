import { describe, expect, it } from 'vitest';
import { floats } from '../fairness/index';
import { liveEnding, liveRound } from '../fairness/live';
import {
  crashMsOf,
  crashPointHundredths,
  MINER_FRENZY,
  msToReachHundredths,
  multiplierHundredthsAt,
  rules,
} from './rules';

const VECTOR = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
};
const FLOATS = 2 ** 32;
/** f0 is k / 2^32 for k in 0 .. 2^32 - 1, each equally likely. */
const crashOfK = (k: number) => crashPointHundredths(k / FLOATS);

/** How many of the 2^32 equally likely f0 give a crash point at or above `hundredths`. */
function countAtLeast(hundredths: number): number {
  // The crash point does not grow with f0: the largest k that still reaches it, by bisection.
  let low = 0; // crashOfK(0) is the cap
  let high = FLOATS; // exclusive
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (crashOfK(mid) >= hundredths) low = mid;
    else high = mid;
  }
  // Floating-point noise must not break the order near the boundary.
  for (let k = Math.max(0, low - 2000); k <= Math.min(FLOATS - 1, low + 2000); k++) {
    expect(crashOfK(k) >= hundredths).toBe(k <= low);
  }
  return low + 1;
}

describe('Miner Frenzy rules', () => {
  it('crashes at 1.28 on the published vector', () => {
    const f = floats(VECTOR.serverSeed, VECTOR.clientSeed, VECTOR.nonce, 1);
    expect(crashPointHundredths(f[0]!)).toBe(128);
    expect(rules.outcome({}, f)).toEqual({ crash: 1.28 });
    expect(rules.crashPointE4(f)).toBe(12_800);
  });

  it('keeps the crash point between 1.00 and the cap', () => {
    expect(crashPointHundredths(0)).toBe(MINER_FRENZY.maxCrashHundredths);
    expect(crashPointHundredths(1 - 2 ** -32)).toBe(100);
    expect(crashPointHundredths(0.99)).toBe(100);
    expect(crashPointHundredths(0.5)).toBe(198);
  });

  it('grows m(t) as floor(100 * e^(0.00006 t)) / 100', () => {
    expect(multiplierHundredthsAt(0)).toBe(100);
    expect(multiplierHundredthsAt(-5)).toBe(100);
    expect(multiplierHundredthsAt(11_552)).toBe(199);
    expect(multiplierHundredthsAt(11_553)).toBe(200);
    expect(rules.multiplierE4At(11_553)).toBe(20_000);
  });

  it('finds the first millisecond at which m reaches a value', () => {
    for (const target of [101, 150, 200, 1000, 12_345, 10_000_000, 100_000_000]) {
      const ms = msToReachHundredths(target);
      expect(multiplierHundredthsAt(ms)).toBeGreaterThanOrEqual(target);
      expect(multiplierHundredthsAt(ms - 1)).toBeLessThan(target);
    }
    expect(msToReachHundredths(100)).toBe(0);
    expect(rules.msToReach(20_000)).toBe(11_553);
  });

  it('crashes when m reaches the crash point, at once for 1.00', () => {
    expect(crashMsOf(100)).toBe(0);
    const ms = crashMsOf(200);
    expect(multiplierHundredthsAt(ms)).toBe(200);
    expect(multiplierHundredthsAt(ms - 1)).toBeLessThan(200);
    expect(ms).toBe(msToReachHundredths(200));
    expect(rules.crashMs(20_000)).toBe(ms);
  });

  it('pays an auto cash-out at or below the crash point', () => {
    expect(rules.autoCashoutWins(20_000, 20_000)).toBe(true);
    expect(rules.autoCashoutWins(20_100, 20_000)).toBe(false);
  });

  it('ends a round at m = crash point: a cash-out by hand then loses, an equal auto target wins', () => {
    const crash = 20_000; // 2.00x in e4
    const startedAt = 1_000_000;
    const byHand = liveRound(rules, [0.495], null, startedAt);
    expect(byHand.crashPointE4).toBe(crash);
    const crashAt = startedAt + msToReachHundredths(200);
    expect(byHand.endsAt).toBe(crashAt);
    // One millisecond before m(t) reaches 2.00 the cash-out wins m(t) (below the crash point).
    expect(liveEnding(rules, byHand, crashAt - 1)).toEqual({
      status: 'cashed_out',
      multiplierE4: 19_900,
      endedAt: crashAt - 1,
    });
    // At m(t) = 2.00, the crash point itself, the round had crashed.
    expect(liveEnding(rules, byHand, crashAt)).toEqual({ status: 'crashed', endedAt: crashAt });
    // An auto cash-out at exactly 2.00 still pays 2.00, at the same millisecond.
    const auto = liveRound(rules, [0.495], crash, startedAt);
    expect(auto.endsAt).toBe(crashAt);
    expect(liveEnding(rules, auto, null)).toEqual({
      status: 'cashed_out',
      multiplierE4: crash,
      endedAt: crashAt,
    });
  });

  it.each([1.01, 2, 10, 100])(
    'returns 99%% at auto cash-out %s, exactly from the distribution',
    (target) => {
      const hundredths = Math.round(target * 100);
      const rtp = (target * countAtLeast(hundredths)) / FLOATS;
      // The 2^32 equally likely floats make it 0.99 up to one float's worth of the target.
      expect(Math.abs(rtp - 0.99)).toBeLessThanOrEqual(target / FLOATS);
    },
  );

  it('parses the optional auto cash-out target', () => {
    expect(rules.parse({})).toEqual({ ok: true, value: { autoCashoutHundredths: null } });
    expect(rules.parse({ auto_cashout: 1.5 })).toEqual({
      ok: true,
      value: { autoCashoutHundredths: 150 },
    });
    for (const bad of [1, 1.005, 'x', 2_000_000]) {
      const parsed = rules.parse({ auto_cashout: bad });
      expect(parsed.ok).toBe(false);
    }
    expect(rules.wire({ autoCashoutHundredths: 150 })).toEqual({ auto_cashout: 1.5 });
    expect(rules.autoCashoutE4({ autoCashoutHundredths: 150 })).toBe(15_000);
  });
});
