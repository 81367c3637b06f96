// The win celebration (games/shared/celebration, docs/designers.md#win-celebrations) on the dice
// page: a win of each tier, its outcome forced by rewriting the server's answer to the bet (a
// winning roll under the chosen target, its payout and the balance after it), read through state,
// not pixels: the tier shown, the counter ending on the payout, the burst and flash counted by
// engine.motion (none with reduced motion, none in instant mode), one sound of the game's tier,
// and nothing drawn or animating once it is over.
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../games/shared/format/amount';
import { diceMultiplierE4 } from '../../games/dice/rules';
import { payoutCents } from '../../games/fairness/money';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { call, registerUser } from '../support/testApp';
import { poll, topBarBalance, waitForScene } from './games-helpers';

const env = serverAndBrowser();

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

/** The next dice bets answer a winning roll under the panel's target, paid as the rules pay it. */
async function forceWins(page: Page) {
  await page.route('**/api/games/dice/bets', async (route: Route) => {
    const response = await route.fetch();
    const answer = (await response.json()) as {
      balance: number;
      bet: { amount: number; payout: number; multiplier: number; params: { target: number } };
    };
    const { bet } = answer;
    const target = Math.round(bet.params.target * 100);
    const multiplierE4 = diceMultiplierE4({ targetHundredths: target, condition: 'under' });
    const payout = payoutCents(Math.round(bet.amount * 100), multiplierE4) / 100;
    const forced = {
      balance: Math.round((answer.balance - bet.payout + payout) * 100) / 100,
      bet: {
        ...bet,
        payout,
        multiplier: multiplierE4 / 10_000,
        result: { roll: Math.floor(target / 2) / 100, win: true },
      },
    };
    await route.fulfill({ response, json: forced });
  });
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

async function bet(page: Page, tier: Tier) {
  const panel = page.locator('[data-testid=dice-panel]');
  await poll(() => panel.getAttribute('data-busy')).toBeNull();
  await panel.locator('input[name=target]').fill(String(TARGET[tier]));
  await panel.locator('[data-testid=dice-bet]').click();
}

/** Waits for the celebration of `tier` to hold its final amount, and answers what it shows. */
async function celebrated(page: Page, tier: Tier) {
  const shown = page.locator(`[data-testid=win-celebration][data-tier=${tier}][data-phase=shown]`);
  await shown.waitFor({ timeout: 15_000 });
  return {
    amount: await shown.locator('[data-testid=win-amount]').textContent(),
    cents: Number(await shown.getAttribute('data-payout-cents')),
    burst: await shown.getAttribute('data-burst'),
    flash: await shown.getAttribute('data-flash'),
  };
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
    await forceWins(page);
    const expected: Record<Tier, Effects> = {
      win: { shake: 0, flash: 0, burst: 0 },
      big: { shake: 0, flash: 0, burst: 1 },
      huge: { shake: 0, flash: 1, burst: 1 },
    };
    for (const tier of ['win', 'big', 'huge'] as const) {
      const before = await effects(page);
      await sounds(page);
      await bet(page, tier);
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
      // The bet's sound, the roll's ticks, then the game's sound of the tier, once; no other.
      const heard = (await sounds(page)).filter((sound) => sound !== 'games-sfx:tick');
      expect(heard, tier).toEqual(['games-sfx:bet', `win-sfx-dice:${tier}`]);
    }
    await close();
  });

  it('the next bet cuts a celebration short', async () => {
    const player = await registerUser(env.server.url);
    const { page, close } = await openDice(player, 'no-preference');
    await forceWins(page);
    await bet(page, 'huge');
    const counting = page.locator('[data-testid=win-celebration][data-tier=huge]');
    await counting.waitFor();
    await bet(page, 'win');
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
    await forceWins(reduced.page);
    await bet(reduced.page, 'huge');
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
    await forceWins(instant.page);
    await bet(instant.page, 'huge');
    const shown = instant.page.locator('[data-testid=win-celebration][data-tier=huge]');
    await shown.waitFor();
    // No count: the first thing it shows is the payout.
    expect(await shown.getAttribute('data-phase')).toBe('shown');
    expect(await shown.locator('[data-testid=win-amount]').textContent()).toBe(
      formatMoney(payoutOf('huge')),
    );
    const quick = await effects(instant.page);
    expect(quick.played).toEqual({ shake: 0, flash: 0, burst: 0 });
    expect(quick.skipped).toEqual({ shake: 0, flash: 0, burst: 0 });
    await expectOver(instant.page);
    expect(await sounds(instant.page)).toContain('win-sfx-dice:huge');
    await instant.close();
  });
});
