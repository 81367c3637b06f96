import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer({ env: { APP_NAME: 'Lucky Test' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the served SPA', () => {
  it('loads the lobby with the app name in the title and a tile per game', async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/`);
    await page.locator('.game-tile').first().waitFor();
    await expect.poll(() => page.title()).toContain('Lucky Test');
    expect(await page.locator('.game-tile').count()).toBe(8);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the 404 screen for an unknown path, served with status 200 by the history fallback', async () => {
    const page = await browser.context.newPage();
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(200);
    await page.locator('[data-screen="not-found"]').waitFor();
    expect(await page.locator('h1').textContent()).toBe('Page not found');
    await page.close();
  });

  it('serves a deep link (/settings/profile) as the SPA, which boots and routes it', async () => {
    const page = await browser.context.newPage();
    const response = await page.goto(`${server.url}/settings/profile`);
    expect(response?.headers()['content-type']).toContain('text/html');
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);
    const config = await page.evaluate(() => (window as { config?: { appName?: string } }).config);
    expect(config?.appName).toBe('Lucky Test');
    await page.close();
  });

  it('answers an unknown API path with a JSON 404, not the SPA', async () => {
    const res = await fetch(`${server.url}/api/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found.' });
  });
});
