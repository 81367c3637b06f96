import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { call, registerUser } from '../support/testApp';

/** A fresh account made over the real API; `signIn` puts its token where the app keeps it. */
export async function newAccount(base: string) {
  return registerUser(base);
}

export async function signIn(context: BrowserContext, base: string, token: string): Promise<void> {
  await context.addCookies([{ name: 'token', value: token, url: base }]);
}

export async function userOf(
  base: string,
  token: string,
): Promise<{ referral_code: string; id: number }> {
  const res = await call<{ referral_code: string; id: number }>(base, 'GET', '/api/user', {
    token,
  });
  return res.body;
}

/** Waits until the URL is `path` and the navigator shows that path's screen (old one gone). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
  await page
    .locator(`.screen-content:not(.screen-content--leaving)[data-path="${path}"]`)
    .waitFor();
}

export async function loginThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('form button[type=submit]').click();
}

/** The open dialog's title, once one is shown. */
export async function dialogTitle(page: Page): Promise<string> {
  const dialog = page.locator('[role=dialog], [role=alertdialog]');
  await dialog.waitFor();
  return (await dialog.locator('.dialog__title').textContent()) ?? '';
}

/**
 * Scrolls to the live bets table (it mounts, and opens its stream, when the player scrolls near
 * it) and waits until it is connected, its backlog in.
 */
export async function liveTableConnected(page: Page): Promise<void> {
  const live = page.locator('.live-bets[data-live-bets=live]');
  await expect
    .poll(
      async () => {
        if (await live.count()) return true;
        // Its place, or the table once mounted (the place is swapped for it in between).
        await page.evaluate(() =>
          document.querySelector('[data-when-near], .live-bets')?.scrollIntoView({ block: 'end' }),
        );
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}
