// The win celebration (games/shared/celebration, docs/designers.md#win-celebrations) on the dice
// page: a real win of each tier (the test reads the player's secret server seed from its own
// database and picks the client seed whose roll lands under the chosen target, so the server
// settles the bet with its rules and ledger, tests/support/rigSeeds.ts), read through state,
// not pixels: the tier shown, the counter ending on the payout, the burst and flash counted by
// engine.motion (none with reduced motion, none in instant mode), one sound of the game's tier,
// and nothing drawn or animating once it is over.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../games/shared/format/amount';
import { diceMultiplierE4, diceRoll } from '../../games/dice/rules';
import { payoutCents } from '../../games/fairness/money';
import { openDatabase, type Database } from '../../server/db/database';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { rigNextFloats } from '../support/rigSeeds';
import { call, createTestDatabase, registerUser, type TestDatabase } from '../support/testApp';
import { poll, serverBalance, topBarBalance, waitForScene } from './games-helpers';

// A server of the file's own on a PostgreSQL database of its own, which the test reads too (the
// player's secret server seed). The database exists before serverAndBrowser starts the server
// (hooks run in the order they are declared) and is dropped after it stopped.
let testDb: TestDatabase;
let database: Database;
const serverEnv: Record<string, string> = {};
beforeAll(async () => {
  testDb = await createTestDatabase('postgres');
  serverEnv.DATABASE_URL = testDb.databaseUrl!;
  database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
});
afterAll(async () => {
  await database?.close();
  await testDb?.dispose();
});
const env = serverAndBrowser([], { serverEnv });

type Player = Awaited<ReturnType<typeof registerUser>>;
type Effects = Record<'shake' | 'flash' | 'burst', number>;

/** Dice targets (roll under) whose multiplier lands in each tier: 1.98x, 19.8x, 66x. */
const TARGET = { win: 50, big: 5, huge: 1.5 } as const;
type Tier = keyof typeof TARGET;

async function openDice(player: Player, reducedMotion: 'reduce' | 'no-preference') {
  const context = await env.browser.browser!.newContext({
    viewport: { width: 1401, height: 1000 },
    reducedMotion,
  });
  await context.addCookies([{ name: 'token', value: player.token, url: env.server.url }]);
  const page = await context.newPage();
  await page.goto(`${env.server.url}/dice?test`);
  await waitForScene(page, 'dice');
  await page.locator('[data-testid=dice-panel]').waitFor();
  await poll(() => topBarBalance(page)).toBeGreaterThan(0);
  // Every sound asked of the engine, by sprite and clip.
  await page.evaluate(() => {
    const sound = window.__engine!.sound;
    const play = sound.play.bind(sound);
    const asked: string[] = [];
    (window as { __sounds?: string[] }).__sounds = asked;
    sound.play = (name, sprite) => (asked.push(`${name}:${sprite ?? ''}`), play(name, sprite));
  });
  return { page, close: () => context.close() };
}

/** The player's next dice bet rolls under `tier`'s target: a win of that tier. */
async function rigWin(player: Player, tier: Tier) {
  await rigNextFloats(
    env.server.url,
    database.db,
    player.token,
    player.id,
    1,
    ([f0]) => diceRoll(f0!) < TARGET[tier] * 100,
  );
}

/** The payout, in currency units, of a 1.00 stake on `tier`'s target. */
const payoutOf = (tier: Tier) =>
  payoutCents(100, diceMultiplierE4({ targetHundredths: TARGET[tier] * 100, condition: 'under' })) /
  100;

const effects = (page: Page) =>
  page.evaluate(() => {
    const motion = window.__engine!.motion;
    return { played: { ...motion.played }, skipped: { ...motion.skipped } };
  }) as Promise<{ played: Effects; skipped: Effects }>;

const sounds = (page: Page) =>
  page.evaluate(() => (window as { __sounds?: string[] }).__sounds!.splice(0));

/** A 1.00 bet under `tier`'s target that wins (rigged). */
async function bet(page: Page, player: Player, tier: Tier) {
  const panel = page.locator('[data-testid=dice-panel]');
  await poll(() => panel.getAttribute('data-busy')).toBeNull();
  await rigWin(player, tier);
  await panel.locator('input[name=target]').fill(String(TARGET[tier]));
  await panel.locator('[data-testid=dice-bet]').click();
}

/** Waits for the celebration of `tier` to hold its final amount, and answers what it shows. */
async function celebrated(page: Page, tier: Tier) {
  // Read in the page in one go, in the frame it is first seen: a win's card goes away within
  // seconds, and reads one after another from here could find it gone on a busy machine.
  const seen = await page.waitForFunction(
    (selector) => {
      const card = document.querySelector(selector);
      if (!card) return null;
      return {
        amount: card.querySelector('[data-testid=win-amount]')?.textContent ?? null,
        cents: Number(card.getAttribute('data-payout-cents')),
        burst: card.getAttribute('data-burst'),
        flash: card.getAttribute('data-flash'),
      };
    },
    `[data-testid=win-celebration][data-tier=${tier}][data-phase=shown]`,
    { timeout: 15_000 },
  );
  return (await seen.jsonValue())!;
}

/** Once the celebration is over: nothing of it left, nothing animating, no frame drawn. */
async function expectOver(page: Page) {
  await page.locator('[data-testid=win-celebration]').waitFor({ state: 'detached' });
  const before = await page.evaluate(() => window.__engine!.drawnFrames);
  await page.waitForTimeout(1500);
  expect(await page.evaluate(() => window.__engine!.drawnFrames)).toBe(before);
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
}

const delta = (after: Effects, before: Effects): Effects => ({
  shake: after.shake - before.shake,
  flash: after.flash - before.flash,
  burst: after.burst - before.burst,
});

describe('win celebrations', () => {
  it('each tier: the counter ends on the payout, bursts and a flash as the tier has them', async () => {
    const player = await registerUser(env.server.url);
    const { page, close } = await openDice(player, 'no-preference');
    const expected: Record<Tier, Effects> = {
      win: { shake: 0, flash: 0, burst: 0 },
      big: { shake: 0, flash: 0, burst: 1 },
      huge: { shake: 0, flash: 1, burst: 1 },
    };
    for (const tier of ['win', 'big', 'huge'] as const) {
      const before = await effects(page);
      await sounds(page);
      await bet(page, player, tier);
      const shown = await celebrated(page, tier);
      expect(shown.amount, tier).toBe(formatMoney(payoutOf(tier)));
      expect(shown.cents, tier).toBe(Math.round(payoutOf(tier) * 100));
      const after = await effects(page);
      expect(delta(after.played, before.played), tier).toEqual(expected[tier]);
      expect(delta(after.skipped, before.skipped), tier).toEqual({ shake: 0, flash: 0, burst: 0 });
      expect([shown.burst, shown.flash], tier).toEqual([
        String(expected[tier].burst > 0),
        String(expected[tier].flash > 0),
      ]);
      await expectOver(page);
      // A real bet: the top bar ends on the server's balance.
      const balance = await serverBalance(env.server.url, player.token);
      await poll(() => topBarBalance(page)).toBe(balance);
      // The bet's sound, the roll's ticks, then the game's sound of the tier, once; no other.
      const heard = (await sounds(page)).filter((sound) => sound !== 'games-sfx:tick');
      expect(heard, tier).toEqual(['games-sfx:bet', `win-sfx-dice:${tier}`]);
    }
    await close();
  });

  it('the next bet cuts a celebration short', async () => {
    const player = await registerUser(env.server.url);
    const { page, close } = await openDice(player, 'no-preference');
    await bet(page, player, 'huge');
    const counting = page.locator('[data-testid=win-celebration][data-tier=huge]');
    await counting.waitFor();
    await bet(page, player, 'win');
    await counting.waitFor({ state: 'detached' });
    expect((await celebrated(page, 'win')).amount).toBe(formatMoney(payoutOf('win')));
    await expectOver(page);
    await close();
  });

  it('reduced motion: the counter only, no burst or flash; instant mode: the amount at once', async () => {
    const player = await registerUser(env.server.url);
    // The system asks for reduced motion; the account follows it (its setting is unset).
    const reduced = await openDice(player, 'reduce');
    await poll(() => reduced.page.evaluate(() => window.__engine!.motion.reduced)).toBe(true);
    await bet(reduced.page, player, 'huge');
    const calm = await celebrated(reduced.page, 'huge');
    expect(calm.amount).toBe(formatMoney(payoutOf('huge')));
    expect([calm.burst, calm.flash]).toEqual(['false', 'false']);
    const seen = await effects(reduced.page);
    expect(seen.played).toEqual({ shake: 0, flash: 0, burst: 0 });
    expect(seen.skipped).toEqual({ shake: 0, flash: 1, burst: 1 });
    await expectOver(reduced.page);
    await reduced.close();

    await call(env.server.url, 'PATCH', '/api/settings/game', {
      token: player.token,
      body: { instant: true },
    });
    const instant = await openDice(player, 'no-preference');
    await bet(instant.page, player, 'huge');
    // No count: the first thing it shows is the payout (read in the page, in the frame the card
    // is first seen, as celebrated() does).
    const firstSeen = await instant.page.waitForFunction(
      (selector) => {
        const card = document.querySelector(selector);
        if (!card) return null;
        const amount = card.querySelector('[data-testid=win-amount]')?.textContent ?? null;
        return { phase: card.getAttribute('data-phase'), amount };
      },
      '[data-testid=win-celebration][data-tier=huge]',
      { timeout: 15_000 },
    );
    expect(await firstSeen.jsonValue()).toEqual({
      phase: 'shown',
      amount: formatMoney(payoutOf('huge')),
    });
    const quick = await effects(instant.page);
    expect(quick.played).toEqual({ shake: 0, flash: 0, burst: 0 });
    expect(quick.skipped).toEqual({ shake: 0, flash: 0, burst: 0 });
    await expectOver(instant.page);
    expect(await sounds(instant.page)).toContain('win-sfx-dice:huge');
    await instant.close();
  });
});
