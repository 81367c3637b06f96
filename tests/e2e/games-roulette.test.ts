import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { coveredPockets, ROULETTE_RETURNS, type RouletteBetType } from '../../games/roulette/rules';
import {
  betsOf,
  expectTopBarToMatchServer,
  playerPage,
  simulationValue,
  topBarBalance,
  waitForScene,
  poll,
} from './games-helpers';
import { serverAndBrowser } from '../support/e2eEnvironment';

const env = serverAndBrowser();

/** A shorter spin through the scene's tuning params (the debug overlay's API), to save time. */
async function quickSpins(page: Page): Promise<void> {
  await page.evaluate('window.__engine.scenes.setParams({ spinSeconds: 1.5 })');
}

interface SpinBet {
  type: RouletteBetType;
  selection: number[];
  amount: number;
  payout: number;
}

describe('roulette in the browser', () => {
  it('places three bets, spins, and the ball settles on the pocket the server returned', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/roulette?test`);
    await waitForScene(page, 'roulette');
    await quickSpins(page);
    const panel = page.locator('[data-testid=roulette-panel]');

    await panel.locator('input[name=amount]').fill('2');
    await panel.locator('.roulette-table [data-number="17"]').click();
    await panel.locator('select[name=bet_type]').selectOption('split');
    await panel.locator('.roulette-table [data-number="1"]').click();
    await panel.locator('.roulette-table [data-number="2"]').click();
    await panel.locator('input[name=amount]').fill('1');
    await panel.locator('[data-bet=red]').click();
    await poll(() => panel.locator('[data-testid=roulette-bets] li').count()).toBe(3);
    expect(await panel.locator('[data-testid=roulette-total]').textContent()).toBe('5,00');

    // A longer spin here: the stake leaves the top bar at once, the payout waits for the ball.
    await page.evaluate('window.__engine.scenes.setParams({ spinSeconds: 6 })');
    await panel.locator('[data-testid=roulette-spin]').click();
    await poll(
      async () => [await topBarBalance(page), await simulationValue(page, 'sim.spinning')],
      {
        timeout: 10_000,
      },
    ).toEqual([995, true]);
    await page.locator('[data-testid=roulette-panel][data-settled-pocket]').waitFor();

    const [spin] = await betsOf(env.server.url, player.token, 'roulette');
    const pocket = spin!.result.pocket as number;
    const bets = spin!.result.bets as SpinBet[];
    expect(bets.map((b) => [b.type, b.selection, b.amount])).toEqual([
      ['straight', [17], 2],
      ['split', [1, 2], 2],
      ['red', [], 1],
    ]);
    expect(spin!.amount).toBe(5);
    // The ball rests on the server's pocket: the panel's attribute and the scene's geometry.
    expect(await panel.getAttribute('data-settled-pocket')).toBe(String(pocket));
    expect(await simulationValue<number | null>(page, 'sim.settledPocket')).toBe(pocket);
    expect(await simulationValue<boolean>(page, 'sim.spinning')).toBe(false);
    // The payout is what the rules say for those bets on that pocket.
    const payout = bets.reduce(
      (sum, b) =>
        sum +
        (coveredPockets(b.type, b.selection)!.includes(pocket)
          ? b.amount * ROULETTE_RETURNS[b.type]
          : 0),
      0,
    );
    expect(spin!.payout).toBeCloseTo(payout, 2);
    const balance = await expectTopBarToMatchServer(page, env.server.url, player.token);
    expect(balance).toBeCloseTo(1000 - 5 + payout, 2);
    await close();
  });

  it('auto-bets the same table twice, then stops on the count', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/roulette?test`);
    await waitForScene(page, 'roulette');
    await quickSpins(page);
    const panel = page.locator('[data-testid=roulette-panel]');
    await panel.locator('[data-bet=dozen-2]').click();
    await panel.locator('.mode-tabs button').nth(1).click();
    await panel.locator('input[name=auto_count]').fill('2');
    await panel.locator('[data-testid=roulette-spin]').click();
    await panel
      .locator('[data-testid=auto-progress][data-played="2"][data-stopped=count]')
      .waitFor({
        timeout: 30_000,
      });
    const spins = await betsOf(env.server.url, player.token, 'roulette');
    expect(spins).toHaveLength(2);
    expect(await simulationValue<number | null>(page, 'sim.settledPocket')).toBe(
      spins[0]!.result.pocket,
    );
    await expectTopBarToMatchServer(page, env.server.url, player.token);
    await close();
  });
});
