import { describe, expect, it } from 'vitest';
import {
  adjustBetCents,
  clampBetCents,
  formatAmountInput,
  formatDecimal,
  formatMoney,
  formatMultiplier,
  parseAmountCents,
  parseDecimal,
  stakeIssue,
  unitsToCents,
  BET_LIMITS,
} from '../../../games/shared/format/amount';
import { AUTO_BET_START, autoBetStop, recordAutoBet } from '../../../games/shared/round/autoBet';
import { onSceneCalls, SceneChannel } from '../../../games/shared/scene/SceneChannel';
import { balanceTracker, EndedWith, settleWithAnimation } from '../../../games/shared/round/settle';
import type { GameServices, RequestOptions } from '../../../games/shared/wire/services';
import type { BetAnswer } from '../../../games/shared/wire/types';
import { signedIn } from '../../../games/shared/round/useBetCall';
import { placeBet } from '../../../games/shared/round/useBetRound';
import { currentCelebration } from '../../../games/shared/celebration/celebrations';

describe('bet amounts', () => {
  it('parses at most two decimals, with a point or a comma', () => {
    expect(parseAmountCents('1.5')).toBe(150);
    expect(parseAmountCents('1,05')).toBe(105);
    expect(parseAmountCents(' 10 ')).toBe(1000);
    expect(parseAmountCents('0.001')).toBeNull();
    expect(parseAmountCents('-1')).toBeNull();
    expect(parseAmountCents('abc')).toBeNull();
    expect(unitsToCents(0.29)).toBe(29);
  });

  it('halves, doubles and maxes within the limits and the balance', () => {
    expect(adjustBetCents('half', 101, 100_000)).toBe(50);
    expect(adjustBetCents('half', 1, 100_000)).toBe(1); // never below 0.01
    expect(adjustBetCents('double', 300, 500)).toBe(500); // not above the balance
    expect(adjustBetCents('double', 600_000, 5_000_000)).toBe(1_000_000); // 10,000.00 cap
    expect(adjustBetCents('max', 100, 123_456)).toBe(123_456);
    expect(adjustBetCents('max', 100, 0)).toBe(1);
    expect(clampBetCents(0, 1000)).toBe(1);
  });

  it('formats like the top bar and multipliers with 2 decimals, rounded down', () => {
    expect(formatMoney(1002.5)).toBe('1.002,50');
    expect(formatMultiplier(2)).toBe('2,00×');
    expect(formatMultiplier(0)).toBe('0,00×');
    expect(formatMultiplier(1.9899)).toBe('1,98×');
    expect(formatMultiplier(1.9899, 4)).toBe('1,9899×');
    expect(formatMultiplier(1.1)).toBe('1,10×'); // 1.1 * 100 is 110.00000000000001
    expect(formatMultiplier(0.29)).toBe('0,29×'); // 0.29 * 100 is 28.999999999999996
    expect(formatMultiplier(1_000_000)).toBe('1.000.000,00×');
    expect(formatMultiplier(Number.NaN)).toBe('0,00×');
    expect(formatDecimal(1234.5)).toBe('1.234,50');
    expect(formatDecimal(-0.5, 1)).toBe('-0,5');
    expect(formatDecimal(50, 0)).toBe('50');
    expect(parseDecimal('50,5')).toBe(50.5);
    expect(parseDecimal('50.50')).toBe(50.5);
    expect(parseDecimal('7')).toBe(7);
    expect(parseDecimal('1.2.3')).toBeNull();
    expect(formatAmountInput(150)).toBe('1,50');
  });
});

describe('a stake as it is typed', () => {
  it("is checked against the format, the game's limits and the balance, in that order", () => {
    expect(stakeIssue('1.50', BET_LIMITS, 100_000)).toBeNull();
    expect(stakeIssue('', BET_LIMITS, 100_000)).toEqual({ key: 'format' });
    expect(stakeIssue('1.234', BET_LIMITS, 100_000)).toEqual({ key: 'format' });
    expect(stakeIssue('abc', BET_LIMITS, 100_000)).toEqual({ key: 'format' });
    expect(stakeIssue('0', BET_LIMITS, 100_000)).toEqual({ key: 'min', limitCents: 1 });
    expect(stakeIssue('0,00', BET_LIMITS, 100_000)).toEqual({ key: 'min', limitCents: 1 });
    expect(stakeIssue('10000.01', BET_LIMITS, 10_000_000)).toEqual({
      key: 'max',
      limitCents: 1_000_000,
    });
    expect(stakeIssue('10000', BET_LIMITS, 10_000_000)).toBeNull();
    // Over the balance: 1000.01 with 1000.00.
    expect(stakeIssue('1000.01', BET_LIMITS, 100_000)).toEqual({
      key: 'balance',
      balanceCents: 100_000,
    });
    expect(stakeIssue('1000', BET_LIMITS, 100_000)).toBeNull();
    // A guest's stake is not held to a balance; a game's own limits replace the default ones.
    expect(stakeIssue('5000', BET_LIMITS, null)).toBeNull();
    expect(stakeIssue('0.50', { minCents: 100, maxCents: 500 }, null)).toEqual({
      key: 'min',
      limitCents: 100,
    });
    expect(stakeIssue('5.01', { minCents: 100, maxCents: 500 }, null)).toEqual({
      key: 'max',
      limitCents: 500,
    });
  });
});

describe('auto-bet stop conditions', () => {
  const settings = { count: 5, stopOnProfitCents: 0, stopOnLossCents: 0 };

  it('counts bets and stops at the count (0 means no limit)', () => {
    let p = AUTO_BET_START;
    for (let i = 0; i < 4; i++) {
      p = recordAutoBet(p, 100, 0);
      expect(autoBetStop(settings, p)).toBeNull();
    }
    p = recordAutoBet(p, 100, 0);
    expect(p).toEqual({ played: 5, profitCents: -500 });
    expect(autoBetStop(settings, p)).toBe('count');
    expect(autoBetStop({ ...settings, count: 0 }, p)).toBeNull();
  });

  it('stops once the profit reaches the target', () => {
    const s = { count: 0, stopOnProfitCents: 150, stopOnLossCents: 0 };
    const p1 = recordAutoBet(AUTO_BET_START, 100, 200); // +100
    expect(autoBetStop(s, p1)).toBeNull();
    const p2 = recordAutoBet(p1, 100, 150); // +150
    expect(p2.profitCents).toBe(150);
    expect(autoBetStop(s, p2)).toBe('profit');
  });

  it('stops once the loss reaches the limit', () => {
    const s = { count: 0, stopOnProfitCents: 0, stopOnLossCents: 250 };
    let p = recordAutoBet(AUTO_BET_START, 100, 0);
    p = recordAutoBet(p, 100, 0);
    expect(autoBetStop(s, p)).toBeNull();
    p = recordAutoBet(p, 100, 50);
    expect(p.profitCents).toBe(-250);
    expect(autoBetStop(s, p)).toBe('loss');
  });

  it('stops after a single win of at least the amount, when the game offers it', () => {
    const s = { count: 0, stopOnProfitCents: 0, stopOnLossCents: 0, stopOnWinOverCents: 500 };
    const p = recordAutoBet(AUTO_BET_START, 100, 400);
    expect(autoBetStop(s, p, 400)).toBeNull();
    expect(autoBetStop(s, recordAutoBet(p, 100, 500), 500)).toBe('win');
    expect(autoBetStop({ ...s, stopOnWinOverCents: 0 }, p, 5000)).toBeNull();
    expect(autoBetStop(settings, p, 5000)).toBeNull();
  });

  it('the count wins over profit and loss when both are reached at once', () => {
    const p = recordAutoBet(AUTO_BET_START, 100, 1000);
    expect(autoBetStop({ count: 1, stopOnProfitCents: 1, stopOnLossCents: 0 }, p)).toBe('count');
  });
});

describe('the balance around an animation', () => {
  it('shows the stake at once and ends on the server balance after the animation', async () => {
    const seen: number[] = [];
    const answer = { balance: 1001.5, bet: { id: 1, payout: 3 } } as BetAnswer;
    let during = -1;
    const shown = await settleWithAnimation(
      { setBalance: (b) => seen.push(b) },
      answer,
      async () => {
        during = seen.at(-1)!;
        return 'rested';
      },
    );
    expect(during).toBe(998.5);
    expect(seen).toEqual([998.5, 1001.5]);
    expect(shown).toEqual({ shown: 'rested', answer });
  });

  it('settles a round that ended with a later answer on that answer, leaving the first as it was', async () => {
    const seen: number[] = [];
    // A live round: started with the stake taken (999.00, no payout yet), cashed out for 2.50.
    const started = { balance: 999, bet: { id: 7, payout: 0 } } as BetAnswer;
    const ended = { balance: 1001.5, bet: { id: 7, payout: 2.5 } } as BetAnswer;
    const settled = await settleWithAnimation(
      { setBalance: (b) => seen.push(b) },
      started,
      async () => new EndedWith('cashed out', ended),
    );
    expect(settled).toEqual({ shown: 'cashed out', answer: ended });
    expect(seen).toEqual([999, 1001.5]);
    expect(started).toEqual({ balance: 999, bet: { id: 7, payout: 0 } });
  });

  it('ends on the server balance even when the animation fails', async () => {
    const seen: number[] = [];
    const answer = { balance: 10, bet: { id: 1, payout: 0 } } as BetAnswer;
    await expect(
      settleWithAnimation({ setBalance: (b) => seen.push(b) }, answer, () =>
        Promise.reject(new Error('scene gone')),
      ),
    ).rejects.toThrow('scene gone');
    expect(seen).toEqual([10, 10]);
  });

  it('tracks animations side by side: stakes at once, payouts on landing, the latest server balance', () => {
    const tracker = balanceTracker();
    // Two bets answered out of order: bet 2 (balance 998 + its payout 0.5) before bet 1.
    expect(tracker.betPlaced(2, 99_850, 50)).toBe(99_800);
    expect(tracker.betPlaced(1, 99_900, 300)).toBe(99_500);
    expect(tracker.betSettled(300)).toBe(99_800);
    expect(tracker.betSettled(50)).toBe(99_850);
    expect(tracker.shownCents()).toBe(99_850);
  });
});

/** Services whose request answers bets in turn and records what was sent. */
function fakeServices(answers: BetAnswer[]) {
  const sent: { method: string; path: string; body: unknown; options?: RequestOptions }[] = [];
  const balances: number[] = [];
  const services: GameServices = {
    request: async <T>(
      method: 'GET' | 'POST',
      path: string,
      body?: unknown,
      options?: RequestOptions,
    ) => {
      sent.push({ method, path, body, options });
      const answer = answers.shift();
      if (!answer) throw new Error('422');
      return answer as T;
    },
    balance: () => balances.at(-1) ?? 0,
    setBalance: (balance) => balances.push(balance),
    isAuthenticated: true,
    requireLogin: () => undefined,
    keptStakeCents: () => null,
    feel: {
      get: () => ({ instant: false, reducedMotion: false, hotkeys: true, haptics: false }),
      subscribe: () => () => undefined,
      setInstant: () => undefined,
    },
    events: () => () => undefined,
  };
  return { services, sent, balances };
}

const betAnswer = (id: number, amount: number, payout: number, balance: number): BetAnswer => ({
  bet: { id, amount, payout, multiplier: payout / amount, result: {} } as BetAnswer['bet'],
  balance,
});

describe('the bet round', () => {
  it('posts with a fresh idempotency key, sounds, settles the bar with the animation, then tells the page', async () => {
    const { services, sent, balances } = fakeServices([
      betAnswer(7, 2, 5, 1003),
      betAnswer(8, 2, 0, 1001),
    ]);
    const log: string[] = [];
    const round = {
      services,
      onSettled: (bet: { id: number }) => log.push(`settled ${bet.id}`),
      bet: () => ({ path: '/api/games/x/bets', body: { amount: 2 } }),
      animate: async (answer: BetAnswer) => {
        log.push(`animate ${answer.bet.id} at ${balances.at(-1)}`);
        return answer.bet.payout;
      },
    };
    const tracker = balanceTracker();
    const play = (sound: string) => log.push(`sound ${sound}`);
    const first = await placeBet(round, tracker, (n) => log.push(`shown ${n}`), play);
    expect(first).toEqual({ stakeCents: 200, payoutCents: 500 });
    // A win (2.5x) is celebrated, with its tier's sound instead of the table's.
    expect(currentCelebration()).toMatchObject({ tier: 'win', payoutCents: 500, cut: false });
    await placeBet(round, tracker, (n) => log.push(`shown ${n}`), play);
    // The next bet cut it short; a loss starts none.
    expect(currentCelebration()).toMatchObject({ payoutCents: 500, cut: true });

    expect(sent.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/api/games/x/bets', body: { amount: 2 } },
      { method: 'POST', path: '/api/games/x/bets', body: { amount: 2 } },
    ]);
    const keys = sent.map((s) => s.options?.idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(log).toEqual([
      'sound bet',
      'animate 7 at 998', // the stake has left, the payout is still to come
      'shown 5',
      'settled 7',
      'sound bet',
      'animate 8 at 1001',
      'sound lose',
      'shown 0',
      'settled 8',
    ]);
    expect(balances).toEqual([998, 1003, 1001, 1001]);
  });

  it('overlapping bets end when answered; each payout reaches the bar when its animation rests', async () => {
    const { services, balances } = fakeServices([
      betAnswer(1, 1, 3, 1002),
      betAnswer(2, 1, 0, 1001),
    ]);
    const landings: (() => void)[] = [];
    const settled: number[] = [];
    const round = {
      services,
      onSettled: (bet: { id: number }) => settled.push(bet.id),
      bet: () => ({ path: '/api/games/x/bets', body: {} }),
      overlapping: true,
      animate: () => new Promise<void>((resolve) => landings.push(resolve)),
      sounds: { settled: () => null },
    };
    const tracker = balanceTracker();
    await placeBet(
      round,
      tracker,
      () => undefined,
      () => undefined,
    );
    await placeBet(
      round,
      tracker,
      () => undefined,
      () => undefined,
    );
    expect(settled).toEqual([]);
    expect(balances.at(-1)).toBe(998); // both stakes left, the payout of 3 is in the air
    landings[0]!();
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toEqual([1]);
    expect(balances.at(-1)).toBe(1001);
    landings[1]!();
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toEqual([1, 2]);
  });

  it('a failed post places nothing; a guest is sent to log in', async () => {
    const { services, balances } = fakeServices([]);
    const round = {
      services,
      bet: () => ({ path: '/api/games/x/bets', body: {} }),
      animate: async () => undefined,
    };
    await expect(
      placeBet(
        round,
        balanceTracker(),
        () => undefined,
        () => undefined,
      ),
    ).rejects.toThrow('422');
    expect(balances).toEqual([]);

    let asked = 0;
    expect(signedIn({ isAuthenticated: false, requireLogin: () => (asked += 1) })).toBe(false);
    expect(signedIn({ isAuthenticated: true, requireLogin: () => (asked += 1) })).toBe(true);
    expect(asked).toBe(1);
  });
});

describe('the panel-scene channel', () => {
  it('hands the scene API to waiters, forgets it on detach, and routes events', async () => {
    const channel = new SceneChannel<{ ping(): string }, { tile: (n: number) => void }>();
    const waiting = channel.whenShown();
    const api = { ping: () => 'pong' };
    channel.attach(api);
    expect((await waiting).ping()).toBe('pong');
    channel.detach({ ping: () => 'other' }); // someone else's API: ignored
    expect(channel.scene?.ping()).toBe('pong');
    channel.detach(api);
    expect(channel.scene).toBeNull();

    const tiles: number[] = [];
    const off = channel.listen({ tile: (n) => tiles.push(n) });
    channel.emit('tile', 7);
    off();
    channel.emit('tile', 8);
    expect(tiles).toEqual([7]);
  });

  it("wakes the engine's loop before each call into the scene, not for reading a field", () => {
    const channel = new SceneChannel<{ count: number; roll(n: number): number }>();
    const calls: string[] = [];
    onSceneCalls(() => calls.push('wake'));
    try {
      const api = {
        count: 3,
        roll(n: number) {
          calls.push(`roll ${n}`);
          return n * this.count;
        },
      };
      channel.attach(api);
      expect(channel.scene!.count).toBe(3);
      expect(channel.scene!.roll(2)).toBe(6); // `this` is the scene's own API
      expect(calls).toEqual(['wake', 'roll 2']);
      channel.detach(api);
      expect(channel.scene).toBeNull();
    } finally {
      onSceneCalls(() => undefined);
    }
  });

  it('keeps the panel config: the scene gets it when it shows and on every change', () => {
    const channel = new SceneChannel<{ configure(config: { rows: number }): void }>();
    const got: number[] = [];
    const api = { configure: (config: { rows: number }) => got.push(config.rows) };
    channel.configure({ rows: 8 }); // before the scene shows
    expect(channel.config).toEqual({ rows: 8 });
    channel.attach(api);
    channel.configure({ rows: 12 });
    channel.detach(api);
    channel.configure({ rows: 16 }); // hidden: kept for the next show
    channel.attach(api);
    expect(got).toEqual([8, 12, 16]);

    channel.detach(api);
    channel.forgetConfig(); // the panel left: a later scene starts from its defaults
    channel.attach(api);
    expect(got).toEqual([8, 12, 16]);
    expect(channel.config).toBeNull();
  });

  it('passes the key actions a scene declares to the panel, and says when none took one', () => {
    const channel = new SceneChannel<object>();
    const bets: string[] = [];
    expect(channel.action('bet', 'down')).toBe(false); // no panel: the key stays the browser's
    const off = channel.onAction({ bet: () => bets.push('bet') });
    expect(channel.action('bet', 'down')).toBe(true);
    expect(channel.action('bet', 'up')).toBe(true); // taken, but a press runs only on down
    expect(channel.action('cashout', 'down')).toBe(false);
    off();
    expect(channel.action('bet', 'down')).toBe(false);
    expect(bets).toEqual(['bet']);
  });
});
