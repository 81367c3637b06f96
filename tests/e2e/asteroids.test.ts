import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/server';
import {
  expectTopBarToMatchServer,
  playerPage,
  simulationValue,
  waitForScene,
  type WireBet,
} from './games-helpers';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { formatMultiplier } from '../../games/fairness/money';
import { aimAtNearest, type AimedRock } from '../../games/asteroids/autopilot';

const env = serverAndBrowser();

/** The ship and the rocks as aiming needs them, or null once the round is over. */
const AIMING_STATE = `sim.over ? null : {
  ship: { x: sim.ship.x, y: sim.ship.y, angle: sim.ship.angle },
  rocks: sim.rocks.map(({ body }) => ({
    body: { position: { ...body.position }, velocity: { ...body.velocity } },
  })),
}`;

interface AimingState {
  ship: Parameters<typeof aimAtNearest>[0];
  rocks: AimedRock[];
}

/** The arrow key that turns the ship's nose towards the nearest rock (the headless pilot's aim). */
function turnTowardsNearest(state: AimingState): 'ArrowLeft' | 'ArrowRight' | null {
  const aim = aimAtNearest(state.ship, state.rocks);
  if (!aim || Math.abs(aim.off) < 0.1) return null;
  return aim.off > 0 ? 'ArrowRight' : 'ArrowLeft';
}

/**
 * Plays the round with the keyboard, as a player would (Space held by the caller): turns towards
 * the nearest rock, polling the simulation, until the round is over. `during` runs at each poll
 * with the time played. A blind spin cleared the field too, in about a minute.
 */
async function flyAtRocks(page: Page, during: (playedMs: number) => Promise<void>): Promise<void> {
  let held: string | null = null;
  const started = Date.now();
  const deadline = started + 170_000;
  for (;;) {
    const state = await simulationValue<AimingState | null>(page, AIMING_STATE);
    if (!state) break;
    const turn = turnTowardsNearest(state);
    if (Date.now() > deadline) throw new Error('the round did not end within 170 s');
    if (turn !== held) {
      if (held) await page.keyboard.up(held);
      if (turn) await page.keyboard.down(turn);
      held = turn;
    }
    await during(Date.now() - started);
    await page.waitForTimeout(40);
  }
  if (held) await page.keyboard.up(held);
}

describe('asteroids in the browser', () => {
  it('buys a round, shoots every rock with the keyboard, shows the server gems in order and ends on the server balance', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/asteroids?test`);
    await waitForScene(page, 'asteroids');
    // The longest round the designers allow: the keys are steered from a loaded machine's test
    // process, a poll at a time. The round must still end by the last rock, not the clock.
    await page.evaluate('window.__engine.scenes.setParams({ roundSeconds: 120 })');
    const panel = page.locator('[data-testid=asteroids-panel]');
    await panel.locator('input[name=amount]').fill('2');
    const answered = page.waitForResponse(
      (res) =>
        res.url().endsWith('/api/games/asteroids/rounds') && res.request().method() === 'POST',
    );
    await panel.locator('[data-testid=asteroids-bet]').click();
    const { bet } = (await (await answered).json()) as { bet: WireBet };
    const gems = bet.result.gems as number[];
    expect(gems).toHaveLength(9);
    await expect.poll(() => simulationValue<boolean>(page, 'sim.active')).toBe(true);
    expect(await simulationValue<number>(page, 'sim.rocks.length')).toBe(9);
    expect(await simulationValue<number>(page, 'sim.timeLeft')).toBeGreaterThan(60);
    // Its rocks are particles turning in place, which Pixi cannot see: the scene says so, and the
    // engine draws the round frame after frame.
    const drawnFrames = () => page.evaluate(() => window.__engine!.drawnFrames);
    const drawnBefore = await drawnFrames();
    await page.waitForTimeout(1000);
    expect((await drawnFrames()) - drawnBefore).toBeGreaterThan(5);
    await expect
      .poll(() => panel.locator('[data-testid=asteroids-reveal-all]').isEnabled())
      .toBe(true);

    // Off the Buy button (Space there would press it), then fire at the rocks until the field is
    // clear, turning with the arrow keys towards the nearest one.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.down('Space');
    let shot = false;
    await flyAtRocks(page, async (playedMs) => {
      if (shot || playedMs < 1500) return;
      shot = true;
      // For review: a round in play (rocks split, bullets, sparks).
      await page.screenshot({
        path: path.join(repoRoot, '.test-results', 'screenshots', 'asteroids-round.png'),
      });
    });
    await page.keyboard.up('Space');
    await expect
      .poll(() => simulationValue<boolean>(page, 'sim.over && sim.revealed.length === 9'))
      .toBe(true);
    // Shot down, not ended by the clock.
    expect(await simulationValue<number>(page, 'sim.timeLeft')).toBeGreaterThan(0);
    expect(await simulationValue<number>(page, 'sim.rocks.length')).toBe(0);
    expect(await simulationValue<number[]>(page, '[...sim.revealed]')).toEqual(gems);
    await expect
      .poll(() => panel.locator('[data-testid=asteroids-result]').textContent())
      .not.toBe('');
    const balance = await expectTopBarToMatchServer(page, env.server.url, player.token);
    expect(balance).toBeCloseTo(1000 - 2 + bet.payout, 2);
    await close();
  }, 240_000);

  it('"Reveal all" ends a round at once with the server gems', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/asteroids?test`);
    await waitForScene(page, 'asteroids');
    const panel = page.locator('[data-testid=asteroids-panel]');
    const answered = page.waitForResponse((res) =>
      res.url().endsWith('/api/games/asteroids/rounds'),
    );
    await panel.locator('[data-testid=asteroids-bet]').click();
    const { bet } = (await (await answered).json()) as { bet: WireBet };
    const reveal = panel.locator('[data-testid=asteroids-reveal-all]');
    await expect.poll(() => reveal.isEnabled()).toBe(true);
    await reveal.click();
    await expect.poll(() => simulationValue<boolean>(page, 'sim.over')).toBe(true);
    expect(await simulationValue<number[]>(page, '[...sim.revealed]')).toEqual(bet.result.gems);
    await expect.poll(() => reveal.isEnabled()).toBe(false);
    await page.waitForTimeout(300);
    await page.screenshot({
      path: path.join(repoRoot, '.test-results', 'screenshots', 'asteroids-revealed.png'),
    });
    await expectTopBarToMatchServer(page, env.server.url, player.token);
    await close();
  }, 60_000);

  it("a new round shows neither the last round's gems nor its result; each result says what it paid", async () => {
    const { page, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/asteroids?test`);
    await waitForScene(page, 'asteroids');
    const panel = page.locator('[data-testid=asteroids-panel]');
    const result = panel.locator('[data-testid=asteroids-result]');
    const reveal = panel.locator('[data-testid=asteroids-reveal-all]');
    const strip = () =>
      page.evaluate(() => String(window.__engine!.scenes.describeLayout()!.report.strip));
    for (let round = 1; round <= 4; round++) {
      const answered = page.waitForResponse((res) =>
        res.url().endsWith('/api/games/asteroids/rounds'),
      );
      await panel.locator('[data-testid=asteroids-bet]').click();
      const { bet } = (await (await answered).json()) as { bet: WireBet };
      await expect.poll(() => reveal.isEnabled()).toBe(true);
      expect(await strip(), `round ${round} starts with an empty strip`).toBe(',,,,,,,,');
      expect(await result.textContent(), `round ${round} shows no result yet`).toBe('');
      await reveal.click();
      await expect.poll(() => reveal.isEnabled()).toBe(false);
      const multiplier = Number(bet.result.multiplier);
      const said =
        multiplier > 1
          ? `Three ${formatMultiplier(multiplier)} gems: you won`
          : multiplier === 1
            ? 'Three 1,00× gems: your stake back'
            : 'No three of a kind this time';
      await expect.poll(() => result.textContent()).toBe(said);
      expect(await strip()).toBe((bet.result.gems as number[]).join(','));
    }
    await close();
  }, 90_000);
});
