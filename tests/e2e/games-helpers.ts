import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LaunchedBrowser } from '../support/browser';
import type { E2eEnvironment } from '../support/e2eEnvironment';
import { call, registerUser } from '../support/testApp';

export interface Player {
  token: string;
  id: number;
}

/** A new page (1401 x 1000) signed in as the account of `token`, through the token cookie. */
async function signedInPage(
  browser: LaunchedBrowser,
  base: string,
  token: string,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.browser!.newContext({
    viewport: { width: 1401, height: 1000 },
    ...options,
  });
  await context.addCookies([{ name: 'token', value: token, url: base }]);
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** A fresh account, signed in through the token cookie, on a new page. */
export async function playerPage(
  browser: LaunchedBrowser,
  base: string,
): Promise<{ page: Page; player: Player; close: () => Promise<void> }> {
  const player = await registerUser(base);
  return { ...(await signedInPage(browser, base, player.token)), player };
}

/**
 * A game's page for a signed-in player (1401 x 1000), once its scene, its panel and the balance
 * are shown; `reducedMotion` is what the system asks for.
 */
export async function openGameAs(
  env: E2eEnvironment,
  player: Player,
  game: string,
  reducedMotion?: 'reduce',
): Promise<{ page: Page; close: () => Promise<void> }> {
  const opened = await signedInPage(env.browser, env.server.url, player.token, {
    reducedMotion: reducedMotion ?? 'no-preference',
  });
  const { page } = opened;
  await page.goto(`${env.server.url}/${game}?test`);
  await waitForScene(page, game);
  await page.locator(`[data-testid=${game}-panel]`).waitFor();
  await poll(() => topBarBalance(page)).toBeGreaterThan(0);
  return opened;
}

/** The top bar's balance as a number ('1.002,50' -> 1002.5). */
export async function topBarBalance(page: Page): Promise<number> {
  const text = (await page.locator('[data-testid=balance]').textContent()) ?? '';
  return Number(text.replace(/\./g, '').replace(',', '.'));
}

export async function serverBalance(base: string, token: string): Promise<number> {
  const res = await call<{ balance: number }>(base, 'GET', '/api/user/balance', { token });
  return Number(res.body.balance);
}

export interface WireBet {
  id: number;
  game: string;
  amount: number;
  payout: number;
  nonce: number;
  server_seed_hash: string;
  client_seed: string;
  params: Record<string, unknown>;
  result: Record<string, unknown>;
}

export async function betsOf(base: string, token: string, game: string): Promise<WireBet[]> {
  const res = await call<{ data: WireBet[] }>(base, 'GET', `/api/bets?game=${game}&limit=100`, {
    token,
  });
  return res.body.data;
}

/** Waits until the game page's scene is shown in the engine. */
export async function waitForScene(page: Page, scene: string): Promise<void> {
  await page.locator(`[data-scene-state=shown] [data-scene=${scene}]`).waitFor();
}

/** Polls until the top bar shows the server's balance. */
export async function expectTopBarToMatchServer(page: Page, base: string, token: string) {
  const expected = await serverBalance(base, token);
  await expect.poll(() => topBarBalance(page)).toBe(expected);
  return expected;
}

/**
 * The area (px²) of each transparent layer of the shown parts under the scene's container
 * `label` (a tile's or a bucket's layers): what a GPU would fill and blend for nothing unless the
 * layer is also of no size (games/shared/scene/transparent.ts).
 */
export function transparentLayerAreas(page: Page, label: string): Promise<number[]> {
  return page.evaluate((label) => {
    type Node = {
      label?: string;
      alpha: number;
      visible: boolean;
      children: Node[];
      getBounds(): { width: number; height: number };
    };
    const find = (node: Node): Node | undefined =>
      node.label === label ? node : node.children.map(find).find(Boolean);
    const parts = find(window.__engine!.application!.stage as unknown as Node)!.children;
    return parts
      .filter((part) => part.visible)
      .flatMap((part) => part.children.filter((layer) => layer.alpha === 0))
      .map((layer) => {
        const { width, height } = layer.getBounds();
        return width * height;
      });
  }, label);
}

/** A value of the running scene's simulation (the page must be opened with ?test). */
export function simulationValue<T>(page: Page, expression: string): Promise<T> {
  return page.evaluate(
    `(() => { const sim = window.__engine?.scenes.simulation; return sim ? (${expression}) : undefined; })()`,
  ) as Promise<T>;
}

/** expect.poll with room for a loaded machine (the default gives up after 1 s). */
export const poll = <T>(
  fn: () => T | Promise<T>,
  options: { timeout?: number; message?: string } = {},
) => expect.poll(fn, { timeout: 15_000, ...options });

/**
 * The page's CSS and Web animations still running, each as `name on element`: one that never
 * ends keeps the compositor drawing every frame of a page nobody touches.
 */
export const runningAnimations = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        const name = (animation as CSSAnimation).animationName ?? animation.constructor.name;
        return `${name} on ${target?.className || target?.tagName || '?'}`;
      }),
  );

/** Tells the page its tab was hidden or shown again (a headless page is always visible). */
export async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    for (const [name, hiddenValue, shownValue] of [
      ['hidden', true, false],
      ['visibilityState', 'hidden', 'visible'],
    ] as const) {
      Object.defineProperty(document, name, {
        configurable: true,
        get: () => (value ? hiddenValue : shownValue),
      });
    }
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** Waits until the engine draws no frame for `windowMs` (a scene's entrance and layouts over). */
export async function untilEngineRests(page: Page, windowMs: number, timeout = 15_000) {
  const drawn = () => page.evaluate(() => window.__engine!.drawnFrames);
  await poll(
    async () => {
      const before = await drawn();
      await page.waitForTimeout(windowMs);
      return (await drawn()) - before;
    },
    { timeout },
  ).toBe(0);
}
