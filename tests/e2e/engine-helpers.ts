// What the engine's browser files share: WebGL contexts counted, the heap measured, client-side
// navigation as the app's links do it, and waits for the engine's demo page and the lobby.
import type { CDPSession, Page } from 'playwright-core';

// Runs in the page before any script: remembers every WebGL context handed out, so the test can
// count the live ones (a lost context no longer counts).
export const TRACK_CONTEXTS = `(() => {
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

export async function liveContexts(page: Page): Promise<number> {
  return page.evaluate('window.__liveWebGL()') as Promise<number>;
}

export async function heapUsed(cdp: CDPSession): Promise<number> {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

/** Client-side navigation, as the app's links do it: pushState, then popstate for the router. */
export async function pushState(page: Page, url: string): Promise<void> {
  await page.evaluate(`(() => {
    history.pushState(null, '', ${JSON.stringify(url)});
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  })()`);
}

/**
 * The engine page shows `scene`, and the navigator has finished with the address: the engine page
 * switches scenes as soon as the address changes, before the navigator swaps in the new page
 * (src/app/Navigator.tsx). A link clicked in between is replaced under the pointer and the click
 * is lost, which is what made this wait flaky on a loaded machine.
 */
export async function engineSceneShown(page: Page, scene: string): Promise<void> {
  // A function, not a string: Playwright evaluates a string predicate with eval, which the CSP
  // (rightly) refuses to the page.
  await page.waitForFunction(
    (name) => {
      const settled = document.querySelector(
        `.screen-content[data-path="${location.pathname}${location.search}"]:not(.screen-content--leaving)`,
      );
      const main = document.querySelector('[data-screen="engine-demo"][data-state="shown"]');
      const view = document.querySelector<HTMLElement>('[data-testid="game-view"]');
      return settled && main && view && view.dataset.scene === name && view.querySelector('canvas');
    },
    scene,
    { timeout: 30_000 },
  );
}

export async function lobbyShown(page: Page): Promise<void> {
  await page.waitForSelector('[data-screen="home"]', { timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('[data-testid="game-view"]'));
}
