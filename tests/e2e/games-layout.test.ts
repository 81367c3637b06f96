import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { GAMES, PLAYABLE_GAMES, gamePath } from '../../games/shared/registry/catalog';
import { MAIN_ACTION } from '../../src/components/game/mainAction';
import { call, registerUser } from '../support/testApp';
import { repoRoot } from '../support/server';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { EVERY_GAME, gamesToReach, gamesUnderTest } from '../support/gamesUnderTest';
import { poll, serverBalance, simulationValue, topBarBalance } from './games-helpers';

/** Every game page at these sizes, for a reviewer to look at (docs/developers/testing.md). */
const SCREENSHOT_DIR = path.join(repoRoot, '.test-results', 'screenshots');

const env = serverAndBrowser();
let token: string;

beforeAll(async () => {
  token = (await registerUser(env.server.url)).token;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

interface Screen {
  name: string;
  options: BrowserContextOptions & { viewport: { width: number; height: number } };
  screenshot?: boolean;
}

const phone = { isMobile: true, hasTouch: true, deviceScaleFactor: 3 };
const SCREENS: Screen[] = [
  {
    name: 'phone portrait',
    options: { viewport: { width: 390, height: 844 }, ...phone },
    screenshot: true,
  },
  { name: 'phone landscape', options: { viewport: { width: 844, height: 390 }, ...phone } },
  { name: 'desktop', options: { viewport: { width: 1280, height: 720 } } },
  { name: 'large desktop', options: { viewport: { width: 1440, height: 900 } }, screenshot: true },
];

async function signedInPage(
  screen: Screen,
  as = token,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await env.browser.browser!.newContext(screen.options);
  await context.addCookies([{ name: 'token', value: as, url: env.server.url }]);
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** Opens a game route; false when that game has no scene yet (the page shows no canvas). */
async function openGame(page: Page, route: string): Promise<boolean> {
  await page.goto(`${env.server.url}${route}?test`);
  await page.locator('[data-screen=game]').waitFor();
  if ((await page.locator('[data-slot=game-scene] .game-scene').count()) === 0) return false;
  await page.locator('[data-scene-state=shown] canvas').waitFor({ timeout: 30_000 });
  // The panel is a chunk of its own: wait for it (signed in, it always has a main action).
  await page.locator(MAIN_ACTION).first().waitFor({ timeout: 30_000 });
  await sceneLaidOutForItsBox(page);
  return true;
}

/** Waits until the scene has laid itself out for the canvas's current size. */
async function sceneLaidOutForItsBox(page: Page): Promise<void> {
  await poll(() =>
    page.evaluate(() => {
      const canvas = document.querySelector('.game-view canvas')!.getBoundingClientRect();
      const space = window.__engine?.scenes.describeLayout()?.space;
      return (
        space !== undefined &&
        space.width === Math.floor(canvas.width) &&
        space.height === Math.floor(canvas.height)
      );
    }),
  ).toBe(true);
}

/** The middle of a betting spot of the roulette scene's table, from its layout report. */
async function tableSpotAt(page: Page, key: string): Promise<{ x: number; y: number }> {
  const at = await page.evaluate((spot) => {
    const canvas = document.querySelector('.game-view canvas')!.getBoundingClientRect();
    const report = window.__engine!.scenes.describeLayout()!.report;
    const rect = report[`spot:${spot}`] as
      { x: number; y: number; width: number; height: number } | undefined;
    return rect
      ? { x: canvas.left + rect.x + rect.width / 2, y: canvas.top + rect.y + rect.height / 2 }
      : null;
  }, key);
  expect(at, `spot ${key}`).not.toBeNull();
  return at!;
}

async function tapTableSpot(page: Page, key: string): Promise<void> {
  const at = await tableSpotAt(page, key);
  await page.touchscreen.tap(at.x, at.y);
}

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
  width: number;
  height: number;
}

/** What a player sees of the game page before scrolling. */
function firstScreen(mainAction: string) {
  const box = (element: Element): Box => {
    const { top, bottom, left, right, width, height } = element.getBoundingClientRect();
    return { top, bottom, left, right, width, height };
  };
  const canvas = document.querySelector('.game-view canvas')!;
  const action = document.querySelector(mainAction);
  const actionBox = action ? box(action) : null;
  // A fixed action bar covers the bottom of the screen.
  const fixed = action !== null && getComputedStyle(action).position === 'fixed';
  const visibleBottom = fixed && actionBox ? actionBox.top : window.innerHeight;
  // Lines of text an element's words take (a wrapped game header pushed the canvas down).
  const lines = (element: Element | null) => {
    if (!element) return 0;
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  };
  const canvasBox = box(canvas);
  const seen = Math.min(canvasBox.bottom, visibleBottom) - Math.max(canvasBox.top, 0);
  const hit = actionBox
    ? document.elementFromPoint(
        (actionBox.left + actionBox.right) / 2,
        (actionBox.top + actionBox.bottom) / 2,
      )
    : null;
  const tooWide = [...document.querySelectorAll('body *')]
    .filter((element) => {
      const { left, right, width } = element.getBoundingClientRect();
      return (
        width > 0 &&
        (width > window.innerWidth + 0.5 || left < -0.5 || right > window.innerWidth + 0.5)
      );
    })
    .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
  return {
    viewport: { width: window.innerWidth, height: window.innerHeight },
    scrollY: window.scrollY,
    pageWidth: document.documentElement.scrollWidth,
    tooWide,
    canvas: canvasBox,
    sceneBox: box(document.querySelector('.game-page__scene')!),
    canvasSeen: seen / canvasBox.height,
    action: actionBox,
    actionText: action?.textContent ?? null,
    actionOnTop: hit !== null && action !== null && action.contains(hit),
    layout: window.__engine?.scenes.describeLayout() ?? null,
    headerLines: {
      back: lines(document.querySelector('.game-header__back-text')),
      name: lines(document.querySelector('.game-header__name')),
    },
  };
}

/** Controls under 44 px (buttons also under 44 px wide) and keyboard hints, among those shown. */
function touchControls() {
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const small = [
    ...document.querySelectorAll(
      "button, .btn, select, input:not([type='checkbox'], [type='radio'], [type='range'], [type='hidden'])",
    ),
  ]
    .filter(shown)
    .filter((element) => {
      const box = element.getBoundingClientRect();
      const button = element.matches('button, .btn');
      return box.height < 43.5 || (button && box.width < 43.5);
    })
    .map((element) => {
      const box = element.getBoundingClientRect();
      return `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${(element.textContent ?? '').slice(0, 20)}" ${Math.round(box.width)}x${Math.round(box.height)}`;
    });
  const keyboardHints = [...document.querySelectorAll('.game-panel__hint')].filter(shown).length;
  const touchHints = document.querySelectorAll('.game-panel__touch-hint');
  return {
    small,
    keyboardHints,
    touchHints: touchHints.length,
    touchHintsShown: [...touchHints].filter(shown).length,
  };
}

describe('game pages lay out for the screen they get', EVERY_GAME, () => {
  for (const screen of SCREENS) {
    const { width, height } = screen.options.viewport;
    it(`${screen.name} ${width} x ${height}: the canvas fills its box, the main action and most of the canvas are in the first screen`, async () => {
      const { page, close } = await signedInPage(screen);
      const withScenes: string[] = [];
      for (const game of gamesUnderTest(GAMES)) {
        if (!(await openGame(page, gamePath(game)))) continue;
        withScenes.push(game.id);
        const seen = await page.evaluate(firstScreen, MAIN_ACTION);
        const where = `${game.id} at ${width} x ${height}`;
        expect(seen.scrollY, where).toBe(0);
        // The game header is one row: the back link's words and the game's name unwrapped.
        expect(seen.headerLines, where).toEqual({ back: 1, name: 1 });
        // Nothing wider than the screen, and no sideways scrolling.
        expect(seen.pageWidth, where).toBeLessThanOrEqual(width);
        expect(seen.tooWide, where).toEqual([]);
        // The canvas fills its box (no letterbox, no empty box under it) ...
        expect(Math.abs(seen.canvas.width - seen.sceneBox.width), where).toBeLessThan(1);
        expect(Math.abs(seen.canvas.height - seen.sceneBox.height), where).toBeLessThan(1);
        // ... and the scene laid itself out for exactly that box, in its orientation.
        expect(seen.layout?.sceneId, where).toBe(game.id);
        expect(seen.layout?.space, where).toEqual({
          width: Math.floor(seen.canvas.width),
          height: Math.floor(seen.canvas.height),
          portrait: Math.floor(seen.canvas.height) > Math.floor(seen.canvas.width),
        });
        if (height > width) expect(seen.canvas.width / width, where).toBeGreaterThanOrEqual(0.95);
        expect(seen.canvasSeen, where).toBeGreaterThanOrEqual(0.6);
        // The main action: on screen, whole, and not covered by anything.
        expect(seen.action, where).not.toBeNull();
        expect(seen.action!.top, where).toBeGreaterThanOrEqual(0);
        expect(seen.action!.bottom, where).toBeLessThanOrEqual(height);
        expect(seen.actionOnTop, where).toBe(true);
        const controls = await page.evaluate(touchControls);
        if (screen.options.hasTouch) {
          // A fingertip's target on touch: every control at least 44 px tall (buttons 44 wide).
          expect(controls.small, where).toEqual([]);
          // No keyboard hints without a keyboard, and the touch instructions instead.
          expect(controls.keyboardHints, where).toBe(0);
          expect(controls.touchHintsShown, where).toBe(controls.touchHints);
        } else {
          expect(controls.touchHintsShown, where).toBe(0);
        }
        if (screen.screenshot) {
          await page.screenshot({
            path: path.join(SCREENSHOT_DIR, `${game.id}-${width}x${height}.png`),
          });
        }
      }
      expect(withScenes).toEqual(
        expect.arrayContaining(gamesToReach(['dice', 'mines', 'roulette', 'plinko'])),
      );
      await close();
    });
  }
});

describe('plinko on a phone held upright', () => {
  it('spreads 16 rows of buckets over the canvas width with labels of at least 10 CSS px', async () => {
    const { page, close } = await signedInPage(SCREENS[0]!);
    expect(await openGame(page, '/plinko')).toBe(true);
    const panel = page.locator('[data-testid=plinko-panel]');
    await panel.locator('[data-testid=plinko-rows]').selectOption('16');
    await poll(() => simulationValue<number>(page, 'sim.rows')).toBe(16);
    for (const risk of ['low', 'medium', 'high']) {
      await panel.locator('[data-testid=plinko-risk]').selectOption(risk);
      await poll(() => simulationValue<string>(page, 'sim.risk')).toBe(risk);
      // The scene's own account of what it drew (PlinkoView.describeLayout, through the engine).
      await poll(() =>
        page.evaluate(() => window.__engine?.scenes.describeLayout()?.report.rows),
      ).toBe(16);
      const { canvasWidth, report } = await page.evaluate(() => ({
        canvasWidth: document.querySelector('.game-view canvas')!.getBoundingClientRect().width,
        report: window.__engine!.scenes.describeLayout()!.report,
      }));
      const buckets = report.buckets as { x: number; width: number };
      expect(buckets.width / canvasWidth, risk).toBeGreaterThanOrEqual(0.9);
      // Clear of the phone's edge, where a bezel or a case hides what touches it.
      expect(buckets.x, risk).toBeGreaterThanOrEqual(8);
      expect(buckets.x + buckets.width, risk).toBeLessThanOrEqual(canvasWidth - 8);
      expect(report.labelPx, risk).toBeGreaterThanOrEqual(10);
      expect(report.labelsRotated, risk).toBe(false);
      expect(report.labelsOverlap, risk).toBe(false);
    }
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'plinko-16-rows-390x844.png') });
    await close();
  });
});

describe('asteroids on a phone held upright', () => {
  it('fills the canvas: the field across the width under the gem strip, the stick and the fire button on a pad under it', async () => {
    const { page, close } = await signedInPage(SCREENS[0]!);
    expect(await openGame(page, '/asteroids')).toBe(true);
    type Rect = { x: number; y: number; width: number; height: number };
    const { canvas, report } = await page.evaluate(() => {
      const box = document.querySelector('.game-view canvas')!.getBoundingClientRect();
      return {
        canvas: { x: box.left, y: box.top, width: box.width, height: box.height },
        report: window.__engine!.scenes.describeLayout()!.report,
      };
    });
    const field = report.field as Rect;
    const pad = report.pad as Rect | undefined;
    expect(field.width / canvas.width).toBeGreaterThanOrEqual(0.95);
    expect(pad).toBeDefined();
    // No empty band: the strip, the field and the pad take the canvas's height (margins aside).
    expect(field.y).toBeLessThanOrEqual(52);
    expect(pad!.y).toBeGreaterThanOrEqual(field.y + field.height);
    expect(pad!.y - (field.y + field.height)).toBeLessThanOrEqual(12);
    expect(canvas.height - (pad!.y + pad!.height)).toBeLessThanOrEqual(12);
    expect(pad!.height).toBeGreaterThanOrEqual(96);
    expect(report.touchControls).toBe(true);
    // A thumb anywhere on the pad's left half steers: right of the stick's middle aims right.
    const stick = report.stick as Rect;
    const at = {
      x: canvas.x + stick.x + stick.width * 0.9,
      y: canvas.y + stick.y + stick.height / 2,
    };
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: at.x, y: at.y, id: 1 }],
    });
    await poll(() => simulationValue<number | null>(page, 'sim.controls.aim')).toBeCloseTo(0, 2);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await poll(() => simulationValue<number | null>(page, 'sim.controls.aim')).toBeNull();
    await cdp.detach();
    await close();
  });
});

describe('resizing', () => {
  it('lays the scene out again on rotation and a shorter screen, in the frame that shows the new size', async () => {
    const { page, close } = await signedInPage(SCREENS[0]!);
    expect(await openGame(page, '/plinko')).toBe(true);
    // A second observer of the canvas's box runs after the engine's (observers run in the order
    // they were made) and before the frame is painted: it sees what that frame will show.
    // The evaluation waits for the observer's first callback: a viewport change made before it
    // would be folded into it and never seen as a resize.
    await page.evaluate(
      () =>
        new Promise<void>((observing) => {
          const host = document.querySelector('.game-view')!;
          const seen: unknown[] = [];
          (window as unknown as { __resizes: unknown[] }).__resizes = seen;
          new ResizeObserver(() => {
            const engine = window.__engine!;
            seen.push({
              box: { width: Math.floor(host.clientWidth), height: Math.floor(host.clientHeight) },
              drawn: engine.stats().drawnSize,
              laidOut: engine.scenes.describeLayout()?.space,
            });
            observing();
          }).observe(host);
        }),
    );
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    for (const viewport of [
      { width: 844, height: 390 },
      // The on-screen keyboard (where it resizes the page) leaves a shorter screen.
      { width: 390, height: 520 },
      { width: 390, height: 844 },
    ]) {
      const seenBefore = await page.evaluate(
        () => (window as unknown as { __resizes: unknown[] }).__resizes.length,
      );
      await page.setViewportSize(viewport);
      // The next size waits until the observer has seen this one: two changes inside one frame
      // would reach it as one.
      await poll(() =>
        page.evaluate(
          (before) => (window as unknown as { __resizes: unknown[] }).__resizes.length > before,
          seenBefore,
        ),
      ).toBe(true);
      await sceneLaidOutForItsBox(page);
    }
    const resizes = (await page.evaluate(
      () => (window as unknown as { __resizes: unknown[] }).__resizes,
    )) as {
      box: { width: number; height: number };
      drawn: { width: number; height: number };
      laidOut: { width: number; height: number; portrait: boolean };
    }[];
    // The first callback is the observer's initial one; every one after it is a real resize.
    expect(resizes.length).toBeGreaterThanOrEqual(4);
    for (const resize of resizes) {
      expect(resize.drawn).toEqual(resize.box);
      expect(resize.laidOut).toEqual({
        ...resize.box,
        portrait: resize.box.height > resize.box.width,
      });
    }
    expect(resizes.some((resize) => resize.box.width === 844 && !resize.laidOut.portrait)).toBe(
      true,
    );
    // Same document all along: no reload.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(
      loads,
    );
    await close();
  });
});

describe('a round keeps the canvas in view', () => {
  for (const screen of [SCREENS[0]!, SCREENS[3]!]) {
    const { width, height } = screen.options.viewport;
    it(`${screen.name}: a player who bet on the roulette table, scrolled down the page and spins sees the whole wheel until it stops`, async () => {
      const { page, close } = await signedInPage(screen);
      expect(await openGame(page, '/roulette')).toBe(true);
      await page.evaluate('window.__engine.scenes.setParams({ spinSeconds: 3 })');
      // A chip on 17 of the scene's table: a tap on a phone, a click on a desktop.
      if (screen.options.hasTouch) {
        await tapTableSpot(page, 'straight:17');
      } else {
        const at = await tableSpotAt(page, 'straight:17');
        await page.mouse.click(at.x, at.y);
      }
      await poll(() => page.locator('[data-testid=roulette-total]').textContent()).toBe('1,00');
      // Down to the bets and the history under the table: the canvas leaves the screen.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await poll(() =>
        page.evaluate(
          () => document.querySelector('.game-view canvas')!.getBoundingClientRect().top,
        ),
      ).toBeLessThan(0);
      await page.locator(MAIN_ACTION).click();
      await poll(() => simulationValue<boolean>(page, 'sim.spinning'), { timeout: 10_000 }).toBe(
        true,
      );
      const inView = () =>
        page.evaluate((mainAction) => {
          const canvas = document.querySelector('.game-view canvas')!.getBoundingClientRect();
          const topBar = document.querySelector('.topbar')!.getBoundingClientRect();
          const action = document.querySelector(mainAction)!;
          const bottom =
            getComputedStyle(action).position === 'fixed'
              ? action.getBoundingClientRect().top
              : window.innerHeight;
          return canvas.top >= topBar.bottom - 1 && canvas.bottom <= bottom + 1;
        }, MAIN_ACTION);
      await poll(inView).toBe(true);
      // Checked every 100 ms until the wheel stops: nothing scrolls it away.
      while (await simulationValue<boolean>(page, 'sim.spinning')) {
        expect(await inView(), `${width} x ${height}`).toBe(true);
        await page.waitForTimeout(100);
      }
      await close();
    });
  }
});

describe('playing by thumb', () => {
  it(
    '390 x 844: a bet placed by tapping settles and the top bar follows, in every game',
    EVERY_GAME,
    async () => {
      const { page, close } = await signedInPage(SCREENS[0]!);
      const betting: string[] = [];
      const withScenes: string[] = [];
      for (const game of gamesUnderTest(PLAYABLE_GAMES)) {
        if (!(await openGame(page, gamePath(game)))) continue;
        withScenes.push(game.id);
        const before = await topBarBalance(page);
        // Every bet the page sends while this game is open: one tap is one bet.
        const posts: string[] = [];
        const onRequest = (request: Request) => {
          if (request.method() === 'POST' && request.url().includes(`/api/games/${game.id}/`)) {
            posts.push(new URL(request.url()).pathname);
          }
        };
        page.on('request', onRequest);
        const bet = page
          .waitForResponse(
            (response) =>
              response.request().method() === 'POST' &&
              new URL(response.url()).pathname.startsWith(`/api/games/${game.id}/`),
            { timeout: 5_000 },
          )
          .catch(() => null);
        // Roulette needs chips on its table first: a tap on one of its spots (the scene's layout
        // report says where the spots are).
        if (game.id === 'roulette') {
          await tapTableSpot(page, 'straight:17');
          await poll(() => page.locator('[data-testid=roulette-total]').textContent()).toBe('1,00');
        }
        const action = page.locator(MAIN_ACTION);
        await poll(() => action.isEnabled(), { message: game.id }).toBe(true);
        // A player looks before tapping: the engine's loop has gone to sleep (LoopScheduler), and
        // the round must wake it.
        await poll(() => page.evaluate(() => window.__engine!.schedule.sleeping), {
          message: game.id,
        }).toBe(true);
        await action.tap();
        const answer = await bet;
        expect(answer, `${game.id}: no bet answer after tapping the main action`).not.toBeNull();
        expect(answer!.status(), game.id).toBeLessThan(300);
        betting.push(game.id);
        const body = (await answer!.json()) as {
          balance: number;
          bet: { amount: number; payout: number };
        };
        // An arcade round pays when it has been played out: the player taps "Reveal all".
        const revealAll = page.locator(`[data-testid=${game.id}-reveal-all]`);
        if ((await revealAll.count()) > 0) {
          await poll(() => revealAll.isEnabled()).toBe(true);
          await revealAll.tap();
        }
        await poll(() => topBarBalance(page), { timeout: 30_000, message: game.id }).toBe(
          Number(body.balance),
        );
        // The stake left and the payout (if any yet) came in: the bet really moved the balance.
        expect(Number(body.bet.amount), game.id).toBeGreaterThan(0);
        expect(Number(body.balance), game.id).toBeCloseTo(
          before - Number(body.bet.amount) + Number(body.bet.payout),
          2,
        );
        if (game.paths.kind === 'live') {
          // A live round goes on after its start answer (auto cash-out or crash): let it end here,
          // so its payout is not counted in the next game's check.
          const active = game.paths.active;
          await poll(
            async () =>
              (await call<{ bet: unknown }>(env.server.url, 'GET', active, { token })).body.bet,
            { timeout: 60_000 },
          ).toBeNull();
          await poll(() => topBarBalance(page)).toBe(await serverBalance(env.server.url, token));
        } else {
          expect(await serverBalance(env.server.url, token), game.id).toBe(Number(body.balance));
        }
        page.off('request', onRequest);
        expect(posts, game.id).toHaveLength(1);
        // Every change the round made woke the engine's loop itself: none waited for its
        // safety look.
        const lookWakes = await page.evaluate(() => window.__engine!.schedule.counters.lookWakes);
        expect(lookWakes, game.id).toBe(0);
      }
      // Every game with a scene bet by tapping.
      expect(betting).toEqual(withScenes);
      expect(betting).toEqual(expect.arrayContaining(gamesToReach(['dice', 'plinko', 'roulette'])));
      await close();
    },
  );

  it(
    '390 x 844: a stake that cannot be bet says why beside the field, and tapping the main action sends nothing',
    // every playable game, four stakes each
    { ...EVERY_GAME, timeout: 300_000 },
    async () => {
      // A fresh player (1,000.00, no game left running by the test above).
      const { page, close } = await signedInPage(
        SCREENS[0]!,
        (await registerUser(env.server.url)).token,
      );
      const checked: string[] = [];
      for (const game of gamesUnderTest(PLAYABLE_GAMES)) {
        if (!(await openGame(page, gamePath(game)))) continue;
        const field = page.locator('.game-panel input[name=amount]');
        if ((await field.count()) === 0) continue;
        checked.push(game.id);
        const sent: string[] = [];
        const onRequest = (request: Request) => {
          if (request.method() === 'POST' && request.url().includes('/api/games/')) {
            sent.push(request.url());
          }
        };
        page.on('request', onRequest);
        const issue = page.locator('.game-panel [data-testid=stake-issue]');
        for (const [typed, message] of [
          ['abc', 'at most 2 decimals'],
          ['0', 'The smallest bet is 0,01'],
          ['10000.01', 'The largest bet is 10.000,00'],
          ['5000', 'More than your balance'],
        ] as const) {
          await field.fill(typed);
          await poll(() => issue.textContent()).toContain(message);
          expect(await field.getAttribute('aria-invalid'), `${game.id} ${typed}`).toBe('true');
          // Beside the field: right under it, in the same panel.
          const fieldBox = (await field.boundingBox())!;
          const issueBox = (await issue.boundingBox())!;
          expect(issueBox.y - (fieldBox.y + fieldBox.height), game.id).toBeLessThan(24);
          expect(issueBox.y, game.id).toBeGreaterThan(fieldBox.y);
          if (typed === '5000' && checked.length === 1) {
            await field.scrollIntoViewIfNeeded();
            await page.screenshot({
              path: path.join(SCREENSHOT_DIR, `stake-issue-${game.id}-390x844.png`),
            });
          }
          const action = page.locator(MAIN_ACTION);
          if (!(await action.isDisabled())) await action.tap();
          await page.waitForTimeout(300);
          expect(sent, `${game.id} ${typed}`).toEqual([]);
        }
        await field.fill('1.00');
        await poll(() => issue.textContent()).toBe('');
        expect(await field.getAttribute('aria-invalid')).toBeNull();
        page.off('request', onRequest);
      }
      expect(checked).toEqual(expect.arrayContaining(gamesToReach(['dice', 'plinko', 'mines'])));
      await close();
    },
  );

  it('dice: tapping the track on a phone and dragging along it on a desktop set the target', async () => {
    for (const screen of [SCREENS[0]!, SCREENS[2]!]) {
      const { page, close } = await signedInPage(screen);
      expect(await openGame(page, '/dice')).toBe(true);
      const where = screen.name;
      const { canvas, track, dragArea } = await page.evaluate(() => {
        const box = document.querySelector('.game-view canvas')!.getBoundingClientRect();
        const report = window.__engine!.scenes.describeLayout()!.report;
        return {
          canvas: { x: box.left, y: box.top },
          track: report.track as { x: number; y: number; width: number; height: number },
          dragArea: report.dragArea as { height: number },
        };
      });
      expect(dragArea.height, where).toBeGreaterThanOrEqual(44);
      const at = (value: number) => ({
        x: canvas.x + track.x + (value / 100) * track.width,
        y: canvas.y + track.y + track.height / 2,
      });
      const shownTarget = async () =>
        Number((await page.locator('[data-testid=dice-target]').textContent())?.replace(',', '.'));
      const near = (value: number) => async () => Math.abs((await shownTarget()) - value) < 1;
      if (screen.options.hasTouch) {
        await page.touchscreen.tap(at(25).x, at(25).y);
        await poll(near(25)).toBe(true);
        await page.touchscreen.tap(at(70).x, at(70).y);
        await poll(near(70)).toBe(true);
        // The scene draws the range the panel now holds.
        await poll(() => simulationValue<number>(page, 'sim.target'), {
          timeout: 5_000,
        }).toBeCloseTo(await shownTarget(), 1);
      } else {
        await page.mouse.move(at(30).x, at(30).y);
        await page.mouse.down();
        await poll(near(30)).toBe(true);
        for (const value of [40, 55, 65]) await page.mouse.move(at(value).x, at(value).y);
        await page.mouse.up();
        await poll(near(65)).toBe(true);
        // Moving after the release changes nothing.
        await page.mouse.move(at(10).x, at(10).y);
        await page.waitForTimeout(200);
        expect(await near(65)(), where).toBe(true);
      }
      await close();
    }
  });
});
