import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { registerUser } from '../support/testApp';
import { LOCALES } from '../../server/i18n/messages';

const env = serverAndBrowser();

async function freshPage(): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await env.browser.browser!.newContext({ viewport: { width: 1401, height: 900 } });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

describe('languages', () => {
  it('switching to es changes the texts, sets the cookie for 365 days and survives a reload', async () => {
    const { page, close } = await freshPage();
    await page.goto(`${env.server.url}/login`);
    await page.locator('h1', { hasText: 'Log in' }).waitFor();
    await page.locator('select[name=locale]').selectOption('es');
    await page.locator('h1', { hasText: 'Iniciar sesión' }).waitFor();
    expect(await page.locator('.topbar__nav a').allTextContents()).toContain('Clasificación');
    await expect.poll(() => page.title()).toBe('Iniciar sesión · Casino');

    const cookie = (await page.context().cookies()).find((c) => c.name === 'locale');
    expect(cookie?.value).toBe('es');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);

    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/login')),
      page.reload().then(async () => {
        await page.locator('h1', { hasText: 'Iniciar sesión' }).waitFor();
        await page.locator('input[name=email]').fill('nobody@example.test');
        await page.locator('input[name=password]').fill('not the password');
        await page.locator('form button[type=submit]').click();
      }),
    ]);
    expect(request.headers()['accept-language']).toBe('es');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.locator('[role=alertdialog] .dialog__title', { hasText: 'Error' }).waitFor();
    await close();
  });

  it('an unknown saved locale is dropped for en', async () => {
    const { page, close } = await freshPage();
    await page.context().addCookies([{ name: 'locale', value: 'xx-YY', url: env.server.url }]);
    await page.goto(`${env.server.url}/`);
    await page.locator('h1', { hasText: 'Originals' }).waitFor();
    expect(await page.locator('select[name=locale]').inputValue()).toBe('en');
    expect((await page.context().cookies()).find((c) => c.name === 'locale')).toBeUndefined();
    await close();
  });

  it.each([
    ['fr', 'Connexion'],
    ['pt-BR', 'Entrar'],
    ['zh-CN', '登录'],
  ])('a saved %s shows its own texts', async (locale, login) => {
    const { page, close } = await freshPage();
    await page.context().addCookies([{ name: 'locale', value: locale, url: env.server.url }]);
    await page.goto(`${env.server.url}/login`);
    await page.locator('h1', { hasText: login }).waitFor();
    await close();
  });

  it('the signed-in top bar fits the narrowest desktop width (1401 px) in every language', async () => {
    const player = await registerUser(env.server.url, { name: 'Maximiliano Fernández de la Vega' });
    for (const locale of LOCALES) {
      const { page, close } = await freshPage();
      await page.context().addCookies([
        { name: 'token', value: player.token, url: env.server.url },
        { name: 'locale', value: locale, url: env.server.url },
      ]);
      await page.goto(`${env.server.url}/`);
      await page.locator('.balance-box').waitFor();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(locale);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, locale).toBeLessThanOrEqual(0);
      // The last item of the bar, the account menu, is on screen.
      const box = await page.locator('.user-menu__toggle').boundingBox();
      expect(box!.x + box!.width, locale).toBeLessThanOrEqual(1401);
      await close();
    }
  });
});
