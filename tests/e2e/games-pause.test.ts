import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { playerPage, poll, setTabHidden, simulationValue, waitForScene } from './games-helpers';
import { serverAndBrowser } from '../support/e2eEnvironment';

const env = serverAndBrowser();

const paused = (page: Page) => page.evaluate('window.__engine.scenes.paused') as Promise<boolean>;

describe('a game scene pauses while the player looks away', () => {
  it('takes no key while a dialog covers it or the tab is hidden, and does again after', async () => {
    const { page, close } = await playerPage(env.browser, env.server.url);
    await page.goto(`${env.server.url}/mines?test`);
    await waitForScene(page, 'mines');
    await page.locator('[data-testid=mines-panel][data-loaded]').waitFor();
    expect(await paused(page)).toBe(false);

    // The fairness dialog is modal: the arrows (the scene's keys) do not move the board's cursor.
    await page.locator('[data-testid=open-fairness]').click();
    await page.locator('[role=dialog]').waitFor();
    await poll(() => paused(page)).toBe(true);
    await page.keyboard.press('ArrowUp');
    expect(await simulationValue<number>(page, 'sim.cursor')).toBe(12);
    await page.keyboard.press('Escape');
    await page.locator('[role=dialog]').waitFor({ state: 'detached' });
    await poll(() => paused(page)).toBe(false);
    await page.locator('h1').click();
    await page.keyboard.press('ArrowUp');
    expect(await simulationValue<number>(page, 'sim.cursor')).toBe(7);

    await setTabHidden(page, true);
    expect(await paused(page)).toBe(true);
    await setTabHidden(page, false);
    expect(await paused(page)).toBe(false);
    await close();
  });
});
