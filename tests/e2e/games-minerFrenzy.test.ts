// Miner Frenzy in the browser, on PostgreSQL (the test picks each round's crash point by the
// client seed against the server seed it reads from the database).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { createTestDatabase, registerUser, type TestDatabase } from '../support/testApp';
import { rigNextCrash } from '../integration/live-support';
import { formatMultiplier } from '../../games/fairness/money';
import { betsOf, expectTopBarToMatchServer, playerPage, poll, waitForScene } from './games-helpers';

/** The scene's test report: the readout and result its React layer (overlay.tsx) shows. */
const overlayOf = (page: Page) =>
  page.evaluate(() => {
    const report = window.__engine?.scenes.describeLayout()?.report;
    return { readout: report?.readout, result: report?.result };
  });

type Box = { x: number; y: number; width: number; height: number };
type Point = [number, number];
const centre = (b: Box): Point => [b.x + b.width / 2, b.y + b.height / 2];

/** A thumb that lands at `from` and slides `slide` px up before it lifts (Chromium: a scroll). */
async function slidingTap(page: Page, [x, y]: Point, slide: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let step = 1; step <= 4; step++) {
    const touchPoints = [{ x, y: y - (slide * step) / 4 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('Miner Frenzy in the browser', () => {
  let testDb: TestDatabase;
  let database: Database;
  let server: RunningServer;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    server = await startServer({ env: { DATABASE_URL: testDb.databaseUrl! } });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.close();
    await testDb?.dispose();
  });

  it('plays a round with auto cash-out 1.5, one cashed out by hand and one crashed; the top bar ends equal to the server', async () => {
    const { page, player, close } = await playerPage(browser, server.url);
    const rig = (accept: (c: number) => boolean) =>
      rigNextCrash(server.url, database.db, player.token, player.id, accept);
    await page.goto(`${server.url}/minerFrenzy?test`);
    await waitForScene(page, 'minerFrenzy');
    const panel = page.locator('[data-testid=minerFrenzy-panel]');
    await panel.waitFor();

    // Auto cash-out at 1.5 against a crash at 3.00 .. 10.00: it pays exactly 1.5.
    await rig((c) => c >= 300 && c <= 1000);
    await panel.locator('[data-testid=minerFrenzy-auto]').fill('1.50');
    await panel.locator('[data-testid=minerFrenzy-bet]').click();
    await poll(() => panel.locator('[data-testid=minerFrenzy-result]').textContent(), {
      timeout: 20_000,
    }).toContain('1,50×');
    const [auto] = await betsOf(server.url, player.token, 'minerFrenzy');
    expect(auto!.result).toMatchObject({ status: 'cashed_out', multiplier: 1.5 });
    // The canvas shows the cash-out: the readout stops at it, the result repeats it under it.
    await poll(() => overlayOf(page)).toEqual({ readout: '1,50×', result: '1,50×' });
    await expectTopBarToMatchServer(page, server.url, player.token);

    // By hand: no target, a crash far away, the Cash out button shows the live amount.
    await rig((c) => c >= 5000);
    await panel.locator('[data-testid=minerFrenzy-auto]').fill('');
    await panel.locator('[data-testid=minerFrenzy-bet]').click();
    const cashout = panel.locator('[data-testid=minerFrenzy-cashout]');
    await cashout.waitFor();
    await page.waitForTimeout(1500);
    expect(await cashout.textContent()).toMatch(/1,0\d|1,1\d/);
    // The readout runs (a new round clears the last result).
    expect(await overlayOf(page)).toMatchObject({
      readout: expect.stringMatching(/^1,\d\d×$/),
      result: '',
    });
    await cashout.click();
    await poll(
      async () => (await betsOf(server.url, player.token, 'minerFrenzy'))[0]!.result.status,
      {
        timeout: 10_000,
      },
    ).toBe('cashed_out');
    const [byHand] = await betsOf(server.url, player.token, 'minerFrenzy');
    expect(byHand!.params).toMatchObject({ auto_cashout: null });
    expect(Number(byHand!.result.multiplier)).toBeGreaterThan(1);
    await poll(() => panel.getAttribute('data-busy'), { timeout: 10_000 }).toBeNull();
    const taken = formatMultiplier(Number(byHand!.result.multiplier));
    await poll(() => overlayOf(page)).toEqual({ readout: taken, result: taken });
    await expectTopBarToMatchServer(page, server.url, player.token);

    // A crash below the target: the readout stops at the crash point, no result under it.
    const crash = await rig((c) => c >= 101 && c <= 120);
    await panel.locator('[data-testid=minerFrenzy-auto]').fill('2.00');
    await panel.locator('[data-testid=minerFrenzy-bet]').click();
    await poll(() => panel.locator('[data-testid=minerFrenzy-result]').textContent(), {
      timeout: 20_000,
    }).toContain(`derailed at ${formatMultiplier(crash / 100)}`);
    await poll(() => overlayOf(page)).toEqual({
      readout: formatMultiplier(crash / 100),
      result: '',
    });
    await poll(() => panel.getAttribute('data-busy'), { timeout: 10_000 }).toBeNull();
    await expectTopBarToMatchServer(page, server.url, player.token);
    await close();
  });

  it('auto-bets 3 rounds with Cash out and Stop side by side, stops, and a reload shows the crash strip', async () => {
    const { page, player, close } = await playerPage(browser, server.url);
    const rig = (accept: (c: number) => boolean) =>
      rigNextCrash(server.url, database.db, player.token, player.id, accept);
    await page.goto(`${server.url}/minerFrenzy?test`);
    await waitForScene(page, 'minerFrenzy');
    const panel = page.locator('[data-testid=minerFrenzy-panel]');
    await panel.waitFor();
    const cashout = panel.locator('[data-testid=minerFrenzy-cashout]');
    const stop = panel.locator('button', { hasText: 'Stop auto-bet' });

    // 3 rounds at auto cash-out 1.10 (about 1.6 s each); the first one crashes far above it.
    await page.locator('.mode-tabs button').nth(1).click();
    await panel.locator('input[name=auto_count]').fill('3');
    await panel.locator('[data-testid=minerFrenzy-auto]').fill('1.10');
    await rig((c) => c >= 300);
    await panel.locator('[data-testid=minerFrenzy-bet]').click();
    await cashout.waitFor();
    expect(await stop.isVisible()).toBe(true);
    await panel
      .locator('[data-testid=auto-progress][data-played="3"][data-stopped=count]')
      .waitFor({ timeout: 30_000 });
    await poll(() => panel.getAttribute('data-busy')).toBeNull();
    const run = await betsOf(server.url, player.token, 'minerFrenzy');
    expect(run).toHaveLength(3);
    expect(run[2]!.result).toMatchObject({ status: 'cashed_out', multiplier: 1.1 });
    for (const bet of run) {
      expect(bet.params).toMatchObject({ auto_cashout: 1.1 });
      // Each one either paid its target or crashed below it.
      if (bet.result.status === 'cashed_out') expect(bet.payout).toBeCloseTo(bet.amount * 1.1, 2);
      else expect(Number(bet.result.crash_point)).toBeLessThan(1.1);
    }

    // Stop pressed while a round runs (auto cash-out 1.50: about 6.7 s): that round plays out,
    // no other one starts.
    await panel.locator('input[name=auto_count]').fill('10');
    await panel.locator('[data-testid=minerFrenzy-auto]').fill('1.50');
    await rig((c) => c >= 300);
    await panel.locator('[data-testid=minerFrenzy-bet]').click();
    await cashout.waitFor();
    await stop.click();
    await poll(() => panel.getAttribute('data-busy'), { timeout: 20_000 }).toBeNull();
    await panel
      .locator('[data-testid=auto-progress][data-played="1"]:not([data-stopped])')
      .waitFor();
    await page.waitForTimeout(500);
    const bets = await betsOf(server.url, player.token, 'minerFrenzy');
    expect(bets).toHaveLength(4);
    expect(bets[0]!.result).toMatchObject({ status: 'cashed_out', multiplier: 1.5 });
    const expected = 1000 - bets.reduce((sum, b) => sum + b.amount - b.payout, 0);
    const balance = await expectTopBarToMatchServer(page, server.url, player.token);
    expect(balance).toBeCloseTo(expected, 2);

    // The strip of recent crash points survives a reload: it is read from the player's bets.
    const shown = bets.map((b) => Number(b.result.crash_point).toFixed(2)).join(' ');
    const strip = () => page.evaluate(() => window.__engine?.scenes.describeLayout()?.report.strip);
    await poll(strip).toBe(shown);
    await page.reload();
    await waitForScene(page, 'minerFrenzy');
    await poll(strip).toBe(shown);
    await close();
  });

  // On a touch phone (390 x 844): Cash out, the round's one action, sits in the bar fixed at the
  // bottom of the screen. A tap cashes out however the player taps it, the button says what the
  // server pays at the multiplier shown, and a cash-out after the crash is said in the panel.
  /** A new player on a touch phone at /minerFrenzy, the next round rigged to crash at `accept`. */
  async function phone(accept: (crashHundredths: number) => boolean) {
    const player = await registerUser(server.url);
    const context = await browser.browser!.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await context.addCookies([{ name: 'token', value: player.token, url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/minerFrenzy?test`);
    await waitForScene(page, 'minerFrenzy');
    await page.locator('[data-testid=minerFrenzy-panel]').waitFor();
    const crash = await rigNextCrash(server.url, database.db, player.token, player.id, accept);
    const box = async (testId: string) => {
      const found = await page.locator(`[data-testid=${testId}]`).boundingBox();
      expect(found, testId).not.toBeNull();
      return found!;
    };
    const status = async () =>
      (await betsOf(server.url, player.token, 'minerFrenzy'))[0]?.result.status;
    return { page, crash, box, status, close: () => context.close() };
  }

  const taps: [string, (page: Page, button: Box) => Promise<void>][] = [
    ['in its middle', (page, b) => page.touchscreen.tap(...centre(b))],
    ['at its top edge', (page, b) => page.touchscreen.tap(b.x + b.width / 2, b.y + 2)],
    ['at its left edge', (page, b) => page.touchscreen.tap(b.x + 2, b.y + b.height / 2)],
    [
      'whose thumb slides 30 px (a scroll to the browser)',
      (page, b) => slidingTap(page, centre(b), 30),
    ],
  ];
  for (const [how, tap] of taps) {
    it(`cashes out on a tap ${how} while the amount changes every frame`, async () => {
      const { page, box, status, close } = await phone((c) => c >= 5000);
      await page.touchscreen.tap(...centre(await box('minerFrenzy-bet')));
      await page.locator('[data-testid=minerFrenzy-cashout]').waitFor();
      await page.waitForTimeout(800);
      await tap(page, await box('minerFrenzy-cashout'));
      await poll(status, { timeout: 10_000 }).toBe('cashed_out');
      await close();
    });
  }

  it('cashes out on a tap during the scroll that brings the scene back into view', async () => {
    const { page, box, status, close } = await phone((c) => c >= 5000);
    // The player scrolled down to the stake: Bet scrolls the scene back, smoothly.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.touchscreen.tap(...centre(await box('minerFrenzy-bet')));
    await page.locator('[data-testid=minerFrenzy-cashout]').waitFor();
    await page.touchscreen.tap(...centre(await box('minerFrenzy-cashout')));
    await poll(status, { timeout: 10_000 }).toBe('cashed_out');
    await close();
  });

  it('shows on the button what the server pays at the multiplier the scene shows', async () => {
    const { page, box, close } = await phone((c) => c >= 5000);
    await page.locator('[data-testid=minerFrenzy-panel] input[name=amount]').fill('7.77');
    await page.touchscreen.tap(...centre(await box('minerFrenzy-bet')));
    await page.locator('[data-testid=minerFrenzy-cashout]').waitFor();
    // Twelve moments over about two seconds; at each, up to five frames in a row, each read after
    // the frame was drawn. The readout is another React root than the button: on a busy machine
    // its commit can come a few frames after the button's, so a moment passes when, within its
    // frames, the button shows what the server pays at the multiplier the scene shows.
    const moments = await page.evaluate(async () => {
      const read: { button: string; readout: string }[][] = [];
      for (let i = 0; i < 12; i++) {
        await new Promise((r) => setTimeout(r, 150));
        const frames: { button: string; readout: string }[] = [];
        for (let f = 0; f < 5; f++) {
          await new Promise((r) => requestAnimationFrame(r));
          const button = document.querySelector('[data-testid=minerFrenzy-cashout]')?.textContent;
          const readout = window.__engine?.scenes.describeLayout()?.report.readout;
          frames.push({ button: String(button), readout: String(readout) });
        }
        read.push(frames);
      }
      return read;
    });
    const readouts = new Set(moments.map((frames) => frames[0]!.readout));
    expect(readouts.size, 'the multiplier ran').toBeGreaterThan(3);
    const pays = (hundredths: number) => {
      const cents = Math.floor((777 * hundredths) / 100);
      return `Cash out ${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
    };
    // A frame agrees when its button pays the readout's multiplier (a hundredth either way: the
    // two roots may be one value apart in the same frame).
    const agrees = ({ button, readout }: { button: string; readout: string }) => {
      const shown = Math.round(Number(readout.replace('×', '').replace(',', '.')) * 100);
      return [pays(shown - 1), pays(shown), pays(shown + 1)].includes(button);
    };
    for (const frames of moments) expect(frames.some(agrees), JSON.stringify(frames)).toBe(true);
    await close();
  });

  it('says in the panel that a cash-out came too late, with no dialog', async () => {
    const { page, crash, box, status, close } = await phone((c) => c >= 110 && c <= 125);
    // The cash-out is held on the way until the cart has crashed.
    await page.route('**/cashout', async (route) => {
      await new Promise((r) => setTimeout(r, 4_000));
      await route.continue();
    });
    await page.touchscreen.tap(...centre(await box('minerFrenzy-bet')));
    await page.locator('[data-testid=minerFrenzy-cashout]').waitFor();
    await page.touchscreen.tap(...centre(await box('minerFrenzy-cashout')));
    const answered = page.waitForResponse('**/cashout');
    expect((await answered).status()).toBe(422);
    await page.waitForTimeout(300);
    expect(await page.locator('[role=dialog], [role=alertdialog]').count()).toBe(0);
    await poll(() => page.locator('[data-testid=minerFrenzy-result]').textContent()).toBe(
      `Too late: the cart derailed at ${formatMultiplier(crash / 100)} before your cash-out arrived`,
    );
    expect(await status()).toBe('crashed');
    await close();
  });
});
