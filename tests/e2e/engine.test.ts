// The engine's timing-sensitive browser tests, run alone (E2E_ALONE in vitest.config.ts): the
// loop paused while the page is hidden, and the resolution stepping down while frames run late.
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../support/e2eEnvironment';
import { engineSceneShown } from './engine-helpers';

const env = serverAndBrowser();

describe('the engine under load and in the background', () => {
  it('pauses the loop while the page is hidden and resumes when it is visible again', async () => {
    const page = await env.browser.context.newPage();
    await page.goto(`${env.server.url}/dev/engine?scene=physics&test`);
    await engineSceneShown(page, 'physics');
    const steps = () => page.evaluate('window.__engine.scenes.loop.steps') as Promise<number>;
    const setHidden = (hidden: boolean) =>
      page.evaluate(`(() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => ${hidden} });
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => '${hidden ? 'hidden' : 'visible'}',
        });
        document.dispatchEvent(new Event('visibilitychange'));
      })()`);

    await expect.poll(steps).toBeGreaterThan(10);
    await setHidden(true);
    const hiddenAt = await steps();
    await page.waitForTimeout(500);
    expect(await steps()).toBe(hiddenAt);

    await setHidden(false);
    await expect.poll(steps).toBeGreaterThan(hiddenAt);
    // No catch-up burst for the hidden half second: the step cap and the fresh frame clock.
    expect((await steps()) - hiddenAt).toBeLessThan(30);
    await page.close();
  });

  it('renders fewer pixels while frames run late, and full resolution again when switched off', async () => {
    const page = await env.browser.context.newPage();
    const cdp = await env.browser.context.newCDPSession(page);
    await page.goto(`${env.server.url}/dev/engine?scene=demo&count=2000&test`);
    await engineSceneShown(page, 'demo');
    const canvasWidth = () =>
      page.evaluate('document.querySelector("canvas").width') as Promise<number>;
    const scale = () => page.evaluate('window.__engine.stats().resolutionScale') as Promise<number>;
    const fullWidth = await canvasWidth();
    expect(await scale()).toBe(1);

    // A slow device: at 4x a frame of 2,000 sprites takes several display intervals here, so the
    // first window of frames (60) steps the resolution down within seconds. At 20x a frame took
    // about 0.7 s, and one window could outlast the poll on a busy machine.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await expect.poll(scale, { timeout: 30_000 }).toBeLessThan(1);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const lowered = await scale();
    expect(await canvasWidth()).toBe(Math.round(fullWidth * lowered));

    await page.evaluate('window.__engine.setAdaptiveResolution(false)');
    expect(await scale()).toBe(1);
    expect(await canvasWidth()).toBe(fullWidth);
    await page.close();
  });
});
