// Instant mode in the browser (docs/players.md#game-settings): a dice bet and a plinko ball settle
// with no animation, and the top bar shows the server's balance within 300 ms of the tap. It runs
// in the e2e-alone project: a round timed in milliseconds must not share the machine with other
// browser files (vitest.config.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, registerUser } from '../support/testApp';
import { serverAndBrowser } from '../support/e2eEnvironment';
import {
  betsOf,
  openGameAs,
  poll,
  serverBalance,
  simulationValue,
  topBarBalance,
  type Player,
} from './games-helpers';

const env = serverAndBrowser();

/**
 * Taps the bet button and times, inside the page, from the tap to the moment the top bar shows
 * the server's balance after the bet: what the player waits for. The previous bet must be over.
 */
async function timedBet(page: Page, player: Player, button: string): Promise<number> {
  const changes = await page.evaluate(
    (button) =>
      new Promise<{ at: number; text: string }[]>((resolve) => {
        const balance = document.querySelector('[data-testid=balance]')!;
        const changes: { at: number; text: string }[] = [];
        const watch = new MutationObserver(() =>
          changes.push({ at: performance.now() - started, text: balance.textContent ?? '' }),
        );
        watch.observe(balance, { childList: true, subtree: true, characterData: true });
        const started = performance.now();
        (document.querySelector(button) as HTMLElement).click();
        setTimeout(() => {
          watch.disconnect();
          resolve(changes);
        }, 2000);
      }),
    button,
  );
  const final = await serverBalance(env.server.url, player.token);
  const shown = changes.find((c) => Number(c.text.replace(/\./g, '').replace(',', '.')) === final);
  expect(shown, JSON.stringify({ changes, final })).toBeDefined();
  return shown!.at;
}

describe('instant mode in the browser', () => {
  it('instant mode: a dice bet and a plinko ball settle at once, the top bar with them', async () => {
    const player = await registerUser(env.server.url);
    const dice = await openGameAs(env, player, 'dice');
    const panel = dice.page.locator('[data-testid=dice-panel]');
    // The panel's switch is the account's setting.
    await panel.locator('[data-testid=instant-switch]').check({ force: true });
    await poll(async () => {
      const res = await call<{ instant: boolean }>(env.server.url, 'GET', '/api/settings/game', {
        token: player.token,
      });
      return res.body.instant;
    }).toBe(true);

    // A first bet wakes what a first bet wakes (the audio, the seed pair); the second is timed.
    await panel.locator('[data-testid=dice-bet]').click();
    await dice.page.locator('[data-testid=dice-panel][data-last-roll]').waitFor();
    await poll(() => panel.getAttribute('data-busy')).toBeNull();
    const diceMs = await timedBet(dice.page, player, '[data-testid=dice-bet]');
    const [bet] = await betsOf(env.server.url, player.token, 'dice');
    expect(bet!.nonce).toBe(1);
    // The marker rests on the roll, and the top bar on the server's balance.
    expect(await simulationValue<number>(dice.page, 'sim.value')).toBeCloseTo(
      bet!.result.roll as number,
      6,
    );
    expect(await topBarBalance(dice.page)).toBe(await serverBalance(env.server.url, player.token));
    expect(diceMs).toBeLessThan(300);
    await dice.close();

    const plinko = await openGameAs(env, player, 'plinko');
    expect(await plinko.page.locator('[data-testid=instant-switch]').isChecked()).toBe(true);
    await plinko.page.locator('[data-testid=plinko-bet]').click();
    await plinko.page.locator('[data-testid=plinko-result]:not(:empty)').waitFor();
    await poll(() => plinko.page.locator('[data-testid=plinko-in-flight]').textContent()).toBe('0');
    const plinkoMs = await timedBet(plinko.page, player, '[data-testid=plinko-bet]');
    expect(await topBarBalance(plinko.page)).toBe(
      await serverBalance(env.server.url, player.token),
    );
    expect(await simulationValue<number>(plinko.page, 'sim.inFlight')).toBe(0);
    // The ball landed unflown in the server's bucket, at the head of the board's history.
    const [ball] = await betsOf(env.server.url, player.token, 'plinko');
    expect(await simulationValue<number>(plinko.page, 'sim.history[0]')).toBe(ball!.result.bucket);
    expect(plinkoMs).toBeLessThan(300);
    console.log(`instant mode: dice ${diceMs.toFixed(0)} ms, plinko ${plinkoMs.toFixed(0)} ms`);
    await plinko.close();
  });
});
