import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { newAccount, signIn } from './shell-helpers';
import { seriousViolations } from '../support/axe';

const env = serverAndBrowser();

async function freshPage(width = 1401): Promise<{ page: Page; close: () => Promise<void> }> {
  // axe is injected as an inline script, which the server's CSP (rightly) forbids to pages.
  const context = await env.browser.browser!.newContext({
    viewport: { width, height: 900 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

describe('accessibility (axe-core: no serious or critical violation)', () => {
  it.each([
    ['lobby', '/', '.game-tile'],
    ['login', '/login', 'input[name=email]'],
    ['register', '/register', 'input[name=referral_code]'],
  ])('%s', async (_name, url, ready) => {
    for (const width of [1401, 390]) {
      const { page, close } = await freshPage(width);
      await page.goto(`${env.server.url}${url}`);
      await page.locator(ready).first().waitFor();
      await page.waitForTimeout(300);
      expect(await seriousViolations(page)).toEqual([]);
      await close();
    }
  });

  it('settings (signed in)', async () => {
    const account = await newAccount(env.server.url);
    const { page, close } = await freshPage();
    await signIn(page.context(), env.server.url, account.token);
    await page.goto(`${env.server.url}/settings/profile`);
    await page.locator('input[name=name]').waitFor();
    await page.waitForTimeout(300);
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });

  it('keyboard: Tab reaches the form; a dialog keeps focus inside and Escape closes it', async () => {
    const { page, close } = await freshPage();
    await page.route('**/api/login', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: '{"message":"Slow"}' }),
    );
    await page.goto(`${env.server.url}/login`);
    await page.locator('input[name=email]').waitFor();
    await page.locator('input[name=email]').focus();
    await page.keyboard.type('kb@example.test');
    await page.keyboard.press('Tab');
    await page.keyboard.type('secret secret');
    await page.keyboard.press('Enter');
    const dialog = page.locator('[role=alertdialog]');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const labelled = await dialog.getAttribute('aria-labelledby');
    expect(await page.locator(`[id="${labelled}"]`).textContent()).toBe('Too many requests');
    expect(await dialog.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(26, 44, 56)',
    );
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => !!document.activeElement?.closest('[role=alertdialog]')),
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await close();
  });
});
