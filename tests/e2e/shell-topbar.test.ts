import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { repoRoot } from '../support/server';
import { newAccount, signIn, waitForPath } from './shell-helpers';

const env = serverAndBrowser();

/** Screenshots for a reviewer (docs/developers/testing.md names the folder). */
const SCREENSHOTS = path.join(repoRoot, '.test-results', 'screenshots');

beforeAll(async () => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

async function freshPage(
  width: number,
  phone = false,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await env.browser.browser!.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}),
  });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

describe('the top bar', () => {
  it('at 1400 px is the phone layout: a menu button whose items close it when chosen', async () => {
    const account = await newAccount(env.server.url);
    const { page, close } = await freshPage(1400);
    await signIn(page.context(), env.server.url, account.token);
    await page.goto(`${env.server.url}/`);
    const toggle = page.locator('.phone-menu__toggle');
    await toggle.waitFor();
    expect(await page.locator('.topbar__nav').count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');

    await toggle.click();
    const menu = page.locator('#phone-menu');
    await menu.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // Each item once: the nav links, then the account items they do not already list.
    expect(
      await menu.locator('.phone-menu__list a, .phone-menu__list button').allTextContents(),
    ).toEqual(['Casino', 'Referrals', 'Locks', 'Rakeback', 'Ranking', 'Settings', 'Log out']);
    const hrefs = await menu
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(hrefs.length);
    // The language is in the menu, not in the bar.
    expect(await menu.locator('select[name=locale]').count()).toBe(1);
    expect(await page.locator('.topbar__end > .language-select').count()).toBe(0);
    await menu.locator('a.nav-link', { hasText: 'Locks' }).click();
    await waitForPath(page, '/earn/locks');
    expect(await page.locator('#phone-menu').count()).toBe(0);
    await close();
  });

  it('at 1401 px shows the links inline with the user menu, and no menu button', async () => {
    const account = await newAccount(env.server.url);
    const { page, close } = await freshPage(1401);
    await signIn(page.context(), env.server.url, account.token);
    await page.goto(`${env.server.url}/`);
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
    await page.goto(`${env.server.url}/`);
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
    await page.goto(`${env.server.url}/`);
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
    await page.goto(`${env.server.url}/`);
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

/** Where the top bar's parts are: every part on one row, the balance whole on screen. */
function topBarRow() {
  const bar = document.querySelector('.topbar')!.getBoundingClientRect();
  const parts = [...document.querySelectorAll('.topbar > *, .topbar__end > *')].map((element) => {
    const box = element.getBoundingClientRect();
    return { name: element.className, top: box.top, bottom: box.bottom, height: box.height };
  });
  const balance = document.querySelector('.balance-box')?.getBoundingClientRect() ?? null;
  const rowTop = Math.min(...parts.map((part) => part.top));
  return {
    height: bar.height,
    oneRow: parts.every((part) => part.top < rowTop + part.height / 2),
    balance: balance && { left: balance.left, right: balance.right, top: balance.top },
    balanceText: document.querySelector('[data-testid=balance]')?.textContent ?? null,
    pageWidth: document.documentElement.scrollWidth,
    viewportWidth: window.innerWidth,
  };
}

/** Controls smaller than 44 x 44 CSS px among those shown (a fingertip's target). */
function smallTargets(selector: string) {
  return [...document.querySelectorAll(selector)]
    .filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.height < 43.5 || box.width < 43.5);
    })
    .map(
      (element) => `${element.tagName.toLowerCase()}.${element.className} "${element.textContent}"`,
    );
}

const TARGETS = 'button, .btn, a.menu-item, a.nav-link, a.topbar__brand, a.tab, select, input';

describe('the top bar on a phone', () => {
  for (const width of [390, 360]) {
    it(`${width} px: one row with the balance in view, the same row when the balance grows; no sideways scroll; 44 px targets`, async () => {
      const account = await newAccount(env.server.url);
      const { page, close } = await freshPage(width, true);
      await signIn(page.context(), env.server.url, account.token);
      await page.goto(`${env.server.url}/`);
      await page.locator('[data-testid=balance]').waitFor();
      await expect.poll(() => page.locator('[data-testid=balance]').textContent()).not.toBe('0,00');
      const small = await page.evaluate(topBarRow);
      expect(small.oneRow).toBe(true);
      expect(small.height).toBeLessThanOrEqual(68);
      expect(small.balance!.left).toBeGreaterThanOrEqual(0);
      expect(small.balance!.right).toBeLessThanOrEqual(width);
      expect(small.pageWidth).toBeLessThanOrEqual(width);
      expect(await page.evaluate(smallTargets, `.topbar :is(${TARGETS})`)).toEqual([]);
      if (width === 390) {
        await page.screenshot({
          path: `${SCREENSHOTS}/topbar-390x844.png`,
          clip: { x: 0, y: 0, width, height: 120 },
        });
      }

      // A balance four digits wider: the bar keeps its one row and its height.
      await page.route('**/api/user/balance', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: '{"balance":"1234567.89"}',
        }),
      );
      await page.reload();
      await expect
        .poll(() => page.locator('[data-testid=balance]').textContent())
        .toBe('1.234.567,89');
      const wide = await page.evaluate(topBarRow);
      expect(wide.oneRow).toBe(true);
      expect(wide.height).toBe(small.height);
      expect(wide.balance!.top).toBe(small.balance!.top);
      expect(wide.balance!.right).toBeLessThanOrEqual(width);
      expect(wide.pageWidth).toBeLessThanOrEqual(width);

      // The menu: every item once, the language in it, fingertip-sized, on screen.
      await page.locator('.phone-menu__toggle').tap();
      const menu = page.locator('#phone-menu');
      await menu.waitFor();
      const labels = await menu
        .locator('.phone-menu__list a, .phone-menu__list button')
        .allTextContents();
      expect(new Set(labels).size).toBe(labels.length);
      expect(labels.filter((label) => label === 'Ranking')).toHaveLength(1);
      expect(await menu.locator('select[name=locale]').isVisible()).toBe(true);
      expect(await page.evaluate(smallTargets, `#phone-menu :is(${TARGETS})`)).toEqual([]);
      const panel = await menu.boundingBox();
      expect(panel!.x).toBeGreaterThanOrEqual(0);
      expect(panel!.x + panel!.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      if (width === 390) await page.screenshot({ path: `${SCREENSHOTS}/topbar-menu-390x844.png` });
      // Changing the language there closes nothing it should not and changes the page.
      await menu.locator('select[name=locale]').selectOption('es');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
      await close();
    });
  }

  it('390 px: the earn and settings tabs are 44 px targets', async () => {
    const account = await newAccount(env.server.url);
    const { page, close } = await freshPage(390, true);
    await signIn(page.context(), env.server.url, account.token);
    for (const path of ['/earn/referrals', '/settings/profile']) {
      await page.goto(`${env.server.url}${path}`);
      await page.locator('.tabs .tab').first().waitFor();
      expect(await page.evaluate(smallTargets, `.tabs :is(${TARGETS})`), path).toEqual([]);
    }
    await close();
  });

  it('390 px guest: logo, log in, register and the menu on one row; the language in the menu', async () => {
    const { page, close } = await freshPage(390, true);
    await page.goto(`${env.server.url}/`);
    await page.locator('.guest-buttons').waitFor();
    const row = await page.evaluate(topBarRow);
    expect(row.oneRow).toBe(true);
    expect(row.pageWidth).toBeLessThanOrEqual(390);
    expect(await page.locator('.topbar__end > .language-select').count()).toBe(0);
    await page.locator('.phone-menu__toggle').tap();
    expect(await page.locator('#phone-menu select[name=locale]').count()).toBe(1);
    expect(await page.locator('#phone-menu .phone-menu__list a').allTextContents()).toEqual([
      'Casino',
      'Referrals',
      'Locks',
      'Rakeback',
      'Ranking',
    ]);
    await close();
  });

  it('1440 px desktop: the bar is one row with links, search, balance, language and user menu', async () => {
    const account = await newAccount(env.server.url);
    const { page, close } = await freshPage(1440);
    await signIn(page.context(), env.server.url, account.token);
    await page.goto(`${env.server.url}/`);
    await page.locator('[data-testid=balance]').waitFor();
    const row = await page.evaluate(topBarRow);
    expect(row.oneRow).toBe(true);
    expect(await page.locator('.topbar select[name=locale]').count()).toBe(1);
    await page.screenshot({
      path: `${SCREENSHOTS}/topbar-1440x900.png`,
      clip: { x: 0, y: 0, width: 1440, height: 120 },
    });
    await close();
  });
});
