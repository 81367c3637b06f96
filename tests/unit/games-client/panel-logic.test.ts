import { describe, expect, it } from 'vitest';
import {
  adjustBetCents,
  clampBetCents,
  formatMoney,
  formatMultiplier,
  parseAmountCents,
  unitsToCents,
} from '../../../games/shared/amount';
import { AUTO_BET_START, autoBetStop, recordAutoBet } from '../../../games/shared/autoBet';
import { SceneChannel } from '../../../games/shared/SceneChannel';
import { settleWithAnimation } from '../../../games/shared/settle';
import { isGameKey } from '../../../games/shared/useGameKeys';
import type { BetAnswer } from '../../../games/shared/services';

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

  it('formats like the top bar and multipliers with 4 decimals', () => {
    expect(formatMoney(1002.5)).toBe('1.002,50');
    expect(formatMultiplier(2)).toBe('2.0000x');
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

  it('the count wins over profit and loss when both are reached at once', () => {
    const p = recordAutoBet(AUTO_BET_START, 100, 1000);
    expect(autoBetStop({ count: 1, stopOnProfitCents: 1, stopOnLossCents: 0 }, p)).toBe('count');
  });
});

describe('the balance around an animation', () => {
  it('shows the stake at once and ends on the server balance after the animation', async () => {
    const seen: number[] = [];
    const answer = { balance: 1001.5, bet: { payout: 3 } } as BetAnswer;
    let during = -1;
    await settleWithAnimation({ setBalance: (b) => seen.push(b) }, answer, async () => {
      during = seen.at(-1)!;
    });
    expect(during).toBe(998.5);
    expect(seen).toEqual([998.5, 1001.5]);
  });

  it('ends on the server balance even when the animation fails', async () => {
    const seen: number[] = [];
    const answer = { balance: 10, bet: { payout: 0 } } as BetAnswer;
    await expect(
      settleWithAnimation({ setBalance: (b) => seen.push(b) }, answer, () =>
        Promise.reject(new Error('scene gone')),
      ),
    ).rejects.toThrow('scene gone');
    expect(seen).toEqual([10, 10]);
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
    expect(channel.scene).toBe(api);
    channel.detach(api);
    expect(channel.scene).toBeNull();

    const tiles: number[] = [];
    const off = channel.listen({ tile: (n) => tiles.push(n) });
    channel.emit('tile', 7);
    off();
    channel.emit('tile', 8);
    expect(tiles).toEqual([7]);
  });
});

describe('game keys', () => {
  const key = (target: unknown, extra: Partial<KeyboardEvent> = {}) => ({
    target: target as EventTarget,
    code: 'Space',
    repeat: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    ...extra,
  });
  /** A focused element that matches `selector` (e.g. 'button'), or nothing. */
  const element = (selector: string | null) => ({
    closest: (list: string) => (selector && list.split(', ').includes(selector) ? {} : null),
  });

  it('go to the game only when the focused control does not use the key itself', () => {
    expect(isGameKey(key(element(null)))).toBe(true);
    expect(isGameKey(key(element('button')))).toBe(false); // Space presses the button
    expect(isGameKey(key(element('input'), { code: 'KeyR' }))).toBe(false); // typing
    expect(isGameKey(key(element('button'), { code: 'KeyR' }))).toBe(true);
    expect(isGameKey(key(null))).toBe(true);
    expect(isGameKey(key(element(null), { repeat: true }))).toBe(false);
    expect(isGameKey(key(element(null), { ctrlKey: true }))).toBe(false);
  });
});
