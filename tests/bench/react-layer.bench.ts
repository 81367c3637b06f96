// `npm run bench -- react-layer`: a live readout (a value and a bar, new every frame, as a crash
// multiplier gets) drawn by a React layer (games/shared/scene/reactLayer.ts) against the same readout
// updated imperatively, in the engine in headless Chromium with 4x CPU throttling. Prints the
// frame time p95 (engine.stats()) and the JavaScript time per frame (Chrome's ScriptDuration:
// the engine's frame, Pixi's text and React's render and commit, which run outside the frame).
// Each mode runs twice, alternating, and keeps its better run (a shared machine's noise).
// Budget: the React layer costs at most 2 ms more JavaScript time per frame than the imperative
// readout (most of either is Pixi re-rasterising the changed Text). Exits 1 over.
import { CHROMIUM_PATH, launchBrowser } from '../support/browser';
import {
  REACT_LAYER_ORIGIN,
  buildReactLayerPage,
  serveReactLayerPage,
} from '../support/reactLayerPage';

const BUDGET_EXTRA_MS = 2;
const ROUNDS = 2;
const THROTTLE = Number(process.env.THROTTLE ?? 4);
const WARMUP_MS = 2000;
const SAMPLE_MS = 5000;

interface Figures {
  frames: number;
  frameP95: number;
  cpuP95: number;
  busyPerFrame: number;
}

const dir = await buildReactLayerPage();
const browser = await launchBrowser([], CHROMIUM_PATH);

async function measure(mode: 'react' | 'imperative'): Promise<Figures> {
  const page = await browser.context.newPage();
  try {
    await serveReactLayerPage(page, dir);
    await page.goto(`${REACT_LAYER_ORIGIN}/index.html`);
    await page.waitForFunction('window.__layerTest !== undefined');
    await page.evaluate(`window.__layerTest.show('${mode}')`);
    await page.evaluate('window.__layerTest.animate()');
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await page.waitForTimeout(WARMUP_MS);
    const busy = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'ScriptDuration')!.value * 1000;
    };
    await page.evaluate('window.__layerTest.engine.frameStats.reset()');
    const busyBefore = await busy();
    await page.waitForTimeout(SAMPLE_MS);
    const busyMs = (await busy()) - busyBefore;
    const stats = (await page.evaluate('window.__layerTest.engine.stats()')) as {
      samples: number;
      frameMs: { p95: number };
      cpuMs: { p95: number };
    };
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return {
      frames: stats.samples,
      frameP95: stats.frameMs.p95,
      cpuP95: stats.cpuMs.p95,
      busyPerFrame: busyMs / Math.max(1, stats.samples),
    };
  } finally {
    await page.close();
  }
}

const runs: Record<'imperative' | 'react', Figures[]> = { imperative: [], react: [] };
try {
  for (let round = 0; round < ROUNDS; round++) {
    runs.imperative.push(await measure('imperative'));
    runs.react.push(await measure('react'));
  }
} finally {
  await browser.close();
}
const best = (list: Figures[]) => list.reduce((a, b) => (b.busyPerFrame < a.busyPerFrame ? b : a));
const results = { imperative: best(runs.imperative), react: best(runs.react) };
const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
console.log(
  `live readout, a new value every frame, ${THROTTLE}x CPU throttling, ${SAMPLE_MS / 1000} s each:`,
);
console.log(
  `  ${''.padEnd(12)}${'frame p95'.padStart(10)}${'engine CPU p95'.padStart(16)}${'JS per frame'.padStart(19)}`,
);
for (const [mode, f] of Object.entries(results)) {
  console.log(
    `  ${mode.padEnd(12)}${ms(f.frameP95)}${ms(f.cpuP95).padStart(16)}${ms(f.busyPerFrame).padStart(19)}   (${f.frames} frames)`,
  );
}
const extra = results.react.busyPerFrame - results.imperative.busyPerFrame;
console.log(`  React's extra JavaScript time per frame: ${extra.toFixed(2)} ms`);
console.log(
  `  budget: at most ${BUDGET_EXTRA_MS} ms more JavaScript time per frame than imperative`,
);
if (results.react.frames < 30 || results.imperative.frames < 30) {
  console.error('FAIL: too few frames to judge');
  process.exit(1);
}
if (extra > BUDGET_EXTRA_MS) {
  console.error(`FAIL: ${extra.toFixed(2)} ms is over the budget`);
  process.exit(1);
}
console.log('PASS');
