import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../support/testApp';
import { serverAndBrowser } from '../support/e2eEnvironment';

const env = serverAndBrowser();
let token: string;

beforeAll(async () => {
  token = (await registerUser(env.server.url)).token;
});

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

describe('game pages fit the screen', () => {
  for (const viewport of VIEWPORTS) {
    it(`leave no horizontal overflow and keep the canvas and wallet button inside at ${viewport.width} px`, async () => {
      const context = await env.browser.browser!.newContext({ viewport });
      await context.addCookies([{ name: 'token', value: token, url: env.server.url }]);
      const page = await context.newPage();
      for (const path of ['/dice', '/mines', '/roulette', '/plinko']) {
        await page.goto(`${env.server.url}${path}`);
        await page.locator('.game-view canvas').waitFor();
        // Let the engine's ResizeObserver settle: the canvas follows its host.
        await page.waitForTimeout(300);
        const layout = await page.evaluate(() => {
          const canvas = document.querySelector('.game-view canvas')!.getBoundingClientRect();
          const host = document.querySelector('.game-page__scene')!.getBoundingClientRect();
          const wallet = document.querySelector<HTMLElement>('.balance-box__wallet');
          return {
            pageWidth: document.documentElement.scrollWidth,
            viewportWidth: window.innerWidth,
            canvasRight: canvas.right,
            hostRight: host.right,
            walletClipped: wallet ? wallet.scrollWidth > wallet.clientWidth : false,
          };
        });
        expect(layout.pageWidth, path).toBeLessThanOrEqual(layout.viewportWidth);
        expect(layout.canvasRight, path).toBeLessThanOrEqual(layout.hostRight + 0.5);
        expect(layout.walletClipped, path).toBe(false);
      }
      await context.close();
    });
  }
});
