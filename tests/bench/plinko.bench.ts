// `npm run bench -- plinko`: 100 plinko balls in flight on a 16-row board, default params.
// Node: simulation time (guidance + matter-js) per 60 Hz step; budget p99 <= 2 ms. Exits 1 over.
// The budget is judged on the process's CPU time per step (process.cpuUsage), which a machine
// shared with other jobs does not inflate; wall time is printed beside it.
// Chromium: the /plinko page (?test exposes the engine) kept at 100 balls in flight, with 4x CPU
// throttling; frame time p95 from engine.stats(); budget p95 <= 16.7 ms. Uses the build in
// DIST_DIR when set, otherwise builds into .tmp/dist-bench first.
import '../support/node-globals';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { launchBrowser } from '../support/browser';
import { repoRoot, startServer } from '../support/server';
import { defaultValues } from '../../engine';
import { plinkoParams } from '../../games/plinko/params';
import { PlinkoSimulation } from '../../games/plinko/simulation';
import { prng } from '../support/prng';

const BUDGET_P99_MS = 2;
const BUDGET_FRAME_P95_MS = 16.7;
/**
 * Chromium coarsens requestAnimationFrame timestamps to 0.1 ms (no cross-origin isolation), so an
 * on-time 60 Hz frame (16.67 ms) reads anywhere from 16.6 to 16.8 ms; a late one reads 33.3 ms.
 * The frame-time check allows that resolution and nothing more.
 */
const TIMESTAMP_RESOLUTION_MS = 0.1;
const THROTTLE = 4;
const WARMUP_MS = 3000;
const SAMPLE_MS = 5000;
const ROWS = 16;
const IN_FLIGHT = 100;
const WARMUP_STEPS = 600;
const MEASURED_STEPS = 3000;

const random = prng(16);
const sim = new PlinkoSimulation(
  { rows: ROWS, risk: 'high', seed: 7 },
  defaultValues(plinkoParams),
);
const randomPath = () => Array.from({ length: ROWS }, () => (random() < 0.5 ? 'L' : 'R')).join('');
const times: number[] = [];
const cpuTimes: number[] = [];
let landed = 0;
sim.onLanding(() => (landed += 1));
for (let step = 0; step < WARMUP_STEPS + MEASURED_STEPS; step++) {
  // Keep the board full: a new ball whenever one landed (at most two a step, like a fast auto-bet).
  for (let n = 0; n < 2 && sim.inFlight < IN_FLIGHT; n++) sim.drop({ path: randomPath() });
  const started = performance.now();
  const cpu = process.cpuUsage();
  sim.update(1 / 60);
  const used = process.cpuUsage(cpu);
  const elapsed = performance.now() - started;
  if (step >= WARMUP_STEPS) {
    times.push(elapsed);
    cpuTimes.push((used.user + used.system) / 1000);
  }
}
sim.dispose();

times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const quantile = (list: number[], q: number) =>
  list[Math.min(list.length - 1, Math.floor(q * list.length))]!;
const ms = (v: number) => `${v.toFixed(3)} ms`;
const line = (list: number[]) =>
  `p50 ${ms(quantile(list, 0.5))}   p95 ${ms(quantile(list, 0.95))}   p99 ${ms(quantile(list, 0.99))}   max ${ms(list.at(-1)!)}`;
const p99 = quantile(cpuTimes, 0.99);
console.log(
  `plinko simulation: ${ROWS} rows, ${IN_FLIGHT} balls in flight, ${MEASURED_STEPS} steps measured, ${landed} balls landed`,
);
console.log(`  CPU time per step    ${line(cpuTimes)}`);
console.log(`  wall time per step   ${line(times)}`);
console.log(`  budget: simulation CPU time per 60 Hz step p99 <= ${BUDGET_P99_MS} ms (Node)`);
let failed = false;
if (p99 > BUDGET_P99_MS) {
  console.error(`FAIL: CPU time p99 ${ms(p99)} is over the ${BUDGET_P99_MS} ms budget`);
  failed = true;
}

interface FrameStats {
  fps: number;
  frameMs: { p50: number; p95: number; p99: number; max: number };
  cpuMs: { p50: number; p95: number };
  updateMs: number;
  renderMs: number;
  resolutionScale: number;
  samples: number;
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
let frames: FrameStats;
let flying: number;
let late: number;
try {
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await page.goto(`${server.url}/plinko?test`);
  await page.locator('[data-scene-state=shown] [data-scene=plinko]').waitFor({ timeout: 60_000 });
  // Keep 100 balls in flight on 16 rows (random paths; no bets: this measures the scene).
  await page.evaluate(`(() => {
    const sim = window.__engine.scenes.simulation;
    sim.setBoard(${ROWS}, 'high');
    const path = () => Array.from({ length: ${ROWS} }, () => (Math.random() < 0.5 ? 'L' : 'R')).join('');
    setInterval(() => { for (let n = 0; n < 4 && sim.inFlight < ${IN_FLIGHT}; n++) sim.drop({ path: path() }); }, 50);
  })()`);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.waitForTimeout(WARMUP_MS);
  await page.evaluate('window.__engine.frameStats.reset()');
  await page.waitForTimeout(SAMPLE_MS);
  frames = (await page.evaluate('window.__engine.stats()')) as FrameStats;
  const intervals = (await page.evaluate('window.__engine.frameStats.frame.values()')) as number[];
  late = intervals.filter((ms) => ms > 1.5 * (1000 / 60)).length;
  flying = (await page.evaluate('window.__engine.scenes.simulation.inFlight')) as number;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
} finally {
  await browser.close();
  await server.stop();
}
console.log(
  `plinko scene in Chromium: ${ROWS} rows, ${flying} balls in flight at the end, ${THROTTLE}x CPU throttling, ${frames.samples} frames`,
);
console.log(
  `  frame time   p50 ${ms(frames.frameMs.p50)}   p95 ${ms(frames.frameMs.p95)}   ${late} of ${frames.samples} frames late   (fps ${frames.fps.toFixed(1)}; engine CPU p95 ${ms(frames.cpuMs.p95)}: update ${ms(frames.updateMs)}, render ${ms(frames.renderMs)})`,
);
console.log(
  `  render resolution ${Math.round(frames.resolutionScale * 100)}% of the device's (the engine's dynamic resolution)`,
);
console.log(
  `  budget: frame time p95 <= ${BUDGET_FRAME_P95_MS} ms (one 60 Hz frame; timestamps resolve ${TIMESTAMP_RESOLUTION_MS} ms)`,
);
if (frames.samples < 30 || flying < IN_FLIGHT * 0.8) {
  console.error('FAIL: too few frames or balls to judge');
  failed = true;
} else if (frames.frameMs.p95 > BUDGET_FRAME_P95_MS + TIMESTAMP_RESOLUTION_MS) {
  console.error(`FAIL: frame time p95 ${ms(frames.frameMs.p95)} is over ${BUDGET_FRAME_P95_MS} ms`);
  failed = true;
}
if (failed) process.exit(1);
console.log('PASS');
