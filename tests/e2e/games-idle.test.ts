import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES } from '../../games/shared/registry/catalog';
import { isPlayable } from '../../games/shared/registry/definition';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { registerUser } from '../support/testApp';
import {
  poll,
  runningAnimations,
  setTabHidden,
  untilEngineRests,
  waitForScene,
} from './games-helpers';
import { EVERY_GAME, gamesUnderTest } from '../support/gamesUnderTest';

const env = serverAndBrowser();
const GAME_IDS = gamesUnderTest(GAMES.filter(isPlayable)).map((game) => game.id);
/** How long a page is watched with nothing moving. */
const WATCH_MS = 3000;

const drawn = (page: Page) => page.evaluate(() => window.__engine!.drawnFrames);
/** What the engine's loop did (LoopScheduler): its sleeps, wakes and safety looks. */
const loop = (page: Page) =>
  page.evaluate(() => ({
    ...window.__engine!.schedule.counters,
    sleeping: window.__engine!.schedule.sleeping,
  }));

/** The animation-frame callbacks the page ran, and the frames they ran in (countAnimationFrames). */
const animationFrames = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __animationFrames: AnimationFrames }).__animationFrames,
  );

interface AnimationFrames {
  callbacks: number;
  frames: number;
}

/** Counts every requestAnimationFrame callback the page runs, and the frames they run in. */
function countAnimationFrames(): void {
  const request = window.requestAnimationFrame.bind(window);
  const seen = { callbacks: 0, frames: 0, last: -1 };
  (window as unknown as { __animationFrames: AnimationFrames }).__animationFrames = seen;
  window.requestAnimationFrame = (callback) =>
    request((now) => {
      seen.callbacks += 1;
      if (now !== seen.last) {
        seen.frames += 1;
        seen.last = now;
      }
      callback(now);
    });
}

/** A game page on a phone, signed in, its scene shown and its panel loaded, with nothing moving. */
async function openIdle(context: BrowserContext, game: string, query = ''): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${env.server.url}/${game}?test${query}`);
  await waitForScene(page, game);
  await page.locator('[data-slot=game-panel] button').first().waitFor();
  // The scene's entrance and first layouts are over once a second passes without a frame drawn.
  await untilEngineRests(page, 1000, 20_000);
  return page;
}

describe('an idle game page draws nothing', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    const { token } = await registerUser(env.server.url);
    context = await env.browser.browser!.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await context.addCookies([{ name: 'token', value: token, url: env.server.url }]);
    await context.addInitScript(countAnimationFrames);
  });
  afterAll(() => context?.close());

  it(
    'every game: no frame drawn and no animation frame asked for in 3 s with nothing moving',
    { ...EVERY_GAME, timeout: 120_000 },
    async () => {
      // Two pages watched at a time: an idle page costs nothing to keep open, but each holds event
      // streams, and Chromium opens at most six connections to one server.
      const drawnWhileIdle: Record<string, number> = {};
      // The engine's loop sleeps: no callback at all (Pixi's system ticker, which ran its own
      // every frame, runs from the engine's drawn frames: systemTicker.ts).
      const callbacks: Record<string, number> = {};
      // While asleep the loop looks once a second (LOOK_EVERY_MS): a timer, not a frame.
      const looks: Record<string, number> = {};
      // Nor does the page around the scene animate (an endless CSS animation draws every frame).
      const animations: Record<string, string[]> = {};
      for (let i = 0; i < GAME_IDS.length; i += 2) {
        const games = GAME_IDS.slice(i, i + 2);
        const pages: Page[] = [];
        for (const game of games) pages.push(await openIdle(context, game));
        const before = await Promise.all(pages.map(drawn));
        const framesBefore = await Promise.all(pages.map(animationFrames));
        const loopBefore = await Promise.all(pages.map(loop));
        await pages[0]!.waitForTimeout(WATCH_MS);
        const stillRunning = await Promise.all(pages.map(runningAnimations));
        const after = await Promise.all(pages.map(drawn));
        const framesAfter = await Promise.all(pages.map(animationFrames));
        const loopAfter = await Promise.all(pages.map(loop));
        games.forEach((game, n) => {
          drawnWhileIdle[game] = after[n]! - before[n]!;
          callbacks[game] = framesAfter[n]!.callbacks - framesBefore[n]!.callbacks;
          looks[game] = loopAfter[n]!.looks - loopBefore[n]!.looks;
          animations[game] = stillRunning[n]!;
          expect(loopAfter[n]!.sleeping, game).toBe(true);
          expect(loopAfter[n]!.lookWakes, game).toBe(0);
        });
        await Promise.all(pages.map((page) => page.close()));
      }
      expect(drawnWhileIdle).toEqual(Object.fromEntries(GAME_IDS.map((game) => [game, 0])));
      expect(callbacks).toEqual(Object.fromEntries(GAME_IDS.map((game) => [game, 0])));
      expect(animations).toEqual(Object.fromEntries(GAME_IDS.map((game) => [game, []])));
      for (const game of GAME_IDS) expect(looks[game], game).toBeLessThanOrEqual(4);
    },
  );

  it('wakes for a display object changed, draws one frame, then sleeps again', async () => {
    const page = await openIdle(context, 'dice');
    await poll(async () => (await loop(page)).sleeping).toBe(true);
    const slept = await loop(page);
    const before = await drawn(page);
    await page.evaluate(() => {
      const root = window.__engine!.scenes.context!.root;
      root.children[0]!.x += 1;
    });
    await poll(async () => (await drawn(page)) - before).toBe(1);
    await page.waitForTimeout(1000);
    expect((await drawn(page)) - before).toBe(1);
    // The change itself woke the loop (not its safety look), and it went back to sleep.
    const after = await loop(page);
    expect(after.wakes - slept.wakes).toBe(1);
    expect(after.lookWakes).toBe(slept.lookWakes);
    expect(after.sleeping).toBe(true);
    await page.close();
  });

  it('draws while something moves, and nothing while the tab is hidden', async () => {
    const page = await openIdle(context, 'plinko');
    // Balls keep falling (the scene's own simulation, no bets: this is about drawing).
    await page.evaluate(() => {
      const sim = window.__engine!.scenes.simulation as unknown as {
        rows: number;
        drop(drop: { path: string }): number;
      };
      const path = () => Array.from({ length: sim.rows }, (_, i) => (i % 2 ? 'L' : 'R')).join('');
      window.setInterval(() => sim.drop({ path: path() }), 150);
      // A drop made straight into the simulation: the panel's calls go through the scene's
      // channel, which wakes the loop (SceneChannel.ts).
      window.__engine!.wake();
    });
    const moving = await drawn(page);
    await page.waitForTimeout(1000);
    expect((await drawn(page)) - moving).toBeGreaterThan(5);

    await setTabHidden(page, true);
    const hidden = await drawn(page);
    await page.waitForTimeout(1500);
    expect((await drawn(page)) - hidden).toBe(0);

    await setTabHidden(page, false);
    const shown = await drawn(page);
    await poll(async () => (await drawn(page)) - shown).toBeGreaterThan(5);
    await page.close();
  });

  it('draws no empty stage while the scene loads', async () => {
    const page = await context.newPage();
    // Every animation frame until a scene is there: the engine's drawn frames so far.
    await page.addInitScript(() => {
      const seen = { looks: 0, drawn: 0 };
      (window as unknown as { __emptyStage: typeof seen }).__emptyStage = seen;
      const look = () => {
        const engine = window.__engine;
        if (engine?.scenes.currentId) return;
        if (engine) {
          seen.looks += 1;
          seen.drawn = engine.drawnFrames;
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(`${env.server.url}/dice?test`);
    await waitForScene(page, 'dice');
    const seen = await page.evaluate(
      () => (window as unknown as { __emptyStage: { looks: number; drawn: number } }).__emptyStage,
    );
    expect(seen.looks).toBeGreaterThan(0);
    expect(seen.drawn).toBe(0);
    await page.close();
  });
});

/**
 * Counts from now on the times Pixi rebuilds a render group's draw instructions (its
 * RenderGroupSystem's `_buildInstructions`): a frame that rebuilds the stage's costs several
 * milliseconds on a phone, which a round that only moves and relabels things never needs. The
 * render resolution stays where it is: here software WebGL's slow frames lower it again and
 * again, and each change draws every text again (a phone's GPU keeps it).
 */
const countRebuilds = (page: Page) =>
  page.evaluate(() => {
    window.__engine!.resolution.enabled = false;
    type Build = (...args: unknown[]) => void;
    const system = window.__engine!.renderer!.renderGroup as unknown as {
      _buildInstructions: Build;
    };
    const build = system._buildInstructions.bind(system);
    const counted = window as unknown as { __rebuilds: number };
    counted.__rebuilds = 0;
    system._buildInstructions = (...args) => {
      counted.__rebuilds += 1;
      build(...args);
    };
  });
const rebuilds = (page: Page) =>
  page.evaluate(() => (window as unknown as { __rebuilds: number }).__rebuilds);

describe('a running round and its draw instructions', () => {
  let context: BrowserContext;

  beforeAll(async () => {
    const { token } = await registerUser(env.server.url);
    context = await env.browser.browser!.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name: 'token', value: token, url: env.server.url }]);
  });
  afterAll(() => context?.close());

  // WebGL pinned, as a phone draws: here the engine would choose Canvas 2D over software WebGL,
  // and Pixi's Canvas 2D pipes rebuild nothing for new words (engine/core/canvasBitmapText.ts).
  it("rebuilds none while plinko's balls land and its history strip relabels", async () => {
    const page = await openIdle(context, 'plinko', '&renderer=webgl');
    await countRebuilds(page);
    await page.evaluate(() => {
      const sim = window.__engine!.scenes.simulation as unknown as {
        rows: number;
        drop(drop: { path: string }): number;
        onLanding(listener: () => void): () => void;
      };
      const counted = window as unknown as { __landings: number };
      counted.__landings = 0;
      sim.onLanding(() => (counted.__landings += 1));
      // Paths of a fixed sequence (ball n, row i), landing across the buckets.
      let ball = 0;
      const path = () =>
        Array.from({ length: sim.rows }, (_, i) => ((ball * 7 + i * 5) % 11 < 5 ? 'L' : 'R')).join(
          '',
        );
      window.setInterval(() => {
        ball += 1;
        sim.drop({ path: path() });
      }, 100);
      window.__engine!.wake();
    });
    const landings = () =>
      page.evaluate(() => (window as unknown as { __landings: number }).__landings);
    // From the first landing on: the strip's chips appear, then move along and relabel.
    await poll(landings, { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
    expect(await rebuilds(page)).toBe(0);
    await page.close();
  });

  it("rebuilds none while Miner Frenzy's readout counts up", async () => {
    const page = await openIdle(context, 'minerFrenzy', '&renderer=webgl');
    await page.evaluate(() => {
      const sim = window.__engine!.scenes.simulation as unknown as {
        round: { startedAt: number; offsetMs: number; autoCashout: number | null } | null;
      };
      sim.round = { startedAt: Date.now() - 20_000, offsetMs: 0, autoCashout: null };
      window.__engine!.wake();
    });
    const readout = () =>
      page.evaluate(() => window.__engine!.scenes.describeLayout()?.report?.readout);
    await poll(readout).toMatch(/×$/);
    await countRebuilds(page);
    const seen = new Set<unknown>();
    for (let i = 0; i < 5; i++) {
      seen.add(await readout());
      await page.waitForTimeout(300);
    }
    expect(seen.size).toBeGreaterThanOrEqual(4);
    expect(await rebuilds(page)).toBe(0);
    await page.close();
  });

  /** Rounds played through the scene's simulation, one after another (no bets: frames only). */
  const ROUNDS: Record<string, { next: string; over: string }> = {
    // The marker and the big number change every frame of a roll.
    dice: {
      next: 'sim.startRoll((window.__rounds * 37.3) % 100, window.__rounds % 2 === 0)',
      over: '!sim.rolling',
    },
    // A lost board revealed tile by tile, then closed again.
    mines: {
      next: `(window.__lost = !window.__lost) ? sim.setBoard({ status: 'lost', revealed: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], mines: [10, 11, 12] }) : sim.setBoard({ status: 'idle', revealed: [], mines: null })`,
      over: 'sim.settled',
    },
    // An easy shaft lost on its last level (every tile revealed, gems glowing), then a new one.
    gemMiner: {
      next: `(window.__lost = !window.__lost) ? sim.setBoard({ difficulty: 'easy', status: 'lost', dug: [0, 1, 2, 3, 0, 1, 2, 3], rocks: [[1], [2], [3], [0], [1], [2], [3], [3]], pattern: null, target: null }) : sim.setBoard({ difficulty: 'easy', status: 'playing', dug: [], rocks: null, pattern: null, target: null })`,
      over: 'sim.settled',
    },
  };

  it.each(Object.keys(ROUNDS))('rebuilds none while %s plays round after round', async (game) => {
    const page = await openIdle(context, game, '&renderer=webgl');
    const { next, over } = ROUNDS[game]!;
    await page.evaluate(`(() => {
      const sim = window.__engine.scenes.simulation;
      window.__rounds = 0;
      window.setInterval(() => {
        if (!(${over})) return;
        window.__rounds += 1;
        ${next};
        window.__engine.wake();
      }, 50);
    })()`);
    const rounds = () => page.evaluate('window.__rounds') as Promise<number>;
    // The first round may lay the board out anew (gem miner's shaft of another difficulty).
    await poll(rounds, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await countRebuilds(page);
    const from = await rounds();
    await poll(async () => (await rounds()) - from, { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
    expect(await rebuilds(page)).toBe(0);
    await page.close();
  });
});
