import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STRIP } from '../../games/minislot/rules';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { repoRoot } from '../support/server';
import {
  betsOf,
  expectTopBarToMatchServer,
  playerPage,
  poll,
  topBarBalance,
  waitForScene,
} from './games-helpers';

const env = serverAndBrowser();
const SCREENSHOT_DIR = path.join(repoRoot, '.test-results', 'screenshots');

interface SlotReport {
  stops: string;
  spinning: boolean;
  win: string;
  banner: string;
}

/** The scene's own report of what its reels show (engine test hook). */
const slotReport = (page: Page) =>
  page.evaluate(`window.__engine.scenes.describeLayout()?.report`) as Promise<
    SlotReport | undefined
  >;

describe('mini slot in the browser', () => {
  it('spins 5 times by clicking: the reels stop on the server stops and the top bar ends on the server balance', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/minislot?test`);
    await waitForScene(page, 'minislot');
    const panel = page.locator('[data-testid=minislot-panel]');
    await panel.waitFor();
    await poll(() => topBarBalance(page)).toBe(1000);
    await panel.locator('input[name=amount]').fill('2.00');

    let shotWin = false;
    for (let i = 0; i < 5; i++) {
      // Spins 3 to 5 in turbo; the last one also stopped by a tap on the reels.
      if (i === 2) await panel.locator('input[name=turbo]').check();
      await panel.locator('[data-testid=minislot-bet]').click();
      // A full-length spin turns for well over a second: the reels are seen turning.
      if (i < 2) await poll(async () => (await slotReport(page))?.spinning).toBe(true);
      await poll(async () => (await betsOf(env.server.url, player.token, 'minislot')).length).toBe(
        i + 1,
      );
      if (i === 4) await page.locator('canvas').click();
      await poll(() => panel.getAttribute('data-busy')).toBeNull();
      const [bet] = await betsOf(env.server.url, player.token, 'minislot');
      const report = await slotReport(page);
      expect(report?.spinning).toBe(false);
      expect(report?.stops).toBe((bet!.result.stops as number[]).join(','));
      expect((bet!.result.line as string[]).join()).toBe(
        (bet!.result.stops as number[]).map((s) => STRIP[s]).join(),
      );
      expect(report?.win).toBe((bet!.result.win as string | null) ?? '');
      expect(report?.banner).toBe(bet!.payout > 0 ? bet!.payout.toFixed(2).replace('.', ',') : '');
      if (bet!.payout > 0 && !shotWin) {
        // For review: what a win looks like (the paying line framed, the amount under the reels).
        shotWin = true;
        fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'minislot-win.png') });
      }
    }

    const bets = await betsOf(env.server.url, player.token, 'minislot');
    expect(bets).toHaveLength(5);
    const balance = await expectTopBarToMatchServer(page, env.server.url, player.token);
    const net = bets.reduce((sum, b) => sum + Math.round(b.payout * 100) - 200, 0);
    expect(Math.round(balance * 100)).toBe(100_000 + net);
    await close();
  }, 240_000);
});
