// `npm run bench -- minislot`: the mini slot's reels spinning (motion blur, braking, bounce) on
// the /minislot?test page in headless Chromium with 4x CPU throttling; budget engine CPU p95 <= 4 ms.
// Prints engine CPU (update + render per frame), frame time, late frames and the machine's load
// beside a baseline of the same page with the reels at rest; exits 1 over budget.
// Uses the build in DIST_DIR when set, otherwise builds into .tmp/dist-bench first.
import '../support/node-globals';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { repoRoot, startServer } from '../support/server';

const BUDGET_CPU_P95_MS = 4;
const THROTTLE = 4;
const WARMUP_MS = 3000;
// Sample until this many frames (or the time limit): on a loaded machine frames come slowly, and
// a p95 over a few dozen frames is the second or third worst frame.
const MIN_FRAMES = 300;
const MAX_SAMPLE_MS = 45_000;
const POLL_MS = 1000;
/** A frame later than 1.5 frames of 60 Hz (a missed vsync). */
const LATE_MS = 1.5 * (1000 / 60);

interface Samples {
  frame: number[];
  update: number[];
  render: number[];
  cpu: number[];
  drawCalls: number;
  resolutionScale: number;
  sampledMs: number;
}

// Reads the frames recorded since `since` from the engine's sample rings (oldest first).
const READ_NEW_FRAMES = (since: number) => `(() => {
  const s = window.__engine.frameStats;
  const fresh = Math.min(s.recorded - ${since}, s.frame.size);
  const tail = (ring) => ring.values().slice(ring.size - fresh);
  return { recorded: s.recorded, frame: tail(s.frame), update: tail(s.update), render: tail(s.render),
    cpu: tail(s.cpu), drawCalls: s.drawCalls, resolutionScale: window.__engine.stats().resolutionScale };
})()`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

/** Every frame the engine records from now on, until `minFrames` or `maxMs`. */
async function sample(page: Page, minFrames: number, maxMs: number): Promise<Samples> {
  const samples: Samples = {
    frame: [],
    update: [],
    render: [],
    cpu: [],
    drawCalls: 0,
    resolutionScale: 1,
    sampledMs: 0,
  };
  let since = (await page.evaluate('window.__engine.frameStats.recorded')) as number;
  const started = Date.now();
  while (samples.frame.length < minFrames && Date.now() - started < maxMs) {
    await page.waitForTimeout(POLL_MS);
    const fresh = (await page.evaluate(READ_NEW_FRAMES(since))) as Samples & { recorded: number };
    since = fresh.recorded;
    for (const key of ['frame', 'update', 'render', 'cpu'] as const)
      samples[key].push(...fresh[key]);
    samples.drawCalls = fresh.drawCalls;
    samples.resolutionScale = fresh.resolutionScale;
  }
  samples.sampledMs = Date.now() - started;
  return samples;
}

let distDir = process.env.DIST_DIR;
if (!distDir) {
  distDir = '.tmp/dist-bench';
  console.log(`building into ${distDir} ...`);
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = await startServer({ env: { DIST_DIR: path.resolve(repoRoot, distDir) } });
const browser = await launchBrowser();
const loadBefore = os.loadavg()[0]!;
let spinning: Samples;
let resting: Samples;
let spins: number;
let spinningShare: number;
try {
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await page.goto(`${server.url}/minislot?test`);
  await page.locator('[data-scene-state=shown] [data-scene=minislot]').waitFor({ timeout: 60_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  // Baseline: the same page with the reels at rest (what the page and the machine's load cost).
  await page.waitForTimeout(WARMUP_MS / 2);
  resting = await sample(page, MIN_FRAMES / 2, MAX_SAMPLE_MS / 3);
  // Spin again as soon as the reels rest, onto random stops, and count frames with reels turning.
  await page.evaluate(`(() => {
    const sim = window.__engine.scenes.simulation;
    window.__slotBench = { spins: 0, frames: 0, turning: 0 };
    const next = () => {
      window.__slotBench.spins += 1;
      sim.spin([0, 1, 2].map(() => Math.floor(Math.random() * 32)), false, () => setTimeout(next, 50));
    };
    next();
    const count = () => {
      window.__slotBench.frames += 1;
      if (sim.spinning) window.__slotBench.turning += 1;
      requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
  })()`);
  await page.waitForTimeout(WARMUP_MS);
  await page.evaluate('Object.assign(window.__slotBench, { spins: 0, frames: 0, turning: 0 })');
  spinning = await sample(page, MIN_FRAMES, MAX_SAMPLE_MS);
  const counted = (await page.evaluate('window.__slotBench')) as {
    spins: number;
    frames: number;
    turning: number;
  };
  spins = counted.spins;
  spinningShare = counted.frames ? counted.turning / counted.frames : 0;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
} finally {
  await browser.close();
  await server.stop();
}
const loadAfter = os.loadavg()[0]!;

const ms = (v: number) => `${v.toFixed(2)} ms`;
const frames = spinning.frame.length;
const cpuP95 = percentile(spinning.cpu, 0.95);
const late = spinning.frame.filter((v) => v > LATE_MS).length;
console.log(
  `mini slot scene in Chromium: ${THROTTLE}x CPU throttling, ${frames} frames in ${(spinning.sampledMs / 1000).toFixed(1)} s, ${spins} spins, reels turning in ${Math.round(spinningShare * 100)}% of frames`,
);
console.log(
  `  machine: load average ${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)} on ${os.cpus().length} cores (above the core count it is busy)`,
);
console.log(
  `  engine CPU   p50 ${ms(percentile(spinning.cpu, 0.5))}   p95 ${ms(cpuP95)}   p99 ${ms(percentile(spinning.cpu, 0.99))}   (update p95 ${ms(percentile(spinning.update, 0.95))}, render p95 ${ms(percentile(spinning.render, 0.95))}, ${spinning.drawCalls} draw calls)`,
);
console.log(
  `  frame time   p50 ${ms(percentile(spinning.frame, 0.5))}   p95 ${ms(percentile(spinning.frame, 0.95))}   ${late} of ${frames} frames late (> ${LATE_MS.toFixed(1)} ms)   (fps ${((frames * 1000) / Math.max(1, spinning.sampledMs)).toFixed(1)}, render resolution ${Math.round(spinning.resolutionScale * 100)}%)`,
);
console.log(
  `  baseline (reels at rest, same page, ${resting.frame.length} frames): engine CPU p50 ${ms(percentile(resting.cpu, 0.5))}   p95 ${ms(percentile(resting.cpu, 0.95))}; frame p95 ${ms(percentile(resting.frame, 0.95))}`,
);
console.log(`  budget: engine CPU p95 <= ${BUDGET_CPU_P95_MS} ms`);
if (frames < 60 || spinningShare < 0.5) {
  console.error('FAIL: too few frames, or the reels were not turning, to judge');
  process.exit(1);
}
if (cpuP95 > BUDGET_CPU_P95_MS) {
  console.error(`FAIL: engine CPU p95 ${ms(cpuP95)} is over the ${BUDGET_CPU_P95_MS} ms budget`);
  process.exit(1);
}
console.log(`PASS (${ms(BUDGET_CPU_P95_MS - cpuP95)} under budget)`);
