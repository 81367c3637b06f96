import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/server';
import { call, registerUser } from '../support/testApp';
import { serverAndBrowser } from '../support/e2eEnvironment';
import {
  betsOf,
  expectTopBarToMatchServer,
  poll,
  serverBalance,
  simulationValue,
  transparentLayerAreas,
  waitForScene,
} from './games-helpers';

const env = serverAndBrowser();

interface ShaftLayout {
  tile: { x: number; y: number; width: number; height: number };
  pitchX: number;
  pitchY: number;
  tiles: number;
}

/** A phone held upright, touch only, signed in as a new player. */
async function phonePage() {
  const player = await registerUser(env.server.url);
  const context = await env.browser.browser!.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  await context.addCookies([{ name: 'token', value: player.token, url: env.server.url }]);
  const page = await context.newPage();
  return { page, player, close: () => context.close() };
}

/** Screenshots of a game in progress and of the revealed shaft, for a reviewer. */
const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(repoRoot, '.test-results', 'screenshots', name) });

const panel = (page: Page) => page.locator('[data-testid=gemMiner-panel]');

async function openGemMiner(page: Page): Promise<void> {
  await page.goto(`${env.server.url}/gemMiner?test`);
  await waitForScene(page, 'gemMiner');
  await page.locator('[data-testid=gemMiner-panel][data-loaded]').waitFor();
}

/** Taps a tile of a level on the canvas, where the scene says it drew it. */
async function tapTile(page: Page, level: number, tile: number): Promise<void> {
  const canvas = page.locator('[data-scene=gemMiner] canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const layout = (await page.evaluate(
    () => window.__engine?.scenes.describeLayout()?.report,
  )) as unknown as ShaftLayout;
  expect(tile).toBeLessThan(layout.tiles);
  const x = layout.tile.x + tile * layout.pitchX + layout.tile.width / 2;
  const y = layout.tile.y + level * layout.pitchY + layout.tile.height / 2;
  await page.touchscreen.tap(box.x + x, box.y + y);
}

/** The faces of the scene's shaft once every reveal has finished. */
async function sceneFaces(page: Page): Promise<string[][]> {
  await poll(() =>
    simulationValue<boolean>(page, 'sim.tiles.every((row) => row.every((t) => t.reveal >= 1))'),
  ).toBe(true);
  return simulationValue<string[][]>(page, 'sim.tiles.map((row) => row.map((t) => t.face))');
}

describe('gem miner in the browser', () => {
  it('plays a game by tapping on a phone, comes back after a reload, shows the whole shaft at the end', async () => {
    const { page, player, close } = await phonePage();
    await openGemMiner(page);
    await panel(page).locator('input[name=amount]').fill('2.00');
    await panel(page).locator('select[name=difficulty]').selectOption('medium');
    // The tiles are drawn again for the easy shaft's four a level, not left where the medium
    // shaft's three were (their gems and cracks then showed beside them).
    expect(await simulationValue<number>(page, 'sim.columns')).toBe(3);
    await panel(page).locator('select[name=difficulty]').selectOption('easy');
    const layout = () => page.evaluate(() => window.__engine?.scenes.describeLayout()?.report);
    await poll(async () => {
      const report = (await layout()) as unknown as ShaftLayout & { drawnTile?: unknown };
      return report.tiles === 4 && JSON.stringify(report.drawnTile) === JSON.stringify(report.tile);
    }).toBe(true);

    /** Reloads the page; the running game comes back with its dug tiles on the shaft. */
    async function reloadAndExpectGame(gameId: string, dug: string): Promise<string[][]> {
      await page.reload();
      await waitForScene(page, 'gemMiner');
      await page
        .locator('[data-testid=gemMiner-panel][data-status=playing][data-loaded]')
        .waitFor();
      expect(await panel(page).getAttribute('data-game-id')).toBe(gameId);
      expect(await panel(page).getAttribute('data-dug')).toBe(dug);
      expect(await panel(page).getAttribute('data-level')).toBe(
        String(dug ? dug.split(',').length : 0),
      );
      expect(await panel(page).locator('select[name=difficulty]').inputValue()).toBe('easy');
      expect(await simulationValue<number>(page, 'sim.columns')).toBe(4);
      await poll(() => simulationValue<number[]>(page, 'sim.board.dug')).toEqual(
        dug ? dug.split(',').map(Number) : [],
      );
      return sceneFaces(page);
    }

    // Games until one finds a gem on level 0 (easy: 3 in 4); the first is reloaded right after
    // Start, and the one on level 1 is reloaded with its gem on the board: a reload mid-game
    // happens in every run.
    let gameId = '';
    for (let attempt = 0; ; attempt++) {
      expect(attempt, 'no gem on tile 0 of level 0 in 12 games').toBeLessThan(12);
      await page.locator('[data-testid=gemMiner-start]').tap();
      await page.locator('[data-testid=gemMiner-panel][data-status=playing]').waitFor();
      gameId = (await panel(page).getAttribute('data-game-id'))!;
      expect(await simulationValue<number>(page, 'sim.columns')).toBe(4);
      if (attempt === 0) {
        const faces = await reloadAndExpectGame(gameId, '');
        expect(faces.flat().every((f) => f === 'hidden')).toBe(true);
      }
      expect(await panel(page).getAttribute('data-level')).toBe('0');
      await tapTile(page, 0, 0);
      await poll(() => panel(page).getAttribute('data-dug')).toBe('0');
      await page.locator('[data-testid=gemMiner-panel]:not([data-busy])').waitFor();
      if ((await panel(page).getAttribute('data-status')) === 'playing') break;
      expect(await panel(page).getAttribute('data-status')).toBe('lost');
    }

    // A reload on level 1: the same game, its gem on the board, the level below still hidden.
    const faces = await reloadAndExpectGame(gameId, '0');
    await screenshot(page, 'gemMiner-playing-390x844.png');
    expect(faces[0]![0]).toBe('gem');
    expect(faces[0]!.slice(1).every((f) => f === 'hidden')).toBe(true);
    expect(faces.slice(1).every((row) => row.every((f) => f === 'hidden'))).toBe(true);

    // Digs on (tile = level % 4) until the game ends.
    for (let level = 1; level < 8; level++) {
      if ((await panel(page).getAttribute('data-status')) !== 'playing') break;
      expect(await panel(page).getAttribute('data-level')).toBe(String(level));
      const tile = level % 4;
      await tapTile(page, level, tile);
      await poll(() => panel(page).getAttribute('data-dug')).toMatch(new RegExp(`(^|,)${tile}$`));
      await page.locator('[data-testid=gemMiner-panel]:not([data-busy])').waitFor();
      const dug = (await panel(page).getAttribute('data-dug'))!;
      expect(dug.split(',')).toHaveLength(level + 1);
    }
    const status = (await panel(page).getAttribute('data-status'))!;
    expect(['lost', 'cleared']).toContain(status);

    // The whole shaft is shown: every level's rocks and gems, none hidden.
    const bets = await betsOf(env.server.url, player.token, 'gemMiner');
    const bet = bets.find((b) => String(b.id) === gameId)!;
    expect(bet).toBeDefined();
    expect(bet.result.status).toBe(status);
    const rocks = bet.result.rocks as number[][];
    const endFaces = await sceneFaces(page);
    await screenshot(page, 'gemMiner-end-390x844.png');
    endFaces.forEach((row, level) =>
      row.forEach((face, tile) => {
        const rock = rocks[level]!.includes(tile);
        const dug = (bet.result.dug as number[])[level] === tile;
        expect(face, `level ${level} tile ${tile}`).toBe(
          `${rock ? 'rock' : 'gem'}${dug ? '' : '-unpicked'}`,
        );
      }),
    );
    // Every game of the test staked 2.00: the ones lost on level 0 and the one played out.
    const payouts = bets.reduce((sum, b) => sum + b.payout, 0);
    expect(bets.every((b) => b.amount === 2)).toBe(true);
    expect(await serverBalance(env.server.url, player.token)).toBeCloseTo(
      1000 - 2 * bets.length + payouts,
      2,
    );
    await expectTopBarToMatchServer(page, env.server.url, player.token);
    await close();
  }, 240_000);

  it('digs a tile of the next level tapped while the last dig is on its way', async () => {
    const { page, close } = await phonePage();
    await openGemMiner(page);
    await panel(page).locator('select[name=difficulty]').selectOption('easy');
    // Each dig's request is held 700 ms on its way, as on a slow phone network.
    await page.route(/\/api\/games\/gemMiner\/games\/\d+\/dig$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    // Games until level 0's tile 0 is a gem (easy: 3 in 4); the tap on level 1 came meanwhile.
    for (let attempt = 0; ; attempt++) {
      expect(attempt, 'no gem on tile 0 of level 0 in 12 games').toBeLessThan(12);
      await page.locator('[data-testid=gemMiner-start]').tap();
      await page.locator('[data-testid=gemMiner-panel][data-status=playing]').waitFor();
      await tapTile(page, 0, 0);
      await page.locator('[data-testid=gemMiner-panel][data-busy]').waitFor();
      await tapTile(page, 1, 2);
      await page.locator('[data-testid=gemMiner-panel]:not([data-busy])').waitFor();
      if ((await panel(page).getAttribute('data-status')) !== 'playing') continue;
      await poll(() => panel(page).getAttribute('data-dug')).toBe('0,2');
      break;
    }
    await close();
  }, 120_000);

  it('digs with keys 1-4, arrows and Enter, cashes out with C', async () => {
    const { page, player, close } = await phonePage();
    // A touch screen has hotkeys off unless the player turns them on (a phone with a keyboard).
    await call(env.server.url, 'PATCH', '/api/settings/game', {
      token: player.token,
      body: { hotkeys: true },
    });
    await openGemMiner(page);
    await panel(page).locator('select[name=difficulty]').selectOption('easy');
    // Games until one survives its first two levels (easy: 9 in 16).
    for (let attempt = 0; attempt < 12; attempt++) {
      await page.locator('[data-testid=gemMiner-start]').tap();
      await page.locator('[data-testid=gemMiner-panel][data-status=playing]').waitFor();
      await page.locator('h1').click();
      await page.keyboard.press('Digit3');
      await poll(() => panel(page).getAttribute('data-dug')).toBe('2');
      await page.locator('[data-testid=gemMiner-panel]:not([data-busy])').waitFor();
      if ((await panel(page).getAttribute('data-status')) !== 'playing') continue;
      // The cursor is on tile 2 (the last dug): right, Enter digs tile 3.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await poll(() => panel(page).getAttribute('data-dug')).toBe('2,3');
      await page.locator('[data-testid=gemMiner-panel]:not([data-busy])').waitFor();
      if ((await panel(page).getAttribute('data-status')) !== 'playing') continue;
      await expect
        .poll(() => page.locator('[data-testid=gemMiner-cashout]').textContent())
        .toContain('1,76');
      await page.keyboard.press('KeyC');
      await page.locator('[data-testid=gemMiner-panel][data-status=cashed_out]').waitFor();
      const [bet] = await betsOf(env.server.url, player.token, 'gemMiner');
      expect(bet!.result).toMatchObject({ status: 'cashed_out', level: 2, dug: [2, 3] });
      expect(bet!.payout).toBe(1.76);
      await expectTopBarToMatchServer(page, env.server.url, player.token);
      await close();
      return;
    }
    throw new Error('no game survived two levels in 12 tries');
  }, 240_000);

  it('auto-plays a tile pattern to a target level, game after game', async () => {
    const { page, player, close } = await phonePage();
    await openGemMiner(page);
    await panel(page).getByRole('button', { name: 'Auto' }).tap();
    await panel(page).locator('select[name=difficulty]').selectOption('easy');
    await panel(page).locator('select[name=pattern]').selectOption('right');
    await panel(page).locator('select[name=target]').selectOption('2');
    await panel(page).locator('input[name=auto_count]').fill('3');
    // Tapping the idle shaft changes the pattern for that level (a custom pattern).
    await tapTile(page, 1, 0);
    expect(await panel(page).locator('select[name=pattern]').inputValue()).toBe('custom');
    await page.locator('[data-testid=gemMiner-auto]').tap();
    await page
      .locator('[data-testid=auto-progress][data-played="3"]')
      .waitFor({ timeout: 120_000 });
    await page.locator('[data-testid=gemMiner-panel]:not([data-busy])').waitFor();
    const bets = await betsOf(env.server.url, player.token, 'gemMiner');
    expect(bets).toHaveLength(3);
    for (const bet of bets) {
      const dug = bet.result.dug as number[];
      // Level 0 digs the right tile, level 1 the tapped one; a game stops at level 2 or a rock.
      expect(dug).toEqual([3, 0].slice(0, dug.length));
      expect(bet.result.status).toBe(dug.length === 2 && bet.payout > 0 ? 'cashed_out' : 'lost');
    }
    await expectTopBarToMatchServer(page, env.server.url, player.token);
    await close();
  }, 240_000);

  it("fills no pixel with a tile's transparent layers once its shaft is dug again", async () => {
    const page = await env.browser.context.newPage();
    await openGemMiner(page);
    // A lost shaft shown whole (gems, cracks, glows, outlines), then a fresh one in its place.
    const shaft = (status: 'lost' | 'playing') =>
      page.evaluate((status) => {
        const sim = window.__engine!.scenes.simulation as unknown as {
          setBoard(board: object): void;
        };
        const dug = [0, 1, 2, 3, 0, 1, 2, 3];
        const rocks = dug.map((tile, level) => [level === 7 ? tile : (tile + 1) % 4]);
        const board = { difficulty: 'easy', dug: [], rocks: null, pattern: null, target: null };
        sim.setBoard(status === 'lost' ? { ...board, status, dug, rocks } : { ...board, status });
      }, status);
    await shaft('lost');
    await poll(() => simulationValue(page, 'sim.settled'), { timeout: 30_000 }).toBe(true);
    await shaft('playing');
    await poll(() => simulationValue(page, 'sim.settled'), { timeout: 30_000 }).toBe(true);
    const layers = await transparentLayerAreas(page, 'tiles');
    // Every hidden tile keeps its gem or crack and its glow transparent (its outline and mark
    // too, unless the level in play shows them): a GPU still fills and blends a transparent
    // sprite's pixels, so they are also of no size.
    expect(layers.length).toBeGreaterThanOrEqual(32 * 2);
    expect(layers.filter((area) => area > 0)).toEqual([]);
    await page.close();
  });
});
