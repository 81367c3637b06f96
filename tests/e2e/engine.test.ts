import fs from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../support/e2eEnvironment';

const env = serverAndBrowser(['--enable-precise-memory-info', '--js-flags=--expose-gc']);

// Runs in the page before any script: remembers every WebGL context handed out, so the test can
// count the live ones (a lost context no longer counts).
const TRACK_CONTEXTS = `(() => {
  const contexts = [];
  const original = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
    const context = original.call(this, type, ...rest);
    if (context && /webgl/.test(String(type)) && !contexts.includes(context)) contexts.push(context);
    return context;
  };
  window.__liveWebGL = () => contexts.filter((c) => !c.isContextLost()).length;
  window.__createdWebGL = () => contexts.length;
})()`;

async function liveContexts(page: Page): Promise<number> {
  return page.evaluate('window.__liveWebGL()') as Promise<number>;
}

async function heapUsed(cdp: CDPSession): Promise<number> {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

/** Client-side navigation, as the app's links do it: pushState, then popstate for the router. */
async function pushState(page: Page, url: string): Promise<void> {
  await page.evaluate(`(() => {
    history.pushState(null, '', ${JSON.stringify(url)});
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  })()`);
}

async function engineSceneShown(page: Page, scene: string): Promise<void> {
  // A function, not a string: Playwright evaluates a string predicate with eval, which the CSP
  // (rightly) refuses to the page.
  await page.waitForFunction(
    (name) => {
      const main = document.querySelector('[data-screen="engine-demo"][data-state="shown"]');
      const view = document.querySelector<HTMLElement>('[data-testid="game-view"]');
      return main && view && view.dataset.scene === name && view.querySelector('canvas');
    },
    scene,
    { timeout: 30_000 },
  );
}

async function lobbyShown(page: Page): Promise<void> {
  await page.waitForSelector('[data-screen="home"]', { timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid="game-view"]'));
}

describe('the engine across client-side navigations', () => {
  it('keeps one live WebGL context and the JS heap within 10 MB over 50 navigations', async () => {
    const page = await env.browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(TRACK_CONTEXTS);
    const cdp = await env.browser.context.newCDPSession(page);

    await page.goto(`${env.server.url}/dev/engine?scene=demo&count=500&test&renderer=webgl`);
    await engineSceneShown(page, 'demo');
    // Warm-up: both scenes and the lobby once, so pooled scenes and loaded chunks are in the baseline.
    await page.click('[data-testid="engine-link-physics"]');
    await engineSceneShown(page, 'physics');
    await page.click('[data-testid="engine-link-home"]');
    await lobbyShown(page);
    await pushState(page, '/dev/engine?scene=demo&count=500');
    await engineSceneShown(page, 'demo');
    const before = await heapUsed(cdp);

    // 50 navigations: demo -> physics (link) -> lobby (link) -> physics (pushState) -> demo (link) -> lobby ...
    const steps: { name: string; go: () => Promise<void> }[] = [
      {
        name: 'physics by link',
        go: async () => {
          await page.click('[data-testid="engine-link-physics"]');
          await engineSceneShown(page, 'physics');
        },
      },
      {
        name: 'lobby by link',
        go: async () => {
          await page.click('[data-testid="engine-link-home"]');
          await lobbyShown(page);
        },
      },
      {
        name: 'physics by pushState',
        go: async () => {
          await pushState(page, '/dev/engine?scene=physics');
          await engineSceneShown(page, 'physics');
        },
      },
      {
        name: 'demo by link',
        go: async () => {
          await page.click('[data-testid="engine-link-demo"]');
          await engineSceneShown(page, 'demo');
        },
      },
      {
        name: 'lobby by pushState',
        go: async () => {
          await pushState(page, '/');
          await lobbyShown(page);
        },
      },
      {
        name: 'demo by pushState',
        go: async () => {
          await pushState(page, '/dev/engine?scene=demo&count=500');
          await engineSceneShown(page, 'demo');
        },
      },
    ];
    let maxLive = 0;
    for (let i = 0; i < 50; i++) {
      const step = steps[i % steps.length]!;
      await step.go();
      maxLive = Math.max(maxLive, await liveContexts(page));
      expect(await page.locator('canvas').count(), `after ${step.name}`).toBeLessThanOrEqual(1);
    }
    // End on the engine page and let it run a moment.
    await pushState(page, '/dev/engine?scene=demo&count=500');
    await engineSceneShown(page, 'demo');
    await page.waitForTimeout(500);
    const after = await heapUsed(cdp);

    expect(maxLive).toBe(1);
    expect(await liveContexts(page)).toBe(1);
    const growthMb = (after - before) / 1024 / 1024;
    console.log(
      `engine navigations: heap ${(before / 1048576).toFixed(1)} MB -> ${(after / 1048576).toFixed(1)} MB ` +
        `(+${growthMb.toFixed(2)} MB), live WebGL contexts max ${maxLive}, created ${await page.evaluate('window.__createdWebGL()')}`,
    );
    expect(growthMb).toBeLessThan(10);
    // The engine is the same object throughout (never recreated per page).
    expect(await page.evaluate('window.__engine.liveContexts()')).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('opens the debug overlay with ?debug and Ctrl+Shift+D, and its params change the running scene', async () => {
    const page = await env.browser.context.newPage();
    await page.goto(`${env.server.url}/dev/engine?scene=demo&count=100&debug`);
    await engineSceneShown(page, 'demo');
    await page.waitForSelector('[data-testid="engine-debug"]');
    expect(await page.evaluate('window.__engine.debugOpen')).toBe(true);

    // Import pasted JSON: validated against the ranges, then applied live.
    await page.fill('[data-testid="engine-debug-import"]', '{"count": 321, "speed": 400}');
    await page.getByText('Apply pasted JSON').click();
    await expect.poll(() => page.evaluate('window.__engine.scenes.simulation.count')).toBe(321);
    expect(await page.evaluate('window.__engine.scenes.params().values')).toEqual({
      count: 321,
      speed: 400,
    });
    await page.fill('[data-testid="engine-debug-import"]', '{"count": 999999}');
    await page.getByText('Apply pasted JSON').click();
    await page.getByText('count: is outside 1..20000').waitFor();
    expect(await page.evaluate('window.__engine.scenes.simulation.count')).toBe(321);

    // A value typed past its range is kept inside it, and the overlay says so.
    const countField = page.locator('[data-param=count] input.tp-txtv_i');
    await countField.fill('999999');
    await countField.press('Enter');
    await page.getByText('count: 999999 is outside 1..20000; set to 20000.').waitFor();
    await expect.poll(() => page.evaluate('window.__engine.scenes.simulation.count')).toBe(20000);
    await page.fill('[data-testid="engine-debug-import"]', '{"count": 321, "speed": 400}');
    await page.getByText('Apply pasted JSON').click();

    // Export: a JSON download of the live values (also copied to the clipboard where allowed).
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByText('Export JSON (download + copy)').click(),
    ]);
    expect(download.suggestedFilename()).toBe('demo-params.json');
    const exported = fs.readFileSync((await download.path())!, 'utf8');
    expect(JSON.parse(exported)).toEqual({ count: 321, speed: 400 });

    await page.keyboard.press('Control+Shift+D');
    await page.waitForSelector('[data-testid="engine-debug"]', { state: 'detached' });
    await page.keyboard.press('Control+Shift+D');
    await page.waitForSelector('[data-testid="engine-debug"]');
    await page.close();
  });

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

    // A very slow device: most frames come late, so the resolution steps down within seconds.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
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
