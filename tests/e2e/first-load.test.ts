import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAMES, gamePath } from '../../games/shared/registry/catalog';
import { isPlayable } from '../../games/shared/registry/definition';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { LOBBY_BUDGET_BYTES, lobbyFiles, readManifest } from '../support/buildManifest';
import { poll } from './games-helpers';
import { EVERY_GAME } from '../support/gamesUnderTest';

const env = serverAndBrowser();

interface Sent {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: number;
}

/** One GET as sent on the wire: the body's bytes are counted, never decoded. */
function getRaw(base: string, url: string, acceptEncoding?: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding
      ? { 'Accept-Encoding': acceptEncoding }
      : {};
    const req = http.get(`${base}${url}`, { headers, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    });
    req.on('error', reject);
  });
}

describe('first load on a phone', () => {
  it(
    "sends the lobby's JavaScript compressed, at most 120 KB in all, as the browser gets it",
    EVERY_GAME,
    async () => {
      const manifest = readManifest();
      const expected = new Set(lobbyFiles(manifest).map((file) => `/${file}`));
      const context = await env.browser.browser!.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const scripts: { url: string; encoding: string | undefined; vary: string; cache: string }[] =
        [];
      const sizes: Promise<number>[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url()).pathname;
        if (!expected.has(url)) return;
        const headers = response.headers();
        scripts.push({
          url,
          encoding: headers['content-encoding'],
          vary: headers.vary ?? '',
          cache: headers['cache-control'] ?? '',
        });
        sizes.push(
          response
            .request()
            .sizes()
            .then((s) => s.responseBodySize),
        );
      });
      await page.goto(env.server.url);
      await page.locator('.game-tile').first().waitFor();
      await poll(() => scripts.length).toBe(expected.size);
      for (const script of scripts) {
        // Chromium offers br over HTTPS and gzip over plain HTTP: either is fine, identity is not.
        expect(['br', 'gzip'], script.url).toContain(script.encoding);
        expect(script.vary.toLowerCase(), script.url).toContain('accept-encoding');
        expect(script.cache, script.url).toBe('public, max-age=31536000, immutable');
      }
      const sent = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
      console.info(
        `lobby JavaScript as Chromium got it (${scripts[0]?.encoding}): ${(sent / 1024).toFixed(1)} KB`,
      );
      expect(sent).toBeGreaterThan(10 * 1024);
      expect(sent).toBeLessThanOrEqual(LOBBY_BUDGET_BYTES);
      await context.close();
    },
  );

  it("paints the lobby's banner from the HTML alone, in the player's language, where the app then shows it", async () => {
    const banner = () => {
      const element = document.querySelector('.originals');
      if (!element) return null;
      const { x, y, width, height } = element.getBoundingClientRect();
      return {
        html: element.outerHTML.replace(/>\s+</g, '><'),
        box: { x, y, width, height },
        heading: element.querySelector('h1')?.textContent ?? '',
        count: document.querySelectorAll('.originals').length,
        firstPaint: document.getElementById('first-paint') !== null,
      };
    };
    const french = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'locales', 'fr.json'), 'utf8'),
    ) as { home: { heading: string } };
    const frenchCookie = [{ name: 'locale', value: 'fr', url: env.server.url }];
    const screens = [
      { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      { viewport: { width: 1440, height: 900 } },
    ];
    for (const screen of screens) {
      const where = `${screen.viewport.width} px`;
      // No JavaScript: what the host page paints by itself.
      const plain = await env.browser.browser!.newContext({ ...screen, javaScriptEnabled: false });
      await plain.addCookies(frenchCookie);
      const plainPage = await plain.newPage();
      await plainPage.goto(env.server.url);
      const painted = await plainPage.evaluate(banner);
      await plainPage.goto(`${env.server.url}/dice`);
      const elsewhere = await plainPage.evaluate(banner);
      const brand = await plainPage.locator('#first-paint .topbar__app-name').textContent();
      await plain.close();
      expect(painted?.heading, where).toBe(french.home.heading);
      expect(elsewhere, where).toBeNull();
      expect(brand, where).toBeTruthy();

      // With it: the app's banner replaces the painted one, the same markup in the same place.
      const context = await env.browser.browser!.newContext(screen);
      await context.addCookies(frenchCookie);
      const page = await context.newPage();
      await page.goto(env.server.url);
      await page.locator('.game-tile').first().waitFor();
      const shown = await page.evaluate(banner);
      await context.close();
      expect(shown, where).toMatchObject({
        count: 1,
        firstPaint: false,
        heading: painted?.heading,
      });
      expect(shown?.html, where).toBe(painted?.html);
      expect(shown?.box, where).toEqual(painted?.box);
    }
  });

  it("paints a game page's header, stage and guest's note from the HTML alone, where the app then shows them", async () => {
    const stage = () => {
      const box = (selector: string) => {
        const element = document.querySelector(selector);
        if (!element) return null;
        const { x, y, width, height } = element.getBoundingClientRect();
        return { x, y, width, height };
      };
      return {
        name: document.querySelector('.game-header__name')?.textContent ?? null,
        header: box('.game-header'),
        scene: box('.game-page__scene'),
        guestNote: document
          .querySelector('.game-page__guest')
          ?.textContent?.replace(/\s+/g, ' ')
          .trim(),
        firstPaint: document.getElementById('first-paint') !== null,
      };
    };
    const french = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'locales', 'fr.json'), 'utf8'),
    ) as { games: { dice: { title: string } }; game: { login_to_bet: string } };
    const frenchCookie = { name: 'locale', value: 'fr', url: env.server.url };
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      const where = `${viewport.width} px`;
      const plain = await env.browser.browser!.newContext({ viewport, javaScriptEnabled: false });
      await plain.addCookies([frenchCookie]);
      const plainPage = await plain.newPage();
      await plainPage.goto(`${env.server.url}/dice`);
      const painted = await plainPage.evaluate(stage);
      // A signed-in player's first paint has no guest's note (the session's cookie).
      await plain.addCookies([{ name: 'token', value: 'a-session', url: env.server.url }]);
      await plainPage.goto(`${env.server.url}/dice`);
      const player = await plainPage.evaluate(stage);
      await plain.close();
      expect(painted, where).toMatchObject({ name: french.games.dice.title, firstPaint: true });
      expect(painted.guestNote, where).toContain(french.game.login_to_bet);
      expect(player.guestNote, where).toBeUndefined();
      expect(player.name, where).toBe(french.games.dice.title);

      const context = await env.browser.browser!.newContext({ viewport });
      await context.addCookies([frenchCookie]);
      const page = await context.newPage();
      await page.goto(`${env.server.url}/dice`);
      await page.locator('[data-testid=game-guest-note]').waitFor();
      const shown = await page.evaluate(stage);
      await context.close();
      expect(shown, where).toMatchObject({ firstPaint: false, name: painted.name });
      expect(shown.guestNote, where).toBe(painted.guestNote);
      // The header and the scene's frame where they were painted: nothing jumps.
      expect(shown.header, where).toEqual(painted.header);
      expect(shown.scene, where).toEqual(painted.scene);
    }
  });

  it('chooses brotli, then gzip, then the plain file by Accept-Encoding, varying on it', async () => {
    const manifest = readManifest();
    const files = lobbyFiles(manifest);
    let brotliTotal = 0;
    for (const file of files) {
      const url = `/${file}`;
      const plain = await getRaw(env.server.url, url);
      expect(plain.status, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      if (plain.bytes < 512) {
        brotliTotal += plain.bytes;
        continue;
      }
      const br = await getRaw(env.server.url, url, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type'], url).toMatch(/javascript/);
      expect(br.headers.vary?.toLowerCase(), url).toContain('accept-encoding');
      expect(br.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(br.bytes, url).toBeLessThan(plain.bytes);
      brotliTotal += br.bytes;
      const gz = await getRaw(env.server.url, url, 'gzip');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gz.bytes, url).toBeLessThan(plain.bytes);
      expect(gz.bytes, url).toBeGreaterThanOrEqual(br.bytes);
    }
    console.info(`lobby JavaScript as sent with brotli: ${(brotliTotal / 1024).toFixed(1)} KB`);
    expect(brotliTotal).toBeLessThanOrEqual(LOBBY_BUDGET_BYTES);
  });

  it("loads the game page in the background on the lobby, and a game's scene and art when its tile is touched", async () => {
    const manifest = readManifest();
    const gamePage = `/${manifest['src/pages/GamePage.tsx']!.file}`;
    const game = GAMES.find(isPlayable)!;
    const sceneKey = Object.keys(manifest).find((key) => key === `games/${game.id}/scene.ts`);
    expect(sceneKey, "the game's scene is a chunk of its own").toBeDefined();
    const scene = `/${manifest[sceneKey!]!.file}`;

    const context = await env.browser.browser!.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const loaded = new Set<string>();
    page.on('requestfinished', (request) => loaded.add(new URL(request.url()).pathname));
    await page.goto(env.server.url);
    await page.locator('.game-tile').first().waitFor();
    await poll(() => loaded.has(gamePage)).toBe(true);
    expect(loaded.has(scene)).toBe(false);
    await page.locator(`.game-tile[href="${gamePath(game)}"]`).dispatchEvent('touchstart');
    await poll(() => loaded.has(scene)).toBe(true);
    // Its baked art too (games/<id>/art.ts, hashed as <id>-art-<hash>.png), so the tap finds it.
    if (fs.existsSync(path.join('games', game.id, 'art.ts'))) {
      const art = new RegExp(`/${game.id}-art-[^/]*\\.png$`);
      await poll(() => [...loaded].some((file) => art.test(file))).toBe(true);
    }
    // Still the lobby: nothing navigated.
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
