import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  betsOf,
  expectTopBarToMatchServer,
  playerPage,
  poll,
  simulationValue,
  topBarBalance,
  waitForScene,
} from './games-helpers';
import { serverAndBrowser } from '../support/e2eEnvironment';

const env = serverAndBrowser();

const BALLS = 20;
/** Auto-bet's pace: at most 10 balls a second. Its rounds start 100 ms apart or more; a request
 * leaves a round's start a few ms later or sooner, so any 10 intervals add up to a second, less
 * that jitter. */
const PER_SECOND = 10;
const JITTER_MS = 60;
/** A top bar rise must follow a landing this closely (React renders it a frame or two later; a
 * busy machine's frames are slow). */
const LANDING_TO_BAR_MS = 1000;
const BET_PATH = '/api/games/plinko/bets';

/** The engine's draw calls in each of the next `frames` frames (0: the frame was not drawn). */
const drawCallsOver = (page: Page, frames: number) =>
  page.evaluate(`new Promise((resolve) => {
    const seen = [];
    const next = () => {
      seen.push(window.__engine.frameStats.drawCalls);
      if (seen.length < ${frames}) requestAnimationFrame(next);
      else resolve(seen);
    };
    requestAnimationFrame(next);
  })`) as Promise<number[]>;

/** Pixels of the canvas, as the page shows them, brighter than the board's dark background. */
async function brightPixels(page: Page): Promise<number> {
  const png = await page.locator('[data-scene=plinko] canvas').screenshot();
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  let bright = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i]! + data[i + 1]! + data[i + 2]! > 600) bright += 1;
  }
  return bright;
}

/** What the page records while balls fly: the top bar's value at each change, and landings. */
interface PageLog {
  bar: { t: number; value: number }[];
  landings: number[];
  /** The panel's in-flight count at each change. */
  count: { t: number; text: string }[];
}

// Watches the top bar's balance text and the scene's landings, stamped with performance.now()
// (the page's own clock: the test process's clock would add its own delays on a busy machine).
const WATCH = `(() => {
  const log = { bar: [], landings: [], count: [] };
  window.__plinkoLog = log;
  performance.setResourceTimingBufferSize(2000);
  performance.clearResourceTimings();
  const element = document.querySelector('[data-testid=balance]');
  const read = () => Number((element.textContent || '').replace(/\\./g, '').replace(',', '.'));
  log.bar.push({ t: performance.now(), value: read() });
  new MutationObserver(() => log.bar.push({ t: performance.now(), value: read() })).observe(element, {
    subtree: true, childList: true, characterData: true,
  });
  window.__engine.scenes.simulation.onLanding(() => log.landings.push(performance.now()));
  const live = document.querySelector('[data-testid=plinko-panel] .game-stats__live');
  new MutationObserver(() => log.count.push({ t: performance.now(), text: live.textContent })).observe(live, {
    subtree: true, childList: true, characterData: true,
  });
})()`;

describe('plinko in the browser', () => {
  it('auto-bets 20 balls at up to 10 a second, many in flight; rows lock; the bar gains each payout as its ball lands', async () => {
    const { page, player, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/plinko?test`);
    await waitForScene(page, 'plinko');
    const panel = page.locator('[data-testid=plinko-panel]');
    await panel.locator('[data-testid=plinko-rows]').selectOption('8');
    await panel.locator('[data-testid=plinko-risk]').selectOption('high');
    await expect.poll(() => simulationValue<number>(page, 'sim.rows')).toBe(8);
    await panel.locator('.mode-tabs button').nth(1).click();
    await panel.locator('input[name=auto_count]').fill(String(BALLS));
    await panel.locator('input[name=amount]').fill('1');

    await page.evaluate(WATCH);
    await panel.locator('[data-testid=plinko-bet]').click();

    // Balls in flight: rows and risk are locked, and the stakes already left the top bar.
    let mostInFlight = 0;
    await expect
      .poll(
        async () => {
          mostInFlight = Math.max(
            mostInFlight,
            await simulationValue<number>(page, 'sim.inFlight'),
          );
          return mostInFlight;
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBeGreaterThan(0);
    expect(await panel.locator('[data-testid=plinko-rows]').isDisabled()).toBe(true);
    expect(await panel.locator('[data-testid=plinko-risk]').isDisabled()).toBe(true);
    expect(await topBarBalance(page)).toBeLessThan(1000);

    await expect
      .poll(
        async () => {
          const flying = await simulationValue<number>(page, 'sim.inFlight');
          mostInFlight = Math.max(mostInFlight, flying);
          return [await panel.getAttribute('data-running'), flying];
        },
        { timeout: 60_000, interval: 50 },
      )
      .toEqual([null, 0]);
    const bets = await betsOf(env.server.url, player.token, 'plinko');
    expect(bets).toHaveLength(BALLS);
    expect(bets.every((bet) => bet.params.rows === 8 && bet.params.risk === 'high')).toBe(true);
    // Auto-bet as in the other games: its progress and result, and stops on profit or loss.
    await panel.locator(`[data-testid=auto-progress][data-played="${BALLS}"]`).waitFor();
    expect(await panel.locator('input[name=stop_profit]').count()).toBe(1);
    expect(await panel.locator('input[name=stop_loss]').count()).toBe(1);
    // Every ball was physically over the server's bucket when it landed, in Chromium's matter-js.
    expect(await simulationValue<number>(page, 'sim.offTarget')).toBe(0);
    expect(await simulationValue<number[]>(page, 'sim.history.length')).toBe(12);

    // Each bet's request, as the page's resource timing saw it: sent, and answered.
    const requests = (await page.evaluate(
      `performance.getEntriesByType('resource')
        .filter((e) => e.name.endsWith('${BET_PATH}'))
        .map((e) => ({ sent: e.startTime, answered: e.responseEnd }))`,
    )) as { sent: number; answered: number }[];
    const sent = requests.map((r) => r.sent).sort((a, b) => a - b);

    // Auto-bet: no faster than 10 a second, and the next ball need not wait for the last to land.
    expect(sent).toHaveLength(BALLS);
    const windows = sent.slice(PER_SECOND).map((t, i) => t - sent[i]!);
    expect(Math.min(...windows)).toBeGreaterThanOrEqual(1000 - JITTER_MS);
    expect(mostInFlight).toBeGreaterThanOrEqual(3);

    // The top bar: it only ever rises after a ball landed (a payout arrives with its ball), never
    // when an answer comes in (the first answers come a whole drop before the first landing);
    // every ball pays something on high risk, 8 rows (0.2x at least), so it rises again and
    // again while balls are still in flight.
    // The panel's count of balls in flight: shown while they fly, written at most every quarter
    // second (a new count every frame was a style and layout pass in each), 0 once all landed.
    await expect
      .poll(() => panel.locator('.game-stats__live').textContent(), { timeout: 2000 })
      .toBe('0');
    const log = (await page.evaluate('window.__plinkoLog')) as PageLog;
    expect(Math.max(...log.count.map(({ text }) => Number(text)))).toBeGreaterThan(1);
    const gaps = log.count.slice(1).map(({ t }, i) => t - log.count[i]!.t);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(200);
    expect(log.landings).toHaveLength(BALLS);
    const rises = log.bar.filter((entry, i) => i > 0 && entry.value > log.bar[i - 1]!.value);
    expect(rises.length).toBeGreaterThanOrEqual(BALLS / 2);
    const firstLanding = Math.min(...log.landings);
    expect(Math.min(...requests.map((r) => r.answered))).toBeLessThan(firstLanding);
    expect(rises.every((rise) => rise.t >= firstLanding)).toBe(true);
    for (const rise of rises) {
      const landing = log.landings.find((t) => t <= rise.t && rise.t - t <= LANDING_TO_BAR_MS);
      expect(landing, `a rise of the bar at ${rise.t} with no landing just before`).toBeDefined();
    }
    // Some payouts reached the bar before the last answer came: ball by ball, not all at the end.
    const lastAnswer = Math.max(...requests.map((r) => r.answered));
    expect(rises.some((rise) => rise.t < lastAnswer)).toBe(true);

    const expected = await expectTopBarToMatchServer(page, env.server.url, player.token);
    const paid = bets.reduce((sum, bet) => sum + bet.payout, 0);
    expect(expected).toBeCloseTo(1000 - BALLS + paid, 2);
    expect(await panel.locator('[data-testid=plinko-rows]').isDisabled()).toBe(false);
    await close();
  });

  it('draws an idle board once and then keeps that frame; a falling ball is drawn every frame', async () => {
    const page = await env.browser.context.newPage();
    // WebGL as on a phone: the draw calls counted are WebGL's, and a WebGL canvas must keep
    // showing its last frame while nothing is drawn.
    await page.goto(`${env.server.url}/plinko?test&renderer=webgl`);
    await waitForScene(page, 'plinko');
    const idle = async () => (await drawCallsOver(page, 30)).every((calls) => calls === 0);
    await poll(idle).toBe(true);
    // The compositor keeps showing the last frame drawn: the pegs, not an empty canvas.
    const pegs = await brightPixels(page);
    expect(pegs).toBeGreaterThan(500);

    await page.evaluate(`(() => {
      const sim = window.__engine.scenes.simulation;
      sim.drop({ path: 'R'.repeat(sim.rows) });
      // Straight into the simulation: the panel's drops go through the scene's channel, which
      // wakes the engine's sleeping loop (SceneChannel.ts).
      window.__engine.wake();
    })()`);
    expect(await simulationValue<number>(page, 'sim.inFlight')).toBe(1);
    const falling = await drawCallsOver(page, 30);
    expect(falling.filter((calls) => calls === 0)).toEqual([]);

    await poll(() => simulationValue<number>(page, 'sim.inFlight')).toBe(0);
    await poll(idle).toBe(true);
    expect(await brightPixels(page)).toBeGreaterThan(pegs / 2);
    // The ball fell in the simulation's worker (remoteSimulation.ts), off the main thread.
    const loaded = await page.evaluate(
      `performance.getEntriesByType('resource').map((e) => e.name)`,
    );
    expect((loaded as string[]).some((url) => /simulationWorker-[^/]*\.js$/.test(url))).toBe(true);
    await page.close();
  });

  it('lands every ball at once in its bucket when the simulation worker cannot load', async () => {
    const page = await env.browser.context.newPage();
    await page.route(/simulationWorker-[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${env.server.url}/plinko?test`);
    await waitForScene(page, 'plinko');
    const landings = await page.evaluate(`new Promise((resolve) => {
      const sim = window.__engine.scenes.simulation;
      const seen = [];
      sim.onLanding(({ bucket, forced, tag }) => {
        seen.push({ bucket, forced, tag });
        if (seen.length === 2) resolve({ seen, history: sim.history.slice(0, 2), rows: sim.rows });
      });
      sim.drop({ path: 'R'.repeat(sim.rows), tag: 'right' });
      sim.drop({ path: 'L'.repeat(sim.rows), tag: 'left' });
    })`);
    const { seen, history, rows } = landings as {
      seen: { bucket: number; forced: boolean; tag: string }[];
      history: number[];
      rows: number;
    };
    expect(seen).toEqual([
      { bucket: rows, forced: true, tag: 'right' },
      { bucket: 0, forced: true, tag: 'left' },
    ]);
    expect(history).toEqual([0, rows]);
    expect(await simulationValue<number>(page, 'sim.inFlight')).toBe(0);
    await page.close();
  });
});
