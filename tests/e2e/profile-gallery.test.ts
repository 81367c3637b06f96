import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { call } from '../support/testApp';
import { newAccount, signIn } from './shell-helpers';
import { seriousViolations } from '../support/axe';

const env = serverAndBrowser();

async function pngOf(colour: string, width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A signed-in page at the given width; axe needs inline scripts, which the CSP forbids. */
// Over 1400 px the top bar shows the account menu with the avatar (narrower: the phone menu).
async function signedInPage(
  token: string,
  width = 1440,
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await env.browser.browser!.newContext({
    viewport: { width, height: 900 },
    bypassCSP: true,
  });
  await signIn(context, env.server.url, token);
  return { page: await context.newPage(), context };
}

/** The loaded picture's natural width (0 while it has not loaded or failed to). */
const naturalWidth = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

describe('profile and gallery', () => {
  it('uploads an avatar that shows in the top bar and on the profile without a reload', async () => {
    const account = await newAccount(env.server.url);
    const { page, context } = await signedInPage(account.token);
    try {
      await page.goto(`${env.server.url}/gallery`);
      await page.locator('[data-screen=profile] h1').waitFor();
      await page
        .locator('[data-upload=avatar] input[type=file]')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngOf('#e6a100') });

      let imageId: string | null = null;
      await expect
        .poll(
          async () => {
            const me = await call<{ image_id: string | null }>(env.server.url, 'GET', '/api/user', {
              token: account.token,
            });
            imageId = me.body.image_id;
            return imageId;
          },
          { timeout: 20_000 },
        )
        .not.toBeNull();

      const topbar = '.topbar img.avatar--navbar';
      const profile = '[data-screen=profile] img.avatar--profile';
      for (const selector of [topbar, profile]) {
        await expect
          .poll(() => page.locator(selector).first().getAttribute('src'), { timeout: 20_000 })
          .toContain(`/api/image/${imageId}`);
        await expect
          .poll(() => naturalWidth(page, selector), { timeout: 20_000 })
          .toBeGreaterThan(0);
      }
      expect(await page.locator('[data-upload=avatar] .alert--success').textContent()).toMatch(
        /updated/,
      );

      // The public profile shows the same picture and the player's name.
      await page.goto(`${env.server.url}/profile/${account.id}`);
      await page.locator('[data-screen=profile] h1').waitFor();
      expect(await page.locator('[data-screen=profile] h1').textContent()).toMatch(/^Player /);
      await expect
        .poll(() => page.locator(profile).getAttribute('src'))
        .toContain(`/api/image/${imageId}`);
      await expect.poll(() => naturalWidth(page, profile), { timeout: 20_000 }).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('adds a gallery picture, shows the server’s refusal of a bad file, and deletes', async () => {
    const account = await newAccount(env.server.url);
    const { page, context } = await signedInPage(account.token);
    try {
      await page.goto(`${env.server.url}/gallery`);
      await page.locator('[data-upload=gallery]').waitFor();
      const input = page.locator('[data-upload=gallery] input[type=file]');

      // A text file named .png: the server decodes it, refuses it, and says why.
      await input.setInputFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a picture at all'),
      });
      await expect
        .poll(() => page.locator('[data-upload=gallery] .alert--error').textContent(), {
          timeout: 20_000,
        })
        .toMatch(/PNG, JPEG or WebP/);
      expect(await page.locator('[data-testid=gallery] li').count()).toBe(0);

      await input.setInputFiles({
        name: 'beach.png',
        mimeType: 'image/png',
        buffer: await pngOf('#2a9df4', 640, 480),
      });
      const tile = page.locator('[data-testid=gallery] li img');
      await tile.first().waitFor({ timeout: 20_000 });
      await expect
        .poll(() => naturalWidth(page, '[data-testid=gallery] li img'))
        .toBeGreaterThan(0);
      const listed = await call<{ data: { image_id: string }[] }>(
        env.server.url,
        'GET',
        `/api/users/${account.id}/images`,
      );
      expect(listed.body.data).toHaveLength(1);
      expect(
        await page.locator('[data-testid=gallery] li').first().getAttribute('data-image-id'),
      ).toBe(listed.body.data[0]!.image_id);

      // Another visitor sees it on the public profile, without a delete button.
      const visitor = await env.browser.browser!.newContext({
        viewport: { width: 390, height: 844 },
      });
      const other = await visitor.newPage();
      await other.goto(`${env.server.url}/profile/${account.id}`);
      await other.locator('[data-testid=gallery] li img').waitFor();
      expect(await other.locator('[data-testid=gallery] button').count()).toBe(0);
      await visitor.close();

      await page.locator('[data-testid=gallery] li button').first().click();
      await expect.poll(() => page.locator('[data-testid=gallery] li').count()).toBe(0);
      const after = await call<{ data: unknown[] }>(
        env.server.url,
        'GET',
        `/api/users/${account.id}/images`,
      );
      expect(after.body.data).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('has no serious accessibility violation on /profile/{uid} and /gallery', async () => {
    const account = await newAccount(env.server.url);
    // Something on every part of the page: bets, a picture.
    for (const amount of [1, 2.5, 0.5]) {
      const bet = await call(env.server.url, 'POST', '/api/games/dice/bets', {
        token: account.token,
        body: { amount, target: 50, condition: 'under' },
      });
      expect(bet.status).toBe(200);
    }
    const form = new FormData();
    form.append('kind', 'gallery');
    form.append(
      'file',
      new Blob([new Uint8Array(await pngOf('#7b3fe4'))], { type: 'image/png' }),
      'p.png',
    );
    const uploaded = await fetch(`${env.server.url}/api/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);

    for (const width of [1440, 390]) {
      const { page, context } = await signedInPage(account.token, width);
      try {
        for (const url of [`/profile/${account.id}`, '/gallery']) {
          await page.goto(`${env.server.url}${url}`);
          await page.locator('[data-testid=profile-bets]').waitFor();
          await page.locator('[data-testid=gallery] img').waitFor();
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${url} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
          expect(await seriousViolations(page), `${url} at ${width}px`).toEqual([]);
        }
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
