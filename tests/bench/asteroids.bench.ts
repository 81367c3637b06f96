// `npm run bench -- asteroids`: the nine rocks split to 18, with 30 bullets in flight.
// Node: simulation time (ship, bullets, matter-js) per 60 Hz step, printed for reference.
// Chromium: the /asteroids page (?test exposes the engine) kept at 18 rocks and 30 bullets, with
// 4x CPU throttling; budget: the engine's CPU time per frame (update + render) p95 <= 6 ms.
// The budget is judged on the renderer main thread's CPU time spent in the engine's frame (its
// requestAnimationFrame callback, `tick`), read from a Chromium trace (thread duration). Chromium
// throttles by spinning the main thread, so that time includes the 4x; unlike the wall-clock
// figures of engine.stats() it is not inflated while the thread waits for a core on a machine
// shared with other jobs (the same reason the plinko bench judges process.cpuUsage). The
// wall-clock figures, frame times and late frames are printed beside it, and the same page with
// no rocks or bullets is measured first: the floor (engine, Pixi and the machine's noise).
// Uses the build in DIST_DIR when set, otherwise builds into .tmp/dist-bench first.
import '../support/node-globals';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
import { repoRoot, startServer } from '../support/server';
import { defaultValues } from '../../engine';
import { asteroidsParams } from '../../games/asteroids/params';
import { AsteroidsSimulation } from '../../games/asteroids/simulation';
import { prng } from '../support/prng';

const BUDGET_ENGINE_CPU_P95_MS = 6;
const THROTTLE = 4;
const WARMUP_MS = 3000;
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

/** One trace event, as Chromium's JSON trace format has it (durations in microseconds). */
interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tdur?: number;
  args?: { data?: { functionName?: string; url?: string } };
}

interface Samples {
  frame: number[];
  update: number[];
  render: number[];
  cpu: number[];
}

const BUDGET_NOTE = `budget: engine CPU time per frame p95 <= ${BUDGET_ENGINE_CPU_P95_MS} ms (renderer thread time of the engine's frame, ${THROTTLE}x throttling)`;
/** Sample until this many frames (or the time limit): on a loaded machine frames come slowly. */
const MIN_FRAMES = 600;
const MAX_SAMPLE_MS = 60_000;
const POLL_MS = 1000;
/** A frame later than 1.5 of a 60 Hz frame missed its vsync. */
const LATE_MS = 1.5 * (1000 / 60);

// Reads the frames recorded since `since` from the engine's sample rings (oldest first).
const READ_NEW_FRAMES = (since: number) => `(() => {
  const s = window.__engine.frameStats;
  const fresh = Math.min(s.recorded - ${since}, s.frame.size);
  const tail = (ring) => ring.values().slice(ring.size - fresh);
  const sim = window.__engine.scenes.simulation;
  return { recorded: s.recorded, frame: tail(s.frame), update: tail(s.update), render: tail(s.render),
    cpu: tail(s.cpu), rocks: sim.rocks.length, bullets: sim.bullets.length };
})()`;

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
interface SceneRun {
  wall: Samples;
  /** The engine's frames in the trace: main-thread CPU time of each, in ms. */
  threadCpu: number[];
  /** Rocks and bullets on the field at each poll (the load held through the sample). */
  busy: { rocks: number[]; bullets: number[] };
  sampledMs: number;
}

/** The field kept at 18 rocks and 30 bullets, refilled every 16 ms. */
const BUSY_FIELD = `(() => {
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
})()`;
/** The same page with every rock gone: the engine's and the machine's floor. */
const EMPTY_FIELD = `(() => {
  const sim = window.__engine.scenes.simulation;
  sim.start({ gems: ${JSON.stringify(GEMS)}, seed: 1 });
  sim.revealAll();
})()`;

/** Opens the page, sets up the field, throttles and samples frames while tracing. */
async function measureScene(
  url: string,
  browser: LaunchedBrowser,
  field: string,
  minFrames: number,
): Promise<SceneRun> {
  const wall: Samples = { frame: [], update: [], render: [], cpu: [] };
  const busy = { rocks: [] as number[], bullets: [] as number[] };
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  await page.goto(`${url}/asteroids?test`);
  await page
    .locator('[data-scene-state=shown] [data-scene=asteroids]')
    .waitFor({ timeout: 60_000 });
  // No bets: this measures the scene. Particles and shake stay on (their defaults).
  await page.evaluate(field);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.waitForTimeout(WARMUP_MS);

  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (batch) =>
    events.push(...(batch.value as unknown as TraceEvent[])),
  );
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline'] },
    transferMode: 'ReportEvents',
  });
  let since = (await page.evaluate('window.__engine.frameStats.recorded')) as number;
  const started = Date.now();
  while (wall.frame.length < minFrames && Date.now() - started < MAX_SAMPLE_MS) {
    await page.waitForTimeout(POLL_MS);
    const fresh = (await page.evaluate(READ_NEW_FRAMES(since))) as Samples & {
      recorded: number;
      rocks: number;
      bullets: number;
    };
    since = fresh.recorded;
    for (const key of ['frame', 'update', 'render', 'cpu'] as const) wall[key].push(...fresh[key]);
    busy.rocks.push(fresh.rocks);
    busy.bullets.push(fresh.bullets);
  }
  const sampledMs = Date.now() - started;
  await cdp.send('Tracing.end');
  await traced;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // The engine's frame is its requestAnimationFrame callback, Engine.tick (update + render).
  const threadCpu = events
    .filter(
      (e) =>
        e.name === 'FunctionCall' &&
        e.ph === 'X' &&
        e.tdur !== undefined &&
        e.args?.data?.functionName === 'tick' &&
        (e.args.data.url ?? '').includes('/assets/engine-'),
    )
    .map((e) => e.tdur! / 1000);
  await page.close();
  return { wall, threadCpu, busy, sampledMs };
}

const server = await startServer({ env: { DIST_DIR: path.resolve(repoRoot, distDir) } });
const browser = await launchBrowser();
let run: SceneRun;
let floor: SceneRun;
try {
  floor = await measureScene(server.url, browser, EMPTY_FIELD, MIN_FRAMES / 2);
  run = await measureScene(server.url, browser, BUSY_FIELD, MIN_FRAMES);
} finally {
  await browser.close();
  await server.stop();
}
const { wall, threadCpu, sampledMs } = run;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
};
const stats = (values: number[]) =>
  `p50 ${ms(percentile(values, 0.5))}   p95 ${ms(percentile(values, 0.95))}   p99 ${ms(percentile(values, 0.99))}   max ${ms(percentile(values, 1))}`;
// A bullet breaking a rock leaves 17 until the next refill: the typical field is the median.
const busy = {
  rocks: percentile(run.busy.rocks, 0.5),
  bullets: percentile(run.busy.bullets, 0.5),
};
const frames = wall.frame.length;
const late = wall.frame.filter((v) => v > LATE_MS).length;
const cpuP95 = percentile(threadCpu, 0.95);
console.log(
  `asteroids scene in Chromium: ${busy.rocks} rocks and ${busy.bullets} bullets (median of the polls), ${THROTTLE}x CPU throttling, ${frames} frames in ${(sampledMs / 1000).toFixed(1)} s (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
);
console.log(
  `  engine CPU, thread time   ${stats(threadCpu)}   (${threadCpu.length} frames traced)`,
);
console.log(
  `  engine CPU, wall clock    ${stats(wall.cpu)}   (update p95 ${ms(percentile(wall.update, 0.95))}, render p95 ${ms(percentile(wall.render, 0.95))}; engine.stats(), includes waiting for a core)`,
);
console.log(
  `  frame time   p50 ${ms(percentile(wall.frame, 0.5))}   p95 ${ms(percentile(wall.frame, 0.95))}   ${late} of ${frames} frames late (> ${LATE_MS.toFixed(1)} ms)   fps ${((frames * 1000) / Math.max(1, sampledMs)).toFixed(1)}`,
);
console.log(
  `  floor (the same page, no rocks or bullets): engine CPU thread time p50 ${ms(percentile(floor.threadCpu, 0.5))}   p95 ${ms(percentile(floor.threadCpu, 0.95))}; above a few ms the machine is busy`,
);
console.log(`  ${BUDGET_NOTE}`);
let failed = false;
if (
  frames < 60 ||
  threadCpu.length < 60 ||
  busy.rocks < ROCKS * 0.8 ||
  busy.bullets < BULLETS * 0.8
) {
  console.error('FAIL: too few frames, rocks or bullets to judge');
  failed = true;
} else if (cpuP95 > BUDGET_ENGINE_CPU_P95_MS) {
  console.error(`FAIL: engine CPU p95 ${ms(cpuP95)} is over ${BUDGET_ENGINE_CPU_P95_MS} ms`);
  failed = true;
}
if (failed) process.exit(1);
console.log('PASS');
