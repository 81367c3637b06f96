// The lobby's tiles and the explore page in Chromium: every registry game's tile shows its art
// (loaded), its rules' RTP and its badge; explore lists posts as cards with author and a
// `dd MMMM yyyy` date, the top creators, and a creator search that asks only past 3 characters;
// both screens fit a phone and pass axe.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES, PLAYABLE_GAMES } from '../../games/shared/registry/catalog';
import { exampleRtp } from '../../games/shared/registry/exampleRtp';
import { GAME_RULES } from '../../games/shared/registry/gameRules';
import { formatDate } from '../../src/components/format';
import { formatRtp } from '../../src/components/lobby/GameTile';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { call, registerUser } from '../support/testApp';
import { poll, runningAnimations } from './games-helpers';
import { liveTableConnected } from './shell-helpers';
import { seriousViolations } from '../support/axe';
import { EVERY_GAME, gamesUnderTest } from '../support/gamesUnderTest';

const ADMIN = { email: 'explore-admin@example.test', password: 'explore password 1' };
let server: RunningServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer({
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(width: number, height: number): Promise<Page> {
  // axe is injected as an inline script, which the server's CSP (rightly) forbids to pages.
  const context = await browser.browser!.newContext({
    viewport: { width, height },
    bypassCSP: true,
  });
  return context.newPage();
}

/** The page is no wider than the viewport (nothing scrolls sideways). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('lobby tiles', () => {
  it("show every game's art, its rules' RTP and its badge", EVERY_GAME, async () => {
    const page = await newPage(1440, 900);
    await page.goto(server.url);
    await page.locator('.game-tile').first().waitFor();
    expect(await page.locator('.game-tile').count()).toBe(GAMES.length);
    for (const game of gamesUnderTest(PLAYABLE_GAMES)) {
      const tile = page.locator(`.game-tile[data-game="${game.id}"]`);
      await tile.scrollIntoViewIfNeeded();
      const image = tile.locator('.game-tile__art img');
      await poll(
        () => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        {
          message: `${game.id}: its art loads`,
        },
      ).toBeGreaterThan(0);
      const rtp = `RTP ${formatRtp(exampleRtp(GAME_RULES.get(game.id)!), 'en')}`;
      await poll(() => tile.locator('[data-testid=tile-rtp]').textContent()).toBe(rtp);
      const badge = tile.locator('.game-tile__badge');
      if (game.status === 'open') expect(await badge.count(), game.id).toBe(0);
      else expect(await badge.getAttribute('class'), game.id).toContain(`--${game.status}`);
    }
    const live = PLAYABLE_GAMES.filter((game) => game.kind === 'live');
    expect(live.length).toBeGreaterThan(0);
    for (const game of live) {
      const badge = page.locator(`.game-tile[data-game="${game.id}"] .game-tile__badge`);
      expect(await badge.textContent()).toBe('Live');
    }
    expect(await page.locator('.game-tile__badge--new').first().textContent()).toBe('New');
    // The banner says why the site is different and shows how to check a bet.
    const banner = page.locator('.originals');
    expect(await banner.textContent()).toContain('verified');
    await banner.locator('summary').click();
    await banner.locator('ol li').first().waitFor();
    expect(await banner.locator('ol li').count()).toBe(4);
    await page.context().close();
  });

  it('animate nothing once the lobby has shown: no animation left running', async () => {
    // An animation that never ends (the live badge's dot pulsed) keeps the compositor drawing
    // sixty frames a second on a lobby nobody touches.
    const page = await newPage(390, 844);
    await page.goto(server.url);
    await page.locator('.game-tile__badge--live').first().waitFor();
    await liveTableConnected(page);
    const running = () => runningAnimations(page);
    // The progress bar's fade and the screen's entrance end within a second.
    await poll(running, { timeout: 5_000 }).toEqual([]);
    await page.waitForTimeout(1_500);
    expect(await running()).toEqual([]);
    await page.context().close();
  });

  it('sit two to a row on a phone, with nothing scrolling sideways', async () => {
    const page = await newPage(390, 844);
    await page.goto(server.url);
    await page.locator('.game-tile').nth(2).waitFor();
    const boxes = await page
      .locator('.game-tile')
      .evaluateAll((tiles) => tiles.slice(0, 3).map((t) => t.getBoundingClientRect().toJSON()));
    const [first, second, third] = boxes as DOMRect[];
    expect(second!.top).toBe(first!.top);
    expect(second!.left).toBeGreaterThan(first!.left + first!.width - 1);
    expect(third!.top).toBeGreaterThan(first!.top);
    expect(first!.width).toBeGreaterThan(140);
    expect(await scrollsSideways(page)).toBe(false);
    await page.context().close();
  });
});

describe('explore', () => {
  let author: { id: number; name: string };

  beforeAll(async () => {
    const login = await call<{ token: string }>(server.url, 'POST', '/api/login', {
      body: ADMIN,
    });
    const token = login.body.token;
    author = (await call<{ id: number; name: string }>(server.url, 'GET', '/api/user', { token }))
      .body;
    for (const [title, body] of [
      ['Weekend race', 'The top ten players by wager share the prize.'],
      ['New table: Asteroids', 'Shoot the rocks, cash out before your ship is hit.'],
    ]) {
      const res = await call(server.url, 'POST', '/api/admin/posts', {
        token,
        body: { title, body },
      });
      expect(res.status).toBe(201);
    }
    await registerUser(server.url, { name: 'Quincy Searchable' });
  });

  it('shows the posts as cards with their author and a dd MMMM yyyy date', async () => {
    const page = await newPage(1440, 900);
    await page.goto(`${server.url}/explore`);
    const cards = page.locator('[data-testid=post-card]');
    await poll(() => cards.count()).toBe(2);
    const posts = (
      await call<{ title: string; created_at: string }[]>(server.url, 'GET', '/api/post/get')
    ).body;
    for (const [i, post] of posts.entries()) {
      const card = cards.nth(i);
      expect(await card.locator('.post-card__title').textContent()).toBe(post.title);
      expect(await card.locator('.post-card__author').textContent()).toBe(
        `Posted by ${author.name}`,
      );
      expect(await card.locator('.post-card__author a').getAttribute('href')).toBe(
        `/profile/${author.id}`,
      );
      expect(await card.locator('img.avatar').count()).toBe(1);
      const date = (await card.locator('time').textContent()) ?? '';
      expect(date).toMatch(/^\d{2} [A-Z][a-z]+ \d{4}$/);
      expect(date).toBe(formatDate(post.created_at, 'en'));
    }
    // The games and the top creators are there too, each creator linking to their profile.
    expect(await page.locator('.explore-page .game-tile').count()).toBe(GAMES.length);
    const creators = page.locator('[data-testid=top-creators] a');
    await poll(() => creators.count()).toBeGreaterThan(0);
    expect(await creators.first().getAttribute('href')).toMatch(/^\/profile\/\d+$/);
    await page.context().close();
  });

  it('searches creators only once more than 3 characters are typed', async () => {
    const page = await newPage(1440, 900);
    const searched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      const text = url.searchParams.get('search_str');
      if (url.pathname === '/api/creators' && text !== null) searched.push(text);
    });
    await page.goto(`${server.url}/explore`);
    const search = page.locator('[data-testid=explore-search]');
    const input = search.locator('input');
    await input.pressSequentially('Qui');
    expect(await search.locator('.creator-search__results').count()).toBe(0);
    await input.pressSequentially('n');
    const result = search.locator('.creator-search__results a', { hasText: 'Quincy Searchable' });
    await result.waitFor();
    expect(searched).toEqual(['Quin']);
    expect(await result.getAttribute('href')).toMatch(/^\/profile\/\d+$/);
    // Back to 3 characters: the list empties.
    await input.press('Backspace');
    await poll(() => search.locator('.creator-search__results').count()).toBe(0);
    expect(searched).toEqual(['Quin']);
    await page.context().close();
  });
});

describe('accessibility and phones', () => {
  it.each([
    ['lobby', '/', '.game-tile'],
    ['explore', '/explore', '[data-testid=post-card]'],
  ])(
    '%s: no serious axe violation at 1440 and 390 px, no sideways scroll',
    async (_n, url, ready) => {
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        const page = await newPage(width, height);
        await page.goto(`${server.url}${url}`);
        await page.locator(ready).first().waitFor();
        await poll(() => page.locator('[data-testid=tile-rtp]').first().textContent()).toMatch(/%/);
        expect(await seriousViolations(page), `${url} at ${width}px`).toEqual([]);
        expect(await scrollsSideways(page), `${url} at ${width}px`).toBe(false);
        await page.context().close();
      }
    },
  );
});
