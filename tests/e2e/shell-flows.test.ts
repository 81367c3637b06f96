import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { mailCountTo, waitForMail } from '../support/mailbox';
import { startServer, type RunningServer } from '../support/server';
import { call } from '../support/testApp';
import { dialogTitle, loginThroughForm, newAccount, signIn, waitForPath } from './shell-helpers';

const ADMIN = { email: 'boss@example.test', password: 'admin password 1' };

let server: RunningServer;
let browser: LaunchedBrowser;
let mailDir: string;

beforeAll(async () => {
  server = await startServer({
    env: { RATE_LIMITS: 'off', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
  mailDir = path.join(server.dataDir, 'mail');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function freshPage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.browser!.newContext({ viewport: { width: 1401, height: 900 } });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

describe('screens wired to the server', () => {
  it('admin: the admin reaches /admin and credits a user, who sees the new balance', async () => {
    const player = await newAccount(server.url);
    const { page, close } = await freshPage();
    await page.goto(`${server.url}/login`);
    await loginThroughForm(page, ADMIN.email, ADMIN.password);
    await waitForPath(page, '/');
    await page.locator('.user-menu__toggle').click();
    await page.locator('#user-menu a[href="/admin"]').click();
    await page.locator('[data-screen="admin"]').waitFor();
    await page.locator('input[name=user_id]').fill(String(player.id));
    await page.locator('input[name=amount]').fill('25.5');
    await page.locator('input[name=reason]').fill('e2e bonus');
    await page.locator('[data-admin=adjust] button[type=submit]').click();
    await page.locator('.admin-page__result').waitFor();
    const balance = await call<{ balance: number }>(server.url, 'GET', '/api/user/balance', {
      token: player.token,
    });
    expect(balance.body.balance).toBe(1025.5);
    await close();
  });

  it('two-factor: enable with the QR code, then login asks for the code', async () => {
    const account = await newAccount(server.url);
    const { page, close } = await freshPage();
    await signIn(page.context(), server.url, account.token);
    await page.goto(`${server.url}/settings/2fa`);
    await page.locator('[data-two-factor="off"]').waitFor();
    await page.locator('button', { hasText: 'Enable two-factor authentication' }).click();
    const qr = page.locator('img.two-factor-setup__qr');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    expect(await page.locator('.two-factor-setup svg').count()).toBe(0); // never injected as markup
    const secret = (await page.locator('.two-factor-setup code').textContent()) ?? '';
    const confirmCode = codeFor(secret);
    await page.locator('input[name=code]').fill(confirmCode);
    await page.locator('form button[type=submit]').click();
    await page.locator('[data-two-factor="on"]').waitFor();

    await page.locator('.user-menu__toggle').click();
    await page.locator('#user-menu button.menu-item').click();
    await waitForPath(page, '/login');
    await loginThroughForm(page, account.email, account.password);
    const codeInput = page.locator('input[name=one_time_password]');
    await codeInput.waitFor();
    expect(await page.locator('[role=alertdialog]').count()).toBe(0);
    await codeInput.fill('000000' === codeFor(secret) ? '111111' : '000000');
    await page.locator('form button[type=submit]').click();
    await page.locator('[data-field-error="one_time_password"]').waitFor();
    // A code counts once: wait for the next 30 s step if it is still the one used to confirm.
    await expect
      .poll(() => codeFor(secret), { timeout: 35_000, interval: 1000 })
      .not.toBe(confirmCode);
    await codeInput.fill(codeFor(secret));
    await page.locator('form button[type=submit]').click();
    await waitForPath(page, '/');
    await page.locator('.balance-box__value').waitFor();
    await close();
  });

  it('password reset: request a link, follow the mailed link, set a new password, log in with it', async () => {
    const account = await newAccount(server.url);
    const { page, close } = await freshPage();
    await page.goto(`${server.url}/login`);
    await page.locator('a[href="/password/reset"]').click();
    await waitForPath(page, '/password/reset');
    await page.locator('input[name=email]').fill(account.email);
    await page.locator('form button[type=submit]').click();
    await page.locator('.alert--success').waitFor();

    const mail = await waitForMail(mailDir, account.email, { link: /\/password\/reset\// });
    expect(mail.link).toContain('/password/reset/');
    await page.goto(mail.link!);
    await page.locator('input[name=password]').waitFor();
    expect(await page.locator('input[name=email]').inputValue()).toBe(account.email);
    await page.locator('input[name=password]').fill('a brand new secret');
    await page.locator('input[name=password_confirmation]').fill('a brand new secret');
    await page.locator('form button[type=submit]').click();
    await page.locator('.alert--success').waitFor();
    await page.locator('.auth-card a.btn[href="/login"]').click();
    await waitForPath(page, '/login');
    await loginThroughForm(page, account.email, 'a brand new secret');
    await waitForPath(page, '/');
    await close();
  });

  it('e-mail verification: the mailed link verifies; a tampered one offers to resend', async () => {
    // A registration confirmed by its mailed link is verified already; a new e-mail is not.
    const account = await newAccount(server.url);
    const email = `changed-${Date.now()}@example.test`;
    const changed = await call(server.url, 'PATCH', '/api/settings/profile', {
      token: account.token,
      body: { name: 'Changed', email },
    });
    expect(changed.status).toBe(200);
    const mail = await waitForMail(mailDir, email, { link: /\/email\/verify\// });
    expect(mail.link).toContain('/email/verify/');
    const { page, close } = await freshPage();

    await page.goto(mail.link!.replace(/signature=[^&]+/, 'signature=forged'));
    await page.locator('.alert--error').waitFor();
    await dialogTitle(page);
    await page.keyboard.press('Escape');
    await page.locator('a[href="/email/resend"]').click();
    await waitForPath(page, '/email/resend');
    const sentBefore = mailCountTo(mailDir, email);
    await page.locator('input[name=email]').fill(email);
    await page.locator('form button[type=submit]').click();
    await page.locator('.alert--success').waitFor();

    const resent = await waitForMail(mailDir, email, {
      link: /\/email\/verify\//,
      after: sentBefore,
    });
    await page.goto(resent.link!);
    await page.locator('.alert--success').waitFor();
    const user = await call<{ email_verified_at: string | null }>(server.url, 'GET', '/api/user', {
      token: account.token,
    });
    expect(user.body.email_verified_at).not.toBeNull();
    await close();
  });

  it('e-mail verification: the mailed link opened signed in confirms it, where it was opened', async () => {
    const account = await newAccount(server.url);
    const email = `signed-in-${Date.now()}@example.test`;
    const changed = await call(server.url, 'PATCH', '/api/settings/profile', {
      token: account.token,
      body: { name: 'Signed In', email },
    });
    expect(changed.status).toBe(200);
    const mail = await waitForMail(mailDir, email, { link: /\/email\/verify\// });
    const { page, close } = await freshPage();
    await signIn(page.context(), server.url, account.token);
    await page.goto(mail.link!);
    await page.locator('.alert--success').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/email\/verify\//);
    await page.locator('.auth-card a.btn[href="/"]').waitFor();
    await close();
  });

  it('a screen chunk that fails to load reloads the page once, then shows the error layout', async () => {
    const { page, close } = await freshPage();
    await page.goto(`${server.url}/`);
    await page.locator('.game-tile').first().waitFor();
    let blocked = 0;
    await page.route(/\/assets\/GiveawaysPage-[^/]+\.js$/, (route) => {
      blocked += 1;
      return route.abort();
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.evaluate(() => {
      history.pushState(null, '', '/giveaways');
    });
    await page.locator('[data-screen="error"]').waitFor();
    expect(loads).toBe(1); // one full reload, then no loop
    expect(blocked).toBeGreaterThanOrEqual(2);
    expect(new URL(page.url()).pathname).toBe('/giveaways');
    await close();
  });
});
