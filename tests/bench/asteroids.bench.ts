// `npm run bench -- asteroids`: the nine rocks split to 18, with 30 bullets in flight.
// Node: simulation time (ship, bullets, matter-js) per 60 Hz step, printed for reference.
// Chromium: the /asteroids page (?test exposes the engine) kept at 18 rocks and 30 bullets, with
// 4x CPU throttling; budget: the engine's CPU time per frame (update + render) p95 <= 6 ms.
// Uses the build in DIST_DIR when set, otherwise builds into .tmp/dist-bench first.
import '../support/node-globals';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { launchBrowser } from '../support/browser';
import { repoRoot, startServer } from '../support/server';
import { defaultValues } from '../../engine';
import { asteroidsParams } from '../../games/asteroids/params';
import { AsteroidsSimulation } from '../../games/asteroids/simulation';
import { prng } from '../support/prng';

const BUDGET_ENGINE_CPU_P95_MS = 6;
const THROTTLE = 4;
const WARMUP_MS = 3000;
const SAMPLE_MS = 5000;
const ROCKS = 18;
const BULLETS = 30;
const GEMS = [1, 2, 5, 10, 50, 1, 2, 5, 10];
const WARMUP_STEPS = 600;
const MEASURED_STEPS = 3000;

const random = prng(17);
const sim = new AsteroidsSimulation(undefined, defaultValues(asteroidsParams));
/** Back to 18 rocks whenever a bullet broke one, and 30 bullets fired in random directions. */
const keepBusy = (round: number) => {
  if (!sim.active || sim.rocks.length < ROCKS) {
    sim.start({ gems: GEMS, seed: round });
    sim.splitAll();
  }
  while (sim.bullets.length < BULLETS) sim.fire(random() * Math.PI * 2);
};
const cpuTimes: number[] = [];
const times: number[] = [];
for (let step = 0; step < WARMUP_STEPS + MEASURED_STEPS; step++) {
  keepBusy(step);
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
cpuTimes.sort((a, b) => a - b);
times.sort((a, b) => a - b);
const quantile = (list: number[], q: number) =>
  list[Math.min(list.length - 1, Math.floor(q * list.length))]!;
const ms = (v: number) => `${v.toFixed(3)} ms`;
const line = (list: number[]) =>
  `p50 ${ms(quantile(list, 0.5))}   p95 ${ms(quantile(list, 0.95))}   p99 ${ms(quantile(list, 0.99))}   max ${ms(list.at(-1)!)}`;
console.log(
  `asteroids simulation: ${ROCKS} rocks and ${BULLETS} bullets, ${MEASURED_STEPS} steps measured`,
);
console.log(`  CPU time per step    ${line(cpuTimes)}`);
console.log(`  wall time per step   ${line(times)}`);

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
let busy: { rocks: number; bullets: number };
try {
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await page.goto(`${server.url}/asteroids?test`);
  await page
    .locator('[data-scene-state=shown] [data-scene=asteroids]')
    .waitFor({ timeout: 60_000 });
  // No bets: this measures the scene. Particles and shake stay on (their defaults).
  await page.evaluate(`(() => {
    const sim = window.__engine.scenes.simulation;
    let round = 0;
    const keep = () => {
      if (!sim.active || sim.rocks.length < ${ROCKS}) {
        round += 1;
        sim.start({ gems: ${JSON.stringify(GEMS)}, seed: round });
        sim.splitAll();
      }
      while (sim.bullets.length < ${BULLETS}) sim.fire(Math.random() * Math.PI * 2);
    };
    keep();
    setInterval(keep, 16);
  })()`);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.waitForTimeout(WARMUP_MS);
  await page.evaluate('window.__engine.frameStats.reset()');
  await page.waitForTimeout(SAMPLE_MS);
  frames = (await page.evaluate('window.__engine.stats()')) as FrameStats;
  busy = (await page.evaluate(
    '(() => { const s = window.__engine.scenes.simulation; return { rocks: s.rocks.length, bullets: s.bullets.length }; })()',
  )) as { rocks: number; bullets: number };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
} finally {
  await browser.close();
  await server.stop();
}
console.log(
  `asteroids scene in Chromium: ${busy.rocks} rocks and ${busy.bullets} bullets at the end, ${THROTTLE}x CPU throttling, ${frames.samples} frames`,
);
console.log(
  `  engine CPU   p50 ${ms(frames.cpuMs.p50)}   p95 ${ms(frames.cpuMs.p95)}   (update ${ms(frames.updateMs)}, render ${ms(frames.renderMs)}; frame time p95 ${ms(frames.frameMs.p95)}, fps ${frames.fps.toFixed(1)})`,
);
console.log(`  budget: engine CPU time per frame p95 <= ${BUDGET_ENGINE_CPU_P95_MS} ms`);
let failed = false;
if (frames.samples < 30 || busy.rocks < ROCKS * 0.8) {
  console.error('FAIL: too few frames or rocks to judge');
  failed = true;
} else if (frames.cpuMs.p95 > BUDGET_ENGINE_CPU_P95_MS) {
  console.error(
    `FAIL: engine CPU p95 ${ms(frames.cpuMs.p95)} is over ${BUDGET_ENGINE_CPU_P95_MS} ms`,
  );
  failed = true;
}
if (failed) process.exit(1);
console.log('PASS');
