import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { startOidcProvider, type LocalOidcProvider } from '../support/oidcProvider';
import { startServer, type RunningServer } from '../support/server';
import { registerUser } from '../support/testApp';
import { waitForPath } from './shell-helpers';

let server: RunningServer;
let browser: LaunchedBrowser;
let op: LocalOidcProvider;

beforeAll(async () => {
  op = await startOidcProvider();
  // startServer sets APP_URL to the server's own address: the callback page posts to the app.
  server = await startServer({
    env: { RATE_LIMITS: 'off', ...op.env('GITHUB', 'github-client', 'github-secret') },
  });
  op.start([
    {
      clientId: 'github-client',
      clientSecret: 'github-secret',
      redirectUri: `${server.url}/api/oauth/github/callback`,
    },
  ]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await op?.close();
});

describe('OAuth sign-in', () => {
  it('opens the provider in a popup and signs in with the token it posts back', async () => {
    op.accounts.set('octo-1', {
      email: 'octo@example.test',
      email_verified: true,
      name: 'Octo Cat',
    });
    const context = await browser.browser!.newContext({ viewport: { width: 1401, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.locator('button.oauth__button--github').click(),
    ]);
    await popup.waitForURL((url) => url.origin === op.issuer);

    // The provider's own development login and consent pages.
    await popup.locator('input[name=login]').fill('octo-1');
    await popup.locator('input[name=password]').fill('any');
    await popup.locator('input[name=prompt][value=login]').waitFor({ state: 'attached' });
    await popup.locator('button[type=submit]').click();
    await popup.locator('input[name=prompt][value=consent]').waitFor({ state: 'attached' });
    await popup.locator('button[type=submit]').click();
    // the callback page posts the token and closes itself (maybe before a listener could attach)
    await expect.poll(() => popup.isClosed(), { timeout: 15_000 }).toBe(true);

    await waitForPath(page, '/');
    await expect.poll(() => page.locator('.balance-box__value').textContent()).toBe('1.000,00');
    expect(await page.locator('.user-menu__name').textContent()).toBe('Octo Cat');
    await context.close();
  });

  it('ignores a token posted from another origin', async () => {
    // A real, working token: only the origin check keeps it out.
    const { token } = await registerUser(server.url);
    const context = await browser.browser!.newContext({
      viewport: { width: 1401, height: 900 },
      // the app's CSP forbids frames; lifted here only to stage the foreign sender
      bypassCSP: true,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.locator('button.oauth__button--github').waitFor();
    // A frame on the provider's origin (a different port) posts a token-shaped message.
    await page.evaluate((issuer) => {
      const frame = document.createElement('iframe');
      frame.src = `${issuer}/.well-known/openid-configuration`;
      document.body.append(frame);
      return new Promise((resolve) => (frame.onload = resolve));
    }, op.issuer);
    const forged = page.frames().find((f) => f.url().startsWith(op.issuer))!;
    await forged.evaluate((t) => window.parent.postMessage({ token: t }, '*'), token);
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await context.cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await context.close();
  });
});
