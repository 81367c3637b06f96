import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  betsOf,
  expectTopBarToMatchServer,
  playerPage,
  serverBalance,
  simulationValue,
  transparentLayerAreas,
  waitForScene,
  poll,
} from './games-helpers';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { call } from '../support/testApp';

const env = serverAndBrowser();

/** Clicks tile `tile` on the canvas: board 640 design px wide at the centre, gaps of 12. */
async function clickTile(page: Page, tile: number): Promise<void> {
  const box = (await page.locator('[data-scene=mines] canvas').boundingBox())!;
  const scale = Math.min(box.width / 1280, box.height / 720);
  const offsetX = (box.width - 1280 * scale) / 2;
  const offsetY = (box.height - 720 * scale) / 2;
  const size = (640 - 4 * 12) / 5;
  const x = 320 + size / 2 + (tile % 5) * (size + 12);
  const y = 40 + size / 2 + Math.floor(tile / 5) * (size + 12);
  await page.mouse.click(box.x + offsetX + x * scale, box.y + offsetY + y * scale);
}

const panel = (page: Page) => page.locator('[data-testid=mines-panel]');

async function openMines(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/mines?test`);
  await waitForScene(page, 'mines');
  await page.locator('[data-testid=mines-panel][data-loaded]').waitFor();
}

/** Faces of the scene's 25 tiles once their flips ended. */
async function sceneFaces(page: Page): Promise<string[]> {
  await poll(() => simulationValue<boolean>(page, 'sim.tiles.every((t) => t.flip >= 1)'), {
    timeout: 15_000,
  }).toBe(true);
  return simulationValue<string[]>(page, 'sim.tiles.map((t) => t.face)');
}

describe('mines in the browser', () => {
  it("fills no pixel with a closed tile's icon", async () => {
    const page = await env.browser.context.newPage();
    await openMines(page, env.server.url);
    // Before a game every tile is closed: its gem or mine icon transparent, and of no size (a
    // GPU fills and blends a transparent sprite's pixels as any other).
    await poll(() => transparentLayerAreas(page, 'mines-board')).toHaveLength(25);
    expect((await transparentLayerAreas(page, 'mines-board')).filter((area) => area > 0)).toEqual(
      [],
    );
    await page.close();
  });

  it('plays across a reload: start, reveal, reload resumes the game, cash out shows the board', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await openMines(page, env.server.url);
    await panel(page).locator('input[name=amount]').fill('1.00');
    await panel(page).locator('select[name=mines]').selectOption('1');

    // With one mine a safe first tile is likely; a lost game ends with the whole board shown
    // and the test starts another one (bounded).
    let safeTile: number | null = null;
    for (let attempt = 0; attempt < 6 && safeTile === null; attempt++) {
      await panel(page).locator('[data-testid=mines-start]').click();
      await page.locator('[data-testid=mines-panel][data-status=active][data-game-id]').waitFor();
      const gameId = await panel(page).getAttribute('data-game-id');

      // Reload before any reveal: the game in progress comes back.
      await page.reload();
      await waitForScene(page, 'mines');
      await page.locator('[data-testid=mines-panel][data-status=active][data-loaded]').waitFor();
      expect(await panel(page).getAttribute('data-game-id')).toBe(gameId);
      expect(await page.locator('[data-testid=mines-message]').textContent()).toContain('restored');

      const tile = 6 + attempt;
      await clickTile(page, tile);
      await poll(() => panel(page).getAttribute('data-revealed')).toBe(String(tile));
      const status = await panel(page).getAttribute('data-status');
      if (status === 'active') {
        safeTile = tile;
        expect((await sceneFaces(page))[tile]).toBe('gem');
      } else {
        expect(status).toBe('lost');
        const mines = (await panel(page).getAttribute('data-mines'))!.split(',').map(Number);
        expect(mines).toEqual([tile]);
        const faces = await sceneFaces(page);
        expect(faces[tile]).toBe('mine');
        expect(faces.filter((f) => f === 'gem-unpicked')).toHaveLength(24);
      }
    }
    expect(safeTile).not.toBeNull();

    // Reload again: the revealed tile is still revealed, in the panel and on the board.
    await page.reload();
    await waitForScene(page, 'mines');
    await page.locator('[data-testid=mines-panel][data-status=active][data-loaded]').waitFor();
    expect(await panel(page).getAttribute('data-revealed')).toBe(String(safeTile));
    expect((await sceneFaces(page))[safeTile!]).toBe('gem');

    // Cash out with the keyboard (C): the whole board is shown and the top bar gets the payout.
    await page.locator('h1').click();
    await page.keyboard.press('KeyC');
    await page.locator('[data-testid=mines-panel][data-status=cashed_out]').waitFor();
    const mines = (await panel(page).getAttribute('data-mines'))!.split(',').map(Number);
    expect(mines).toHaveLength(1);
    const faces = await sceneFaces(page);
    expect(faces[safeTile!]).toBe('gem');
    expect(faces[mines[0]!]).toBe('mine-unpicked');
    expect(faces.filter((f) => f === 'hidden')).toHaveLength(0);

    const bets = await betsOf(env.server.url, player.token, 'mines');
    const won = bets[0]!;
    expect(won.result.status).toBe('cashed_out');
    expect(won.payout).toBe(1.03); // M(1) with 1 mine: 0.99 * 25 / 24 = 1.03
    const expected = 1000 - bets.reduce((sum, b) => sum + b.amount - b.payout, 0);
    expect(await serverBalance(env.server.url, player.token)).toBeCloseTo(expected, 2);
    await expectTopBarToMatchServer(page, env.server.url, player.token);
    await close();
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`${viewport.width} x ${viewport.height}: a restored game before its first gem shows what the next tile pays, in view, and no cash-out`, async () => {
      const { page, player, close } = await playerPage(env.browser, env.server.url);
      await page.setViewportSize(viewport);
      const started = await call(env.server.url, 'POST', '/api/games/mines/games', {
        token: player.token,
        body: { amount: 2, mines: 3 },
      });
      expect(started.status).toBe(200);
      await openMines(page, env.server.url);
      const message = page.locator('[data-testid=mines-message]');
      await poll(() => message.textContent()).toBe('Your game in progress was restored.');
      // 3 mines in 25: the first safe tile pays 0.99 x 25/22 = 1.125 -> 1.12x.
      expect(await page.locator('[data-testid=mines-next]').textContent()).toBe('1,12×');
      expect(await page.locator('[data-testid=mines-multiplier]').textContent()).toBe('–');
      const cashout = page.locator('[data-testid=mines-cashout]');
      expect(await cashout.isDisabled()).toBe(true);
      expect(await cashout.textContent()).toBe('Cash out');
      // The message and the stats are on the first screen, clear of the phone's action bar.
      const bar = (await cashout.boundingBox())!;
      for (const shown of [message, page.locator('[data-testid=mines-next]')]) {
        const box = (await shown.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(
          viewport.width < 900 ? bar.y : viewport.height,
        );
      }
      await close();
    });
  }

  it('reveals with the arrow keys and Enter', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await openMines(page, env.server.url);
    await panel(page).locator('select[name=mines]').selectOption('24');
    await panel(page).locator('[data-testid=mines-start]').click();
    await page.locator('[data-testid=mines-panel][data-status=active]').waitFor();
    await page.locator('h1').click();
    // The cursor starts in the centre (12): up, left -> 6.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await poll(() => panel(page).getAttribute('data-revealed')).toBe('6');
    const [bet] = await betsOf(env.server.url, player.token, 'mines');
    expect(bet!.result.revealed).toEqual([6]);
    await close();
  });
});
