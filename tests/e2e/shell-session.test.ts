import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call } from '../support/testApp';
import { confirmLinksTo, mailDirOf, waitForConfirmToken } from '../support/registration';
import { dialogTitle, loginThroughForm, newAccount, signIn, waitForPath } from './shell-helpers';
import { serverAndBrowser } from '../support/e2eEnvironment';

const env = serverAndBrowser();

async function freshPage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await env.browser.browser!.newContext({ viewport: { width: 1500, height: 900 } });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

describe('session and balance', () => {
  it('registering shows 1.000,00 in the top bar, and the session survives a reload', async () => {
    const { page, close } = await freshPage();
    await page.goto(`${env.server.url}/register`);
    await page.locator('input[name=name]').fill('Newcomer');
    const email = `new-${Date.now()}@example.test`;
    const before = confirmLinksTo(mailDirOf(env.server.url), email);
    await page.locator('input[name=email]').fill(email);
    await page.locator('input[name=password]').fill('long enough secret');
    await page.locator('input[name=password_confirmation]').fill('long enough secret');
    await page.locator('form button[type=submit]').click();
    // "Check your inbox"; the mailed link creates the account and signs the player in.
    await page.locator('.auth-card .alert--success').waitFor();
    const link = await waitForConfirmToken(mailDirOf(env.server.url), email, before);
    await page.goto(`${env.server.url}/register/confirm/${link}`);
    await waitForPath(page, '/');
    const balance = page.locator('.topbar .balance-box__value');
    await expect.poll(() => balance.textContent()).toBe('1.000,00');
    expect(await page.locator('.balance-box svg.currency-icon').count()).toBe(1);
    expect(await page.locator('.balance-box a[href="/wallet"]').count()).toBe(1);
    // without remember, the token is a session cookie
    const token = (await page.context().cookies()).find((c) => c.name === 'token');
    expect(token?.expires).toBe(-1);
    await page.reload();
    await expect.poll(() => balance.textContent()).toBe('1.000,00');
    await close();
  });

  it('login with remember keeps the token cookie for 365 days; logout clears it and goes to login', async () => {
    const account = await newAccount(env.server.url);
    const { page, close } = await freshPage();
    await page.goto(`${env.server.url}/login`);
    await page.locator('input[name=remember]').check();
    await loginThroughForm(page, account.email, account.password);
    await waitForPath(page, '/');
    const token = (await page.context().cookies()).find((c) => c.name === 'token');
    const days = ((token?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365.01);
    await page.locator('.user-menu__toggle').click();
    await page.locator('#user-menu button.menu-item').click();
    await waitForPath(page, '/login');
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    await close();
  });

  it("a revoked token's 401 shows the session-expired dialog; OK logs out and goes to login", async () => {
    const account = await newAccount(env.server.url);
    const { page, close } = await freshPage();
    await signIn(page.context(), env.server.url, account.token);
    await page.goto(`${env.server.url}/`);
    await page.locator('.balance-box__value').waitFor();
    const revoked = await call(env.server.url, 'POST', '/api/logout', { token: account.token });
    expect(revoked.status).toBeLessThan(300);

    await page.locator('.balance-box__wallet').click();
    expect(await dialogTitle(page)).toBe('Session expired');
    const dialog = page.locator('[role=alertdialog]');
    expect(await dialog.locator('button').allTextContents()).toEqual(['Cancel', 'OK']);
    await dialog.locator('button', { hasText: 'OK' }).click();
    await waitForPath(page, '/login');
    await page.locator('.guest-buttons').waitFor();
    expect(await page.locator('[role=alertdialog]').count()).toBe(0);
    await close();
  });
});

describe('errors', () => {
  it('422: field errors under each field, the general alert, and the dialog listing them', async () => {
    const { page, close } = await freshPage();
    await page.goto(`${env.server.url}/register`);
    await page.locator('input[name=name]').fill('Twin');
    // (A taken e-mail is no field error: registration answers the same either way.)
    await page.locator('input[name=email]').fill('not-an-email');
    await page.locator('input[name=password]').fill('long enough secret');
    await page.locator('input[name=password_confirmation]').fill('long enough secret');
    await page.locator('form button[type=submit]').click();

    const emailError = page.locator('[data-field-error="email"]');
    await emailError.waitFor();
    expect((await emailError.textContent())?.length).toBeGreaterThan(3);
    expect(await page.locator('input[name=email]').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-field-error="name"]').count()).toBe(0);
    await page.locator('form .alert--error').waitFor();
    expect(await dialogTitle(page)).toBe('Error');
    expect(await page.locator('.dialog__lines').textContent()).toContain(
      await emailError.textContent(),
    );
    await page.keyboard.press('Escape');
    expect(await page.locator('[role=alertdialog]').count()).toBe(0);
    expect(await page.locator('form button[type=submit]').isEnabled()).toBe(true);
    await close();
  });

  it('the submit button is disabled with a spinner while the form is busy', async () => {
    const { page, close } = await freshPage();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/password/email', async (route) => {
      await held;
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: '{"message":"Sent."}',
      });
    });
    await page.goto(`${env.server.url}/password/reset`);
    await page.locator('input[name=email]').fill('someone@example.test');
    await page.locator('form button[type=submit]').click();
    const button = page.locator('form button[type=submit]');
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await button.locator('.spinner').count()).toBe(1);
    release();
    await page.locator('.alert--success', { hasText: 'Sent.' }).waitFor();
    expect(await button.isEnabled()).toBe(true);
    await close();
  });

  it('429: the too-many-requests dialog', async () => {
    const { page, close } = await freshPage();
    // The server's limiter is the outside world here: its answer is replayed for this call.
    await page.route('**/api/login', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'retry-after': '60' },
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Too Many Attempts.' }),
      }),
    );
    await page.goto(`${env.server.url}/login`);
    await loginThroughForm(page, 'someone@example.test', 'whatever secret');
    expect(await dialogTitle(page)).toBe('Too many requests');
    expect(await page.locator('.dialog__text').textContent()).toContain('wait a moment');
    await close();
  });

  it('500 with an HTML page: shown in a sandboxed iframe, never in the page; one at a time', async () => {
    const { page, close } = await freshPage();
    const html =
      '<!doctype html><html><body><h1 id="boom">Upstream exploded</h1>' +
      '<script>parent.document.title = "pwned"; window.top.__pwned = true;</script></body></html>';
    await page.route('**/api/login', (route) =>
      route.fulfill({ status: 500, contentType: 'text/html; charset=utf-8', body: html }),
    );
    await page.goto(`${env.server.url}/login`);
    await loginThroughForm(page, 'someone@example.test', 'whatever secret');
    const frame = page.locator('iframe.dialog__html');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await frame.getAttribute('srcdoc')).toBe(html);
    expect(await page.frameLocator('iframe.dialog__html').locator('#boom').textContent()).toBe(
      'Upstream exploded',
    );
    expect(await page.locator('#boom').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    expect(await page.title()).not.toBe('pwned');

    // A second 500 while the first is open is not stacked behind it.
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/login')),
      page.evaluate(() => document.querySelector('form')?.requestSubmit()),
    ]);
    await page.waitForTimeout(200);
    expect(await page.locator('iframe.dialog__html').count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    expect(await page.locator('[role=dialog], [role=alertdialog]').count()).toBe(0);
    await close();
  });

  it('a screen whose data prefetch fails shows the error layout and turns the progress bar red', async () => {
    const account = await newAccount(env.server.url);
    const { page, close } = await freshPage();
    await signIn(page.context(), env.server.url, account.token);
    await page.goto(`${env.server.url}/`);
    const bar = page.locator('.progress-bar');
    await bar.waitFor({ state: 'attached' });
    expect(await bar.evaluate((el) => getComputedStyle(el).height)).toBe('2px');
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(20, 117, 225)',
    );
    // It grows and fades by what the compositor animates alone: no layout in a page load's frames.
    expect(await bar.evaluate((el) => getComputedStyle(el).transitionProperty)).toBe(
      'transform, opacity',
    );

    await page.route('**/api/ranking/me', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Server Error"}',
      }),
    );
    await page.locator('.user-menu__toggle').click();
    await page.locator('#user-menu a[href="/ranking"]').click();
    await page.locator('[data-screen="error"]').waitFor();
    expect(await page.locator('[data-screen="error"] h1').textContent()).toBe(
      'Something went wrong',
    );
    expect(await bar.getAttribute('data-state')).toBe('failed');
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 0, 0)');
    await close();
  });
});
