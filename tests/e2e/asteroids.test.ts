import path from 'node:path';
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

const env = serverAndBrowser();

describe('asteroids in the browser', () => {
  it('buys a round, shoots every rock with the keyboard, shows the server gems in order and ends on the server balance', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/asteroids?test`);
    await waitForScene(page, 'asteroids');
    // The longest round the designers allow: the held keys are a blind autopilot, and how soon it
    // clears the field turns on when the keys go down against the simulation's steps (under load
    // it once ran out of a 60 s round). The round must still end by the last rock, not the clock.
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

    // Off the Buy button (Space there would press it), then spin and fire until the field is clear.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.down('ArrowRight');
    await page.keyboard.down('Space');
    await page.waitForTimeout(1500);
    // For review: a round in play (rocks split, bullets, sparks).
    await page.screenshot({
      path: path.join(repoRoot, '.test-results', 'screenshots', 'asteroids-round.png'),
    });
    await expect
      .poll(() => simulationValue<boolean>(page, 'sim.over && sim.revealed.length === 9'), {
        timeout: 170_000,
        interval: 500,
      })
      .toBe(true);
    await page.keyboard.up('Space');
    await page.keyboard.up('ArrowRight');
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
