import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { startOidcProvider, type LocalOidcProvider } from '../support/oidcProvider';
import { repoRoot } from '../support/server';
import {
  call,
  createTestDatabase,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../support/testApp';

describe('OAuth sign-in through the popup (Chromium, local OpenID provider)', () => {
  let op: LocalOidcProvider;
  let testDb: TestDatabase;
  let server: TestApp;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    op = await startOidcProvider();
    testDb = await createTestDatabase('pglite');
    server = await startTestApp(testDb, {
      DIST_DIR: process.env.DIST_DIR
        ? path.resolve(repoRoot, process.env.DIST_DIR)
        : path.join(repoRoot, 'dist'),
      ...op.env('GOOGLE', 'google-client', 'google-secret'),
    });
    op.start([
      {
        clientId: 'google-client',
        clientSecret: 'google-secret',
        redirectUri: `${server.url}/api/oauth/google/callback`,
      },
    ]);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await testDb?.dispose();
    await op?.close();
  });

  it('signs in at the provider in the popup; the app receives the token and is signed in', async () => {
    op.accounts.set('popup-subject', {
      email: 'popup.player@example.test',
      email_verified: true,
      name: 'Popup Player',
    });
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/login`);
    const popupOpened = page.waitForEvent('popup');
    await page.locator('.oauth__button--google').click();
    const popup = await popupOpened;

    await popup.locator('input[name=login]').waitFor({ timeout: 20_000 });
    await popup.locator('input[name=login]').fill('popup-subject');
    await popup.locator('input[name=password]').fill('any');
    await popup.locator('button[type=submit]').click();
    await popup.locator('button[type=submit]', { hasText: 'Continue' }).click();
    // The callback page posts the token and closes the popup (maybe before a listener would see it).
    await expect.poll(() => popup.isClosed(), { timeout: 20_000 }).toBe(true);

    // The app stores the posted token in its cookie and leaves the login screen.
    await expect
      .poll(async () => (await browser.context.cookies(server.url)).find((c) => c.name === 'token'))
      .toBeDefined();
    const token = (await browser.context.cookies(server.url)).find((c) => c.name === 'token')!;
    const user = await call(server.url, 'GET', '/api/user', {
      token: decodeURIComponent(token.value),
    });
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ email: 'popup.player@example.test', name: 'Popup Player' });
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
    await page.close();
  });
});
