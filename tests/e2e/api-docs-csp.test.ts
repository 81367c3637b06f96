import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { repoRoot } from '../support/server';
import {
  createTestDatabase,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../support/testApp';

describe('the docs page and the SPA under the security headers (Chromium)', () => {
  let testDb: TestDatabase;
  let server: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
    // npm run test:e2e builds dist/ first; DIST_DIR points at another build.
    server = await startTestApp(testDb, {
      DIST_DIR: process.env.DIST_DIR
        ? path.resolve(repoRoot, process.env.DIST_DIR)
        : path.join(repoRoot, 'dist'),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await testDb?.dispose();
  });

  /** A page that reports CSP violations (and page errors) into `problems`. */
  async function watchedPage(problems: string[]): Promise<Page> {
    const page = await browser.context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy|CSP violation/.test(msg.text())) {
        problems.push(msg.text());
      }
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    return page;
  }

  it('renders the API docs operations with no CSP violation', async () => {
    const problems: string[] = [];
    const page = await watchedPage(problems);
    const res = await page.goto(`${server.url}/api/docs`, { waitUntil: 'load' });
    expect(res?.headers()['content-security-policy']).toBeTruthy();
    await page.getByText('/api/settings/2fa', { exact: true }).first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.opblock').count()).toBeGreaterThan(10);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('boots the SPA (inline host config, Pixi engine page) with no CSP violation', async () => {
    const problems: string[] = [];
    const page = await watchedPage(problems);
    await page.goto(`${server.url}/`);
    await page.locator('.game-tile').first().waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => typeof (window as { config?: unknown }).config)).toBe(
      'object',
    );
    await page.goto(`${server.url}/dev/engine`);
    await page.locator('canvas').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1000);
    expect(problems).toEqual([]);
    await page.close();
  });
});
