import { describe, expect, it } from 'vitest';
import { readManifest } from '../support/buildManifest';
import { call } from '../support/testApp';
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

describe('dice in the browser', () => {
  it('rolls: the marker lands on the server roll and the top bar changes by the payout', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/dice?test`);
    await waitForScene(page, 'dice');
    const panel = page.locator('[data-testid=dice-panel]');
    await panel.waitFor();
    await poll(() => topBarBalance(page)).toBe(1000);

    await panel.locator('input[name=amount]').fill('2.50');
    await panel.locator('input[name=target]').fill('75');
    await poll(() => panel.locator('[data-testid=dice-multiplier]').textContent()).toBe('1,3200×');
    await panel.locator('[data-testid=dice-bet]').click();
    await page.locator('[data-testid=dice-panel][data-last-roll]').waitFor();

    const [bet] = await betsOf(env.server.url, player.token, 'dice');
    expect(bet).toBeDefined();
    expect(bet!.amount).toBe(2.5);
    expect(bet!.params).toMatchObject({ target: 75, condition: 'under' });
    const roll = bet!.result.roll as number;
    expect(await panel.getAttribute('data-last-roll')).toBe(roll.toFixed(2));
    // The scene's marker rests on the server's roll.
    expect(await simulationValue<number>(page, 'sim.value')).toBeCloseTo(roll, 6);
    const balance = await expectTopBarToMatchServer(page, env.server.url, player.token);
    expect(balance).toBeCloseTo(1000 - 2.5 + bet!.payout, 2);
    // The history under the game lists the bet.
    await page.locator(`[data-testid=bet-history] tr[data-bet-id="${bet!.id}"]`).waitFor();
    await close();
  });

  it('flips to roll over, rolls with the Space key and runs an auto-bet of three', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/dice?test`);
    await waitForScene(page, 'dice');
    const panel = page.locator('[data-testid=dice-panel]');
    await panel.locator('input[name=target]').fill('30');
    await panel.locator('[data-testid=dice-condition]').click();
    expect(await panel.locator('[data-testid=dice-condition]').getAttribute('data-condition')).toBe(
      'over',
    );
    expect(await panel.locator('[data-testid=dice-target]').textContent()).toBe('70,00');
    expect(await panel.locator('[data-testid=dice-chance]').textContent()).toBe('30,00%');

    await page.locator('h1').click(); // focus out of the fields: Space belongs to the scene
    await page.keyboard.press('Space');
    await poll(async () => (await betsOf(env.server.url, player.token, 'dice')).length).toBe(1);
    const [first] = await betsOf(env.server.url, player.token, 'dice');
    expect(first!.params).toMatchObject({ target: 70, condition: 'over' });

    // Space on a focused button presses that button (here ½), and does not roll as well.
    await poll(() => panel.getAttribute('data-busy')).toBeNull();
    const amount = panel.locator('input[name=amount]');
    const before = Number((await amount.inputValue()).replace(',', '.'));
    await panel.locator('button', { hasText: '½' }).focus();
    await page.keyboard.press('Space');
    await poll(async () => Number((await amount.inputValue()).replace(',', '.'))).toBeCloseTo(
      before / 2,
      2,
    );
    await page.waitForTimeout(300);
    expect(await betsOf(env.server.url, player.token, 'dice')).toHaveLength(1);

    await page.locator('.mode-tabs button').nth(1).click();
    await panel.locator('input[name=auto_count]').fill('3');
    await panel.locator('[data-testid=dice-bet]').click();
    await panel
      .locator('[data-testid=auto-progress][data-played="3"][data-stopped=count]')
      .waitFor();
    await poll(() => panel.getAttribute('data-busy')).toBeNull();
    expect(await betsOf(env.server.url, player.token, 'dice')).toHaveLength(4);
    const bets = await betsOf(env.server.url, player.token, 'dice');
    const expected = 1000 - bets.reduce((sum, b) => sum + b.amount - b.payout, 0);
    const balance = await expectTopBarToMatchServer(page, env.server.url, player.token);
    expect(balance).toBeCloseTo(expected, 2);
    await close();
  });

  it('lists the history newest first and loads more', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    for (let i = 0; i < 23; i++) {
      const res = await call(env.server.url, 'POST', '/api/games/dice/bets', {
        token: player.token,
        body: { amount: 0.01, target: 50, condition: 'under' },
      });
      expect(res.status).toBe(200);
    }
    const ids = (await betsOf(env.server.url, player.token, 'dice')).map((b) => b.id);
    // The game's rules (which word each result) arrive a second after the page's bets: no row
    // shows before they are there, so none shows an empty result.
    const rulesChunk = readManifest()['games/dice/rules.ts']!.file;
    await page.route(`**/${rulesChunk}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto(`${env.server.url}/dice`);
    const rows = page.locator('[data-testid=bet-history] tbody tr');
    await rows.first().waitFor();
    expect(await rows.first().locator('.bet-history__result').innerText()).toMatch(/\d/);
    await poll(() => rows.count()).toBe(20);
    const shown = async () =>
      await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-bet-id'))));
    expect(await shown()).toEqual(ids.slice(0, 20));
    await page.locator('[data-testid=bet-history] button', { hasText: 'Load more' }).click();
    await poll(() => rows.count()).toBe(23);
    expect(await shown()).toEqual(ids);
    expect(
      await page.locator('[data-testid=bet-history] button', { hasText: 'Load more' }).count(),
    ).toBe(0);
    await close();
  });
});
