import { describe, expect, it } from 'vitest';
import {
  betsOf,
  expectTopBarToMatchServer,
  playerPage,
  simulationValue,
  topBarBalance,
  waitForScene,
} from './games-helpers';
import { serverAndBrowser } from '../support/e2eEnvironment';

const env = serverAndBrowser();

describe('plinko in the browser', () => {
  it('auto-bets 20 balls; rows lock in flight; each lands in its bucket; the bar ends on the server balance', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/plinko?test`);
    await waitForScene(page, 'plinko');
    const panel = page.locator('[data-testid=plinko-panel]');
    await panel.locator('[data-testid=plinko-rows]').selectOption('8');
    await panel.locator('[data-testid=plinko-risk]').selectOption('high');
    await expect.poll(() => simulationValue<number>(page, 'sim.rows')).toBe(8);
    await panel.locator('.mode-tabs button').nth(1).click();
    await panel.locator('[data-testid=plinko-count]').fill('20');
    await panel.locator('input[name=amount]').fill('1');
    await panel.locator('[data-testid=plinko-bet]').click();

    // Balls in flight: rows and risk are locked, and the stakes already left the top bar.
    await expect
      .poll(() => simulationValue<number>(page, 'sim.inFlight'), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await panel.locator('[data-testid=plinko-rows]').isDisabled()).toBe(true);
    expect(await panel.locator('[data-testid=plinko-risk]').isDisabled()).toBe(true);
    expect(await topBarBalance(page)).toBeLessThan(1000);

    await expect
      .poll(
        async () => [
          await panel.getAttribute('data-running'),
          await simulationValue<number>(page, 'sim.inFlight'),
        ],
        { timeout: 60_000 },
      )
      .toEqual([null, 0]);
    const bets = await betsOf(env.server.url, player.token, 'plinko');
    expect(bets).toHaveLength(20);
    expect(bets.every((bet) => bet.params.rows === 8 && bet.params.risk === 'high')).toBe(true);
    // Every ball was physically over the server's bucket when it landed, in Chromium's matter-js.
    expect(await simulationValue<number>(page, 'sim.offTarget')).toBe(0);
    expect(await simulationValue<number[]>(page, 'sim.history.length')).toBe(12);
    const expected = await expectTopBarToMatchServer(page, env.server.url, player.token);
    const paid = bets.reduce((sum, bet) => sum + bet.payout, 0);
    expect(expected).toBeCloseTo(1000 - 20 + paid, 2);
    expect(await panel.locator('[data-testid=plinko-rows]').isDisabled()).toBe(false);
    await close();
  });
});
