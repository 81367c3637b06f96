import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { newAccount, signIn, waitForPath } from './shell-helpers';

let server: RunningServer;
let browser: LaunchedBrowser;

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMITS: 'off' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function freshPage(width: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.browser!.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

describe('the top bar', () => {
  it('at 1400 px is the phone layout: a menu button whose items close it when chosen', async () => {
    const account = await newAccount(server.url);
    const { page, close } = await freshPage(1400);
    await signIn(page.context(), server.url, account.token);
    await page.goto(`${server.url}/`);
    const toggle = page.locator('.phone-menu__toggle');
    await toggle.waitFor();
    expect(await page.locator('.topbar__nav').count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    const menu = page.locator('#phone-menu');
    await menu.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const labels = await menu.locator('a, button').allTextContents();
    for (const item of [
      'Casino',
      'Referrals',
      'Locks',
      'Rakeback',
      'Ranking',
      'Settings',
      'Earn',
      'Log out',
    ]) {
      expect(labels).toContain(item);
    }
    await menu.locator('a.nav-link', { hasText: 'Locks' }).click();
    await waitForPath(page, '/earn/locks');
    expect(await page.locator('#phone-menu').count()).toBe(0);
    await close();
  });

  it('at 1401 px shows the links inline with the user menu, and no menu button', async () => {
    const account = await newAccount(server.url);
    const { page, close } = await freshPage(1401);
    await signIn(page.context(), server.url, account.token);
    await page.goto(`${server.url}/`);
    await page.locator('.topbar__nav').waitFor();
    expect(await page.locator('.phone-menu__toggle').count()).toBe(0);
    expect(await page.locator('.topbar__nav a').allTextContents()).toEqual([
      'Casino',
      'Referrals',
      'Locks',
      'Rakeback',
      'Ranking',
    ]);
    await page.locator('.user-menu__toggle').click();
    const items = page.locator('#user-menu');
    expect(await items.locator('a, button').allTextContents()).toEqual([
      'Settings',
      'Ranking',
      'Earn',
      'Log out',
    ]);
    expect(await items.locator('[role=separator]').count()).toBe(1);
    await items.locator('a', { hasText: 'Settings' }).click();
    await waitForPath(page, '/settings/profile');
    expect(await page.locator('#user-menu').count()).toBe(0);
    await close();
  });

  it('shows guests login and register, the language dropdown, and the footer', async () => {
    const { page, close } = await freshPage(1401);
    await page.goto(`${server.url}/`);
    await page.locator('.guest-buttons').waitFor();
    expect(await page.locator('.guest-buttons a').allTextContents()).toEqual([
      'Log in',
      'Register',
    ]);
    expect(await page.locator('.balance-box').count()).toBe(0);
    expect(await page.locator('select[name=locale] option').count()).toBe(5);
    expect(await page.locator('.footer__copy').textContent()).toContain('© 2024');
    expect(await page.locator('.footer svg.logo').count()).toBe(1);
    expect(await page.locator('.footer a.footer__social').getAttribute('href')).toMatch(
      /^https:\/\//,
    );
    await close();
  });

  it('the creator search does not call the API for 3 characters and calls it for 4', async () => {
    const { page, close } = await freshPage(1401);
    const searches: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/creators') searches.push(r.url());
    });
    await page.goto(`${server.url}/`);
    const input = page.locator('.topbar .creator-search__input');
    await input.waitFor();
    await input.pressSequentially('abc');
    await page.waitForTimeout(400);
    expect(searches).toEqual([]);
    await input.press('d');
    await expect.poll(() => searches.length).toBe(1);
    expect(new URL(searches[0]!).searchParams.get('search_str')).toBe('abcd');
    await close();
  });

  it('creator results link to profiles; fewer than 4 characters clears them', async () => {
    const { page, close } = await freshPage(1401);
    await page.route('**/api/creators?*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify([{ id: 12, name: 'Nova Creator' }]),
      }),
    );
    await page.goto(`${server.url}/`);
    const input = page.locator('.topbar .creator-search__input');
    await input.pressSequentially('nova');
    const result = page.locator('.creator-search__results a');
    await result.waitFor();
    expect(await result.getAttribute('href')).toBe('/profile/12');
    await input.press('Backspace');
    await expect.poll(() => page.locator('.creator-search__results').count()).toBe(0);
    await close();
  });
});
