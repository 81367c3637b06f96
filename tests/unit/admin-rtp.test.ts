// The operator console's RTP check (games/fairness/rtp.ts): bets simulated with the real
// rules and the real fairness floats (HMAC-SHA256 of fixed seeds, so every run is the same) land
// inside the 99% interval around their observed RTP; a rigged payout table is flagged.
import { describe, expect, it } from 'vitest';
import { floats } from '../../games/fairness/floats';
import type { InstantRules } from '../../games/fairness/contract';
import { rules as dice } from '../../games/dice/rules';
import { rules as plinko } from '../../games/plinko/rules';
import {
  addBet,
  emptySums,
  MIN_BETS_TO_FLAG,
  rtpCheck,
  type ReturnSums,
} from '../../games/fairness/rtp';

const SERVER_SEED = 'a3f1c2d4e5b6978812345678901234567890abcdefabcdefabcdefabcdef1234';
const CLIENT_SEED = 'console-rtp';

/** `count` bets of the rules with bodies from `body(nonce)`, the payout through `pay`. */
function simulate(
  rules: InstantRules,
  count: number,
  body: (nonce: number) => Record<string, unknown>,
  pay: (payoutCents: number, stakeCents: number) => number = (p) => p,
): ReturnSums {
  const sums = emptySums();
  for (let nonce = 0; nonce < count; nonce++) {
    const parsed = rules.parse(body(nonce));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const wire = rules.wire(parsed.value);
    const stake = 100 + (nonce % 5) * 100; // stakes differ: 1.00 to 5.00
    const need = rules.floatsNeeded(rules.verifyValuesOf(wire));
    const play = rules.play(parsed.value, floats(SERVER_SEED, CLIENT_SEED, nonce, need), stake);
    addBet(sums, stake, pay(play.payoutCents, stake), rules.rtp(wire));
  }
  return sums;
}

const diceBody = (nonce: number) => ({
  target: [10, 25.5, 50, 75, 90][nonce % 5]!,
  condition: nonce % 2 ? 'over' : 'under',
});
const plinkoBody = (nonce: number) => ({
  rows: 8 + (nonce % 9),
  risk: ['low', 'medium', 'high'][nonce % 3]!,
});

describe('the RTP interval of the operator console', () => {
  it('contains the theoretical RTP for dice bets played with the real rules', () => {
    const check = rtpCheck(simulate(dice as InstantRules, 100_000, diceBody));
    console.log('dice', check);
    expect(check.theoretical).toBeCloseTo(0.99, 10);
    expect(check.low).toBeLessThan(0.99);
    expect(check.high).toBeGreaterThan(0.99);
    expect(check.high - check.low).toBeLessThan(0.04);
    expect(check.flagged).toBe(false);
  });

  it('contains the stake-weighted theory of a mix of plinko tables', () => {
    const check = rtpCheck(simulate(plinko as InstantRules, 100_000, plinkoBody));
    console.log('plinko', check);
    expect(check.theoretical).toBeGreaterThan(0.989);
    expect(check.theoretical).toBeLessThan(0.992);
    expect(check.flagged).toBe(false);
  });

  it('flags a rigged payout table: dice paying 3% more than its rules', () => {
    const rigged = simulate(dice as InstantRules, 100_000, diceBody, (p) => Math.round(p * 1.03));
    const check = rtpCheck(rigged);
    console.log('rigged dice', check);
    expect(check.observed).toBeGreaterThan(check.theoretical + 0.015);
    expect(check.flagged).toBe(true);
  });

  it('flags a plinko table that pays less than it says, and never flags too few bets', () => {
    const stingy = (p: number) => Math.floor(p * 0.95);
    expect(rtpCheck(simulate(plinko as InstantRules, 60_000, plinkoBody, stingy)).flagged).toBe(
      true,
    );
    const few = simulate(dice as InstantRules, MIN_BETS_TO_FLAG - 1, diceBody, (p) => p * 2);
    expect(rtpCheck(few).flagged).toBe(false);
    expect(rtpCheck(emptySums())).toMatchObject({ observed: 0, flagged: false });
  });
});
