// The engine across client-side navigations: one WebGL context and a bounded heap over 50 of
// them, and the debug overlay changing a running scene.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverAndBrowser } from '../support/e2eEnvironment';
import {
  TRACK_CONTEXTS,
  liveContexts,
  heapUsed,
  pushState,
  engineSceneShown,
  lobbyShown,
} from './engine-helpers';

const env = serverAndBrowser(['--enable-precise-memory-info', '--js-flags=--expose-gc']);

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
});
