// One money format and one multiplier format on every game page, in every language: the balance's
// German format (1.234,56) for every amount and every decimal, and 2,00× for every multiplier, in
// the page and in the scene's own texts, with a bet of each instant game in the history.
import { describe, expect, it } from 'vitest';
import { PLAYABLE_GAMES, gamePath } from '../../games/shared/registry/catalog';
import { LOCALES } from '../../server/i18n/messages';
import { call, registerUser } from '../support/testApp';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { EVERY_GAME, gamesUnderTest } from '../support/gamesUnderTest';
import { waitForScene } from './games-helpers';

const env = serverAndBrowser();

/** A bet of each instant game, so that the history rows show amounts and multipliers. */
const BETS: [string, Record<string, unknown>][] = [
  ['/api/games/dice/bets', { amount: 1.5, target: 50.5, condition: 'over' }],
  ['/api/games/plinko/bets', { amount: 1.25, rows: 12, risk: 'high' }],
  ['/api/games/minislot/spins', { amount: 2 }],
  ['/api/games/asteroids/rounds', { amount: 1 }],
];

/** A number with a decimal point (not a thousands point: '1.000,00' has three digits after it). */
const POINT_DECIMAL = /\d\.\d{1,2}(?!\d)/;
/** A multiplier written with a letter x ('1.50x', '2x') instead of '1,50×'. */
const LETTER_X = /\d(?:[.,]\d+)?x\b/;

describe('number formats on the game pages', EVERY_GAME, () => {
  it.each(LOCALES)(
    '%s: every amount in the German format, every multiplier as 1,00×',
    async (locale) => {
      const player = await registerUser(env.server.url);
      for (const [path, body] of BETS) {
        const placed = await call(env.server.url, 'POST', path, { token: player.token, body });
        expect(placed.status, `${path} ${JSON.stringify(placed.body)}`).toBe(200);
      }
      const context = await env.browser.browser!.newContext({
        viewport: { width: 1440, height: 900 },
      });
      await context.addCookies([
        { name: 'token', value: player.token, url: env.server.url },
        { name: 'locale', value: locale, url: env.server.url },
      ]);
      const page = await context.newPage();
      const multipliers = new Set<string>();
      for (const game of gamesUnderTest(PLAYABLE_GAMES)) {
        await page.goto(`${env.server.url}${gamePath(game)}?test`);
        await waitForScene(page, game.id);
        await page.locator(`[data-testid=${game.id}-panel]`).waitFor();
        await page.waitForTimeout(300);
        const texts = await page.evaluate(() => {
          const shown: string[] = [document.body.innerText];
          type Node = { text?: unknown; visible?: boolean; children?: Node[] };
          const walk = (node: Node) => {
            if (node.visible === false) return;
            if (typeof node.text === 'string' && node.text) shown.push(node.text);
            for (const child of node.children ?? []) walk(child);
          };
          const stage = window.__engine?.application?.stage as unknown as Node | undefined;
          if (stage) walk(stage);
          return shown;
        });
        for (const text of texts.slice(1)) {
          for (const found of text.match(/\d+,\d\d×/g) ?? []) multipliers.add(found);
        }
        for (const text of texts) {
          for (const line of text.split('\n')) {
            expect(line, `${locale} ${game.id}`).not.toMatch(POINT_DECIMAL);
            expect(line, `${locale} ${game.id}`).not.toMatch(LETTER_X);
          }
        }
      }
      await context.close();
    },
    120_000,
  );
});
