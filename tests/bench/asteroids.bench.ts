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
import { defaultValues } from '../../engine';
import { asteroidsParams } from '../../games/asteroids/params';
import { AsteroidsSimulation } from '../../games/asteroids/simulation';
import { prng } from '../support/prng';
import {
  benchPage,
  LATE_MS,
  machine,
  ms,
  openBench,
  percentile,
  sampleFrames,
  spread,
  throttle,
  THROTTLE,
  traceEngineFrames,
  type BenchSession,
  type FrameSamples,
} from './chromium';

const BUDGET_ENGINE_CPU_P95_MS = 6;
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
const line = (list: number[]) =>
  `p50 ${ms(quantile(list, 0.5), 3)}   p95 ${ms(quantile(list, 0.95), 3)}   p99 ${ms(quantile(list, 0.99), 3)}   max ${ms(list.at(-1)!, 3)}`;
console.log(
  `asteroids simulation: ${ROCKS} rocks and ${BULLETS} bullets, ${MEASURED_STEPS} steps measured`,
);
console.log(`  CPU time per step    ${line(cpuTimes)}`);
console.log(`  wall time per step   ${line(times)}`);

const BUDGET_NOTE = `budget: engine CPU time per frame p95 <= ${BUDGET_ENGINE_CPU_P95_MS} ms (renderer thread time of the engine's frame, ${THROTTLE}x throttling)`;
/** Sample until this many frames (or the time limit): on a loaded machine frames come slowly. */
const MIN_FRAMES = 600;
const MAX_SAMPLE_MS = 60_000;

interface SceneRun {
  wall: FrameSamples;
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
  session: BenchSession,
  field: string,
  minFrames: number,
): Promise<SceneRun> {
  const { page, cdp } = await benchPage(session);
  await page.goto(`${session.server.url}/asteroids?test&renderer=webgl`);
  await page
    .locator('[data-scene-state=shown] [data-scene=asteroids]')
    .waitFor({ timeout: 60_000 });
  // No bets: this measures the scene. Particles and shake stay on (their defaults).
  await page.evaluate(field);
  await throttle(cdp);
  await page.waitForTimeout(WARMUP_MS);
  const { result: wall, threadCpu } = await traceEngineFrames(cdp, () =>
    sampleFrames(
      page,
      minFrames,
      MAX_SAMPLE_MS,
      '({ rocks: window.__engine.scenes.simulation.rocks.length, bullets: window.__engine.scenes.simulation.bullets.length })',
    ),
  );
  await throttle(cdp, 1);
  await page.close();
  const polls = wall.probes as { rocks: number; bullets: number }[];
  return {
    wall,
    threadCpu,
    busy: { rocks: polls.map((p) => p.rocks), bullets: polls.map((p) => p.bullets) },
    sampledMs: wall.sampledMs,
  };
}

const session = await openBench();
let run: SceneRun;
let floor: SceneRun;
try {
  floor = await measureScene(session, EMPTY_FIELD, MIN_FRAMES / 2);
  run = await measureScene(session, BUSY_FIELD, MIN_FRAMES);
} finally {
  await session.close();
}
const { wall, threadCpu, sampledMs } = run;

// A bullet breaking a rock leaves 17 until the next refill: the typical field is the median.
const busy = {
  rocks: percentile(run.busy.rocks, 0.5),
  bullets: percentile(run.busy.bullets, 0.5),
};
const frames = wall.frame.length;
const late = wall.frame.filter((v) => v > LATE_MS).length;
const cpuP95 = percentile(threadCpu, 0.95);
console.log(
  `asteroids scene in Chromium: ${busy.rocks} rocks and ${busy.bullets} bullets (median of the polls), ${THROTTLE}x CPU throttling, ${frames} frames in ${(sampledMs / 1000).toFixed(1)} s (${machine()})`,
);
console.log(
  `  engine CPU, thread time   ${spread(threadCpu)}   (${threadCpu.length} frames traced)`,
);
console.log(
  `  engine CPU, wall clock    ${spread(wall.cpu)}   (update p95 ${ms(percentile(wall.update, 0.95))}, render p95 ${ms(percentile(wall.render, 0.95))}; engine.stats(), includes waiting for a core)`,
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
