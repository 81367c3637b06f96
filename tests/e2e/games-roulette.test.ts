import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { coveredPockets, ROULETTE_RETURNS, type RouletteBetType } from '../../games/roulette/rules';
import {
  betsOf,
  expectTopBarToMatchServer,
  playerPage,
  poll,
  simulationValue,
  topBarBalance,
  waitForScene,
} from './games-helpers';
import { registerUser } from '../support/testApp';
import { serverAndBrowser } from '../support/e2eEnvironment';

const env = serverAndBrowser();

/**
 * How many pixels of label colour (cream or white: red high, green high) each outside spot and
 * the BET and CHIP corners hold, measured on the frame drawn right after the scene is shown
 * (`window.__labelsAtShown`) and on demand (`window.__labelsNow()`). Installed before the page
 * loads; the scene is drawn on Canvas 2D so its pixels can be read back.
 */
function countLabelPixels() {
  type Rect = { x: number; y: number; width: number; height: number };
  const measure = () => {
    const canvas = document.querySelector<HTMLCanvasElement>('.game-view canvas')!;
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d')!;
    context.drawImage(canvas, 0, 0);
    const scale = canvas.width / canvas.clientWidth;
    const report = window.__engine!.scenes.describeLayout()!.report as Record<string, Rect>;
    const table = report.table!;
    const dozen = report['spot:dozen:1']!;
    const areas: Record<string, Rect> = {
      bet: {
        x: table.x,
        y: dozen.y,
        width: dozen.x - table.x,
        height: table.y + table.height - dozen.y,
      },
      chip: {
        x: report['spot:dozen:3']!.x + report['spot:dozen:3']!.width,
        y: dozen.y,
        width: table.x + table.width - report['spot:dozen:3']!.x - report['spot:dozen:3']!.width,
        height: table.y + table.height - dozen.y,
      },
    };
    for (const key of ['dozen:1', 'dozen:2', 'dozen:3', 'low', 'even', 'odd', 'high']) {
      areas[key] = report[`spot:${key}`]!;
    }
    for (let column = 1; column <= 3; column++)
      areas[`column:${column}`] = report[`spot:column:${column}`]!;
    const counts: Record<string, number> = {};
    for (const [name, rect] of Object.entries(areas)) {
      const pixels = context.getImageData(
        Math.round(rect.x * scale),
        Math.round(rect.y * scale),
        Math.max(1, Math.round(rect.width * scale)),
        Math.max(1, Math.round(rect.height * scale)),
      ).data;
      let light = 0;
      for (let i = 0; i < pixels.length; i += 4)
        if (pixels[i]! > 170 && pixels[i + 1]! > 150) light++;
      counts[name] = light;
    }
    return counts;
  };
  const win = window as unknown as Record<string, unknown>;
  win.__labelsNow = measure;
  win.__labelsAtShown = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-scene-state=shown] [data-scene=roulette]')) return;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(measure())));
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
}

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

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The scene's own account of its table (RouletteView.describeLayout, through the engine). */
async function tableReport(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('.game-view canvas')!.getBoundingClientRect();
    const report = window.__engine!.scenes.describeLayout()!.report;
    return { canvas: { x: canvas.left, y: canvas.top, width: canvas.width }, report };
  });
}

/** The middle of a betting spot ('straight:17', 'split:1-2', 'red') in page coordinates. */
async function spotCentre(page: Page, key: string): Promise<{ x: number; y: number }> {
  const { canvas, report } = await tableReport(page);
  const rect = report[`spot:${key}`] as Box | undefined;
  if (!rect) throw new Error(`the table has no spot ${key}`);
  return { x: canvas.x + rect.x + rect.width / 2, y: canvas.y + rect.y + rect.height / 2 };
}

const tapSpot = async (page: Page, key: string) => {
  const at = await spotCentre(page, key);
  await page.touchscreen.tap(at.x, at.y);
};
const clickSpot = async (page: Page, key: string) => {
  const at = await spotCentre(page, key);
  await page.mouse.click(at.x, at.y);
};

type TouchPoint = { x: number; y: number };

/** Real touch events (Chromium's input pipeline, as a finger makes them). */
async function touches(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: TouchPoint) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: at ? [{ x: at.x, y: at.y, id: 1 }] : [],
    });
  const along = (from: TouchPoint, to: TouchPoint, t: number) => ({
    x: from.x + (to.x - from.x) * t,
    y: from.y + (to.y - from.y) * t,
  });
  return {
    /** A finger put down on `from`, slid to `to` and lifted. */
    async drag(from: TouchPoint, to: TouchPoint) {
      // The first move leaves with the touch (a finger that drags starts moving at once).
      await Promise.all([send('touchStart', from), send('touchMove', along(from, to, 0.5))]);
      for (const t of [0.75, 1]) await send('touchMove', along(from, to, t));
      await send('touchEnd');
    },
    /** A finger held still on `at` for `ms`. */
    async hold(at: TouchPoint, ms: number) {
      await send('touchStart', at);
      await page.waitForTimeout(ms);
      await send('touchEnd');
    },
    detach: () => cdp.detach(),
  };
}

const spotsOnTable = (page: Page) =>
  page
    .locator('[data-testid=roulette-bets] li')
    .evaluateAll((items) =>
      items.map((item) => `${item.getAttribute('data-spot')} ${item.textContent?.split(' · ')[1]}`),
    );
const total = (page: Page) => page.locator('[data-testid=roulette-total]').textContent();

describe('roulette in the browser', () => {
  it('places three bets on the scene table, spins, and the ball settles on the pocket the server returned', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/roulette?test`);
    await waitForScene(page, 'roulette');
    await quickSpins(page);
    const panel = page.locator('[data-testid=roulette-panel]');
    // A wide screen: the table lies on its side beside or under the wheel.
    expect((await tableReport(page)).report.orientation).toBe('horizontal');

    await panel.locator('input[name=amount]').fill('2');
    await clickSpot(page, 'straight:17');
    await clickSpot(page, 'split:1-2');
    await panel.locator('input[name=amount]').fill('1');
    await clickSpot(page, 'red');
    await poll(() => panel.locator('[data-testid=roulette-bets] li').count()).toBe(3);
    expect(await total(page)).toBe('5,00');

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

  for (const [size, viewport] of [
    ['1440 x 900', { width: 1440, height: 900 }],
    ['390 x 844', { width: 390, height: 844 }],
  ] as const) {
    it(`${size}: the table's labels are drawn in the first frame shown, on a 4x slower CPU`, async () => {
      const { page, close } = await playerPage(env.browser, env.server.url);
      await page.setViewportSize(viewport);
      await page.addInitScript(countLabelPixels);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`${env.server.url}/roulette?test&renderer=canvas`);
      const atShown = (await page.evaluate('window.__labelsAtShown')) as Record<string, number>;
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.waitForTimeout(2_000);
      const later = (await page.evaluate('window.__labelsNow()')) as Record<string, number>;
      for (const [name, count] of Object.entries(later)) {
        expect(count, `${name} has a label`).toBeGreaterThan(20);
        expect(atShown[name], `${name} at the first frame shown`).toBeGreaterThanOrEqual(
          count * 0.9,
        );
      }
      await close();
    });
  }

  it("draws the table's words and the chip readout after other games' pages (warm cache), and redraws the readout for a new chip", async () => {
    const { page, close } = await playerPage(env.browser, env.server.url);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.addInitScript(countLabelPixels);
    // A returning player's path: the words arrive after the felt's first frame (Canvas 2D kept
    // the old glyphs of a bitmap text changed after its first frame).
    for (const id of ['gemMiner', 'minerFrenzy', 'roulette']) {
      await page.goto(`${env.server.url}/${id}?test&renderer=canvas`);
      await waitForScene(page, id);
    }
    await page.waitForTimeout(1_000);
    const labels = (await page.evaluate('window.__labelsNow()')) as Record<string, number>;
    for (const [name, count] of Object.entries(labels)) {
      expect(count, `${name} has a label`).toBeGreaterThan(20);
    }
    const { report, canvas } = await tableReport(page);
    const table = report.table as Box;
    const dozen = report['spot:dozen:3'] as Box;
    const corner = {
      x: canvas.x + dozen.x + dozen.width,
      y: canvas.y + dozen.y,
      width: table.x + table.width - dozen.x - dozen.width,
      height: table.y + table.height - dozen.y,
    };
    const before = await page.screenshot({ clip: corner });
    await page.getByRole('button', { name: '2×' }).first().click();
    await expect
      .poll(async () => (await page.screenshot({ clip: corner })).equals(before))
      .toBe(false);
    await close();
  });

  it('shows every line of "Bets on the table" whole, clear of the Spin button', async () => {
    const { page, close } = await playerPage(env.browser, env.server.url);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${env.server.url}/roulette?test`);
    await waitForScene(page, 'roulette');
    for (const key of ['straight:17', 'split:1-2', 'dozen:2', 'red', 'straight:36']) {
      await clickSpot(page, key);
    }
    const lines = page.locator('[data-testid=roulette-bets] li');
    await poll(() => lines.count()).toBe(5);
    const spin = (await page
      .locator(
        '[data-testid=roulette-panel] [data-main-action], [data-testid=roulette-panel] .btn--large',
      )
      .first()
      .boundingBox())!;
    // The button's collar (its box-shadow in the panel's colour) covers 16 px above it.
    const collar = 16;
    for (const line of await lines.all()) {
      const box = (await line.boundingBox())!;
      expect(box.y + box.height, (await line.textContent()) ?? '').toBeLessThanOrEqual(
        spin.y - collar + 0.5,
      );
    }
    await close();
  });

  it('auto-bets the same table twice, then stops on the count', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/roulette?test`);
    await waitForScene(page, 'roulette');
    await quickSpins(page);
    const panel = page.locator('[data-testid=roulette-panel]');
    await clickSpot(page, 'dozen:2');
    await poll(() => spotsOnTable(page)).toEqual(['dozen:2 1,00']);
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
    expect(spins.every((s) => JSON.stringify(s.params.bets).includes('"dozen"'))).toBe(true);
    expect(await simulationValue<number | null>(page, 'sim.settledPocket')).toBe(
      spins[0]!.result.pocket,
    );
    await expectTopBarToMatchServer(page, env.server.url, player.token);
    await close();
  });

  it('the keyboard: arrows move a cursor over the table, Enter places the chip, Delete takes it back', async () => {
    const { page, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/roulette?test`);
    await waitForScene(page, 'roulette');
    await page.locator('[data-testid=roulette-spin]').waitFor();
    const hint = page.locator('[data-testid=roulette-keys]');
    // The first arrow shows the cursor on 17; the next ones move it along the lines.
    await page.keyboard.press('ArrowDown');
    await poll(() => hint.textContent()).toContain('Straight 17');
    await page.keyboard.press('Enter');
    await poll(() => spotsOnTable(page)).toEqual(['straight:17 1,00']);
    // On its side, 18 is above 17: on the way is the line between them (a split).
    await page.keyboard.press('ArrowUp');
    await poll(() => hint.textContent()).toContain('Split 17-18');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await poll(() => hint.textContent()).toContain('Straight 18');
    await page.keyboard.press('ArrowDown');
    await poll(() => hint.textContent()).toContain('Split 17-18 · 1,00');
    await poll(() => spotsOnTable(page)).toEqual(['straight:17 1,00', 'split:17-18 1,00']);
    await page.keyboard.press('Delete');
    await poll(() => spotsOnTable(page)).toEqual(['straight:17 1,00']);
    // Undo brings the split back; Space spins (the focus is not in a field).
    await page.locator('[data-testid=roulette-undo]').click();
    await poll(() => total(page)).toBe('2,00');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const spin = page.waitForResponse((r) => r.url().includes('/api/games/roulette/spins'));
    await page.keyboard.press('Space');
    expect((await spin).status()).toBeLessThan(300);
    await close();
  });
});

describe('roulette on a phone, by thumb', () => {
  it('390 x 844: tap places a chip, a drag moves the stack, a long press takes it back; a tapped table spins through the ledger', async () => {
    const player = await registerUser(env.server.url);
    const context = await env.browser.browser!.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 3,
    });
    await context.addCookies([{ name: 'token', value: player.token, url: env.server.url }]);
    const page = await context.newPage();
    await page.goto(`${env.server.url}/roulette?test`);
    await waitForScene(page, 'roulette');
    await page.locator('[data-testid=roulette-spin]').waitFor();
    await quickSpins(page);
    const finger = await touches(page);

    // Upright: the wheel on top, the table 3 columns wide under it across the canvas.
    const { canvas, report } = await tableReport(page);
    const table = report.table as Box;
    const wheel = report.wheel as Box;
    expect(report.orientation).toBe('vertical');
    expect(table.width / canvas.width).toBeGreaterThanOrEqual(0.95);
    expect(wheel.y + wheel.height).toBeLessThanOrEqual(table.y);
    expect(report.cellHeight as number).toBeGreaterThanOrEqual(24);

    await tapSpot(page, 'straight:17');
    await poll(() => spotsOnTable(page)).toEqual(['straight:17 1,00']);
    expect(await total(page)).toBe('1,00');

    await finger.drag(await spotCentre(page, 'straight:17'), await spotCentre(page, 'straight:20'));
    await poll(() => spotsOnTable(page)).toEqual(['straight:20 1,00']);

    await finger.hold(await spotCentre(page, 'straight:20'), 800);
    await poll(() => total(page)).toBe('0,00');
    expect(await page.locator('[data-testid=roulette-bets]').count()).toBe(0);
    // Touching the table never scrolled the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // More than the balance on the table: the reason beside the chip field, and no spin leaves.
    const sent: string[] = [];
    const onRequest = (request: Request) => {
      if (request.method() === 'POST' && request.url().includes('/api/games/')) {
        sent.push(request.url());
      }
    };
    page.on('request', onRequest);
    const field = page.locator('.game-panel input[name=amount]');
    /** Typing in the chip field scrolls the page to it: back to the table. */
    const typeChip = async (value: string) => {
      await field.fill(value);
      await field.blur();
      await page.evaluate(() => window.scrollTo(0, 0));
    };
    await typeChip('600');
    await tapSpot(page, 'red');
    await tapSpot(page, 'black');
    await poll(() => total(page)).toBe('1.200,00');
    const issue = page.locator('.game-panel [data-testid=stake-issue]');
    await poll(() => issue.textContent()).toContain('more than your balance');
    const spin = page.locator('[data-testid=roulette-spin]');
    if (await spin.isEnabled()) await spin.tap();
    await page.waitForTimeout(300);
    expect(sent).toEqual([]);
    page.off('request', onRequest);
    await page.locator('[data-testid=roulette-clear]').tap();
    await poll(() => issue.textContent()).toBe('');
    expect(await total(page)).toBe('0,00');

    // Chips placed by tapping, and Spin: the bet settles through the ledger.
    await typeChip('1');
    await tapSpot(page, 'straight:17');
    await tapSpot(page, 'split:1-2');
    await tapSpot(page, 'dozen:3');
    await poll(() => total(page)).toBe('3,00');
    const answer = page.waitForResponse((r) => r.url().includes('/api/games/roulette/spins'));
    await spin.tap();
    expect((await answer).status()).toBeLessThan(300);
    await page.locator('[data-testid=roulette-panel][data-settled-pocket]').waitFor();
    const [bet] = await betsOf(env.server.url, player.token, 'roulette');
    expect((bet!.result.bets as SpinBet[]).map((b) => [b.type, b.selection, b.amount])).toEqual([
      ['straight', [17], 1],
      ['split', [1, 2], 1],
      ['dozen', [3], 1],
    ]);
    const balance = await expectTopBarToMatchServer(page, env.server.url, player.token);
    expect(balance).toBeCloseTo(1000 - 3 + bet!.payout, 2);
    await finger.detach();
    await context.close();
  });
});
