import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { freePort, repoRoot, startServer, type RunningServer } from '../support/server';
import { TRACK_CONTEXTS } from './engine-helpers';

// React StrictMode mounts, unmounts and mounts again only in development builds, so this suite
// runs the app from Vite's dev server (API proxied to the real server), as `npm run dev` does.
let api: RunningServer;
let vite: ViteDevServer;
let browser: LaunchedBrowser;
let url: string;

beforeAll(async () => {
  api = await startServer();
  process.env.API_PROXY_TARGET = api.url;
  const port = await freePort();
  vite = await createServer({
    root: repoRoot,
    configFile: path.join(repoRoot, 'vite.config.ts'),
    cacheDir: path.join(repoRoot, '.tmp', 'vite-cache-engine-strictmode'),
    logLevel: 'warn',
    server: { port, strictPort: true, host: '127.0.0.1', hmr: false },
  });
  await vite.listen();
  url = `http://127.0.0.1:${port}`;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await vite?.close();
  await api?.stop();
});

describe('GameView under React StrictMode (development build)', () => {
  it('survives the double mount: one canvas, one context, the scene shown and running', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(TRACK_CONTEXTS);
    await page.goto(`${url}/dev/engine?scene=demo&count=300&renderer=webgl`, { timeout: 120_000 });
    await page.waitForSelector('[data-screen="engine-demo"][data-state="shown"]', {
      timeout: 120_000,
    });

    const state = (await page.evaluate(`(() => {
      const e = window.__engine;
      const view = document.querySelector('[data-testid="game-view"]');
      return {
        dev: !!e,
        scene: e.scenes.currentId,
        state: e.scenes.state,
        canvases: document.querySelectorAll('canvas').length,
        canvasInView: !!view && e.canvas && e.canvas.parentElement === view,
        live: window.__liveWebGL(),
      };
    })()`)) as Record<string, unknown>;
    expect(state).toEqual({
      dev: true,
      scene: 'demo',
      state: 'running',
      canvases: 1,
      canvasInView: true,
      live: 1,
    });
    // The simulation advances: the loop runs after the double mount.
    const steps = () => page.evaluate('window.__engine.scenes.loop.steps') as Promise<number>;
    const before = await steps();
    await expect.poll(steps, { timeout: 10_000 }).toBeGreaterThan(before);

    // Switching scenes and leaving the page under StrictMode keeps the same single context.
    await page.click('[data-testid="engine-link-physics"]');
    await page.waitForFunction(
      () =>
        window.__engine?.scenes.currentId === 'physics' &&
        window.__engine.scenes.state === 'running',
    );
    await page.click('[data-testid="engine-link-home"]');
    await page.waitForSelector('[data-screen="home"]');
    await expect.poll(() => page.evaluate('window.__engine.scenes.state')).toBe('idle');
    expect(await page.locator('canvas').count()).toBe(0);
    expect(await page.evaluate('window.__liveWebGL()')).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});
