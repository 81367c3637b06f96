import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { mailDirOf, waitForConfirmToken } from '../support/registration';
import { startServer, type RunningServer } from '../support/server';
import { SCROLL_DELAY_MS } from '../../src/app/Navigator';
import { loginThroughForm, newAccount, signIn, userOf, waitForPath } from './shell-helpers';

let server: RunningServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMITS: 'off', APP_NAME: 'Lucky' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page in a fresh incognito-like context, so cookies never leak between tests. */
async function freshPage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.browser!.newContext({ viewport: { width: 1500, height: 900 } });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

describe('guards', () => {
  it('auth: a guest is sent to login, and after logging in lands on the intended full path', async () => {
    const account = await newAccount(server.url);
    const { page, close } = await freshPage();
    await page.goto(`${server.url}/earn/locks?tab=rewards`);
    await waitForPath(page, '/login');
    await loginThroughForm(page, account.email, account.password);
    await waitForPath(page, '/earn/locks?tab=rewards');
    await page.locator('[data-screen="earn"]').waitFor();
    expect(await page.locator('.balance-box__value').textContent()).toBe('1.000,00');
    await close();
  });

  it.each(['/wallet', '/ranking', '/settings/profile', '/earn/rakeback'])(
    'auth: %s sends a guest to login',
    async (path) => {
      const { page, close } = await freshPage();
      await page.goto(`${server.url}${path}`);
      await waitForPath(page, '/login');
      await page.locator('input[name=email]').waitFor();
      await close();
    },
  );

  it('guest: a signed-in user on login or register goes home', async () => {
    const account = await newAccount(server.url);
    const { page, close } = await freshPage();
    await signIn(page.context(), server.url, account.token);
    for (const path of ['/login', '/register', '/password/reset']) {
      await page.goto(`${server.url}${path}`);
      await waitForPath(page, '/');
      await page.locator('.game-tile').first().waitFor();
    }
    await close();
  });

  it('admin: a signed-in non-admin is sent home, a guest to login', async () => {
    const account = await newAccount(server.url);
    const { page, close } = await freshPage();
    await page.goto(`${server.url}/admin`);
    await waitForPath(page, '/login');
    await signIn(page.context(), server.url, account.token);
    await page.goto(`${server.url}/admin`);
    await waitForPath(page, '/');
    expect(await page.locator('[data-screen="admin"]').count()).toBe(0);
    await close();
  });

  it.each([
    ['1440 x 900', 'dice', { width: 1440, height: 900 }, '[data-testid=dice-bet]'],
    ['390 x 844', 'dice', { width: 390, height: 844 }, '[data-testid=dice-bet]'],
    ['390 x 844', 'mines', { width: 390, height: 844 }, '[data-testid=mines-start]'],
  ] as const)(
    '%s: a guest sees the %s panel; its action asks for a sign-in and comes back with the stake',
    async (_size, game, viewport, action) => {
      const account = await newAccount(server.url);
      const { page, close } = await freshPage();
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/${game}`);
      const panel = page.locator(`[data-slot="game-panel"] [data-testid=${game}-panel]`);
      await panel.waitFor();
      expect(await page.locator('.game-header__name').textContent()).toBe(
        game === 'dice' ? 'Dice' : 'Mines',
      );
      if (game === 'dice') {
        // The odds and what a win pays are there before any account.
        expect(await panel.locator('[data-testid=dice-multiplier]').textContent()).toBe('1,9603×');
        expect(await panel.textContent()).toContain('Payout on win');
      }
      await panel.locator('input[name=amount]').fill('5');
      await panel.locator('input[name=amount]').blur();
      await page.locator(action).click();
      await waitForPath(page, '/login');
      await loginThroughForm(page, account.email, account.password);
      await waitForPath(page, `/${game}`);
      const signedIn = page.locator(`[data-slot="game-panel"] [data-testid=${game}-panel]`);
      await expect.poll(() => signedIn.locator('input[name=amount]').inputValue()).toBe('5,00');
      // Nothing was bet on the guest's tap.
      const bets = await fetch(`${server.url}/api/bets?game=${game}`, {
        headers: { Authorization: `Bearer ${account.token}`, Accept: 'application/json' },
      }).then((res) => res.json() as Promise<{ data: unknown[] }>);
      expect(bets.data).toHaveLength(0);
      await close();
    },
  );

  it('a referral code in the query is saved by the auth guard and reaches registration', async () => {
    const referrer = await newAccount(server.url);
    const { referral_code: code } = await userOf(server.url, referrer.token);
    const { page, close } = await freshPage();
    await page.goto(`${server.url}/wallet?referral_code=${code}`);
    await waitForPath(page, '/login');
    const saved = await page.context().cookies(server.url);
    expect(saved.find((c) => c.name === 'referral_code')?.value).toBe(code);

    await page.locator('.auth-card__switch a').click();
    await waitForPath(page, '/register');
    expect(await page.locator('input[name=referral_code]').inputValue()).toBe(code);
    await page.locator('input[name=name]').fill('Referred');
    const email = `referred-${Date.now()}@example.test`;
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill('long enough secret');
    await page.locator('input[name=password_confirmation]').fill('long enough secret');
    const [request, response] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/register')),
      page.waitForResponse((r) => r.url().endsWith('/api/register')),
      page.locator('form button[type=submit]').click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ referral_code: code });
    expect(response.status()).toBe(202);
    await page.locator('.auth-card .alert--success').waitFor();
    const token = await waitForConfirmToken(mailDirOf(server.url), email);
    await page.goto(`${server.url}/register/confirm/${token}`);
    // Signed in, the player lands where the guard stopped them.
    await waitForPath(page, `/wallet?referral_code=${code}`);
    await close();
  });
});

describe('redirects and titles', () => {
  it.each([
    ['/settings', '/settings/profile'],
    ['/earn', '/earn/referrals'],
    ['/referrals', '/earn/referrals'],
  ])('%s redirects to %s', async (from, to) => {
    const account = await newAccount(server.url);
    const { page, close } = await freshPage();
    await signIn(page.context(), server.url, account.token);
    await page.goto(`${server.url}${from}`);
    await waitForPath(page, to);
    await close();
  });

  it.each([
    ['/', 'Casino · Lucky'],
    ['/login', 'Log in · Lucky'],
    ['/register', 'Register · Lucky'],
    ['/dice', 'Dice · Lucky'],
    ['/giveaways', 'Giveaways · Lucky'],
    ['/unauthorized', 'Access denied · Lucky'],
    ['/no/such/page', 'Page not found · Lucky'],
  ])("%s is titled '%s'", async (path, title) => {
    const { page, close } = await freshPage();
    await page.goto(`${server.url}${path}`);
    await expect.poll(() => page.title()).toBe(title);
    await close();
  });

  it('links navigate in the page (no reload) and the title follows', async () => {
    const { page, close } = await freshPage();
    await page.goto(`${server.url}/`);
    await page.locator('.game-tile[data-game="mines"]').click();
    await waitForPath(page, '/mines');
    await expect.poll(() => page.title()).toBe('Mines · Lucky');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    await page.locator('.game-header__back').click();
    await waitForPath(page, '/');
    await expect.poll(() => page.title()).toBe('Casino · Lucky');
    await close();
  });

  it('scrolls to the top after a navigation, and fades the old page out first', async () => {
    const context = await browser.browser!.newContext({ viewport: { width: 1500, height: 400 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.locator('.game-tile').first().waitFor();
    // The lobby may still be laying out on a busy machine: scroll down until the page is tall
    // enough to stay down there.
    await expect
      .poll(() =>
        page.evaluate(() => {
          window.scrollTo(0, document.body.scrollHeight);
          return window.scrollY;
        }),
      )
      .toBeGreaterThan(100);
    // Watch for the lobby fading out (opacity below 1) while it is still the page shown.
    await page.evaluate(() => {
      const w = window as { sawFade?: boolean };
      w.sawFade = false;
      new MutationObserver(() => {
        const old = document.querySelector('.screen-content--leaving[data-path="/"]');
        if (old && document.querySelector('.game-grid')) w.sawFade = true;
      }).observe(document.body, { subtree: true, attributes: true, childList: true });
    });
    await page.locator('.game-tile[data-game="mines"]').click();
    await waitForPath(page, '/mines');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => (window as { sawFade?: boolean }).sawFade)).toBe(true);
    await context.close();
  });

  it('leaves the first screen where the visitor scrolled it while it came: a page load is no navigation', async () => {
    const context = await browser.browser!.newContext({ viewport: { width: 1500, height: 400 } });
    const page = await context.newPage();
    // As a visitor who scrolls to a game as soon as the lobby's tiles show: the page's first
    // screen must not jump back to the top under their tap (a tap that then opened nothing).
    await page.addInitScript(() => {
      const w = window as { scrolledTo?: number };
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.game-tile')) return;
        observer.disconnect();
        window.scrollTo(0, document.body.scrollHeight);
        w.scrolledTo = window.scrollY;
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(`${server.url}/`);
    await page.locator('.game-tile').first().waitFor();
    const scrolledTo = await page.evaluate(() => (window as { scrolledTo?: number }).scrolledTo);
    expect(scrolledTo).toBeGreaterThan(100);
    // Past the delay after which a navigation scrolls to the top, and then some.
    await page.waitForTimeout(SCROLL_DELAY_MS + 600);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
    await context.close();
  });
});
