// A game's busiest moment in Chromium, judged on the main thread's own work per frame: what every
// per-frame game bench (tests/bench/<game>.bench.ts) runs. The game's page (/<game>?test, which
// exposes the engine, with WebGL pinned: a phone draws with its GPU) is opened three times: at
// rest at 4x CPU throttling (the floor: the engine's loop, the page and the machine), then with
// the moment set up by a script in the page and kept going, at 4x and at full speed. Each run is
// traced (traceFrames: scripting, style, layout and garbage collection per engine frame, thread
// time) while the engine's own samples are read (sampleFrames: the wall clock, frame times). The
// judged figure is the full-speed run's thread time times 4, a CPU four times slower: traced at
// 4x, the throttle's spinning also charges the thread for time it spends waiting on software
// WebGL (the `throttle` bench measures both on a fixed workload; docs/developers/benchmarks.md).
// The engine's loop takes one simulation step a frame, as at 60 Hz (see measure()). Prints every
// figure with its budget and the machine's load average; the bench exits 1 over budget.
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
  traceFrames,
  type BenchSession,
  type FrameSamples,
  type FrameWork,
} from './chromium';

/** The budget of the main thread's own work per frame, p95, at 4x throttling. */
export const FRAME_WORK_P95_MS = 6;
const WARMUP_MS = 3000;
const MAX_SAMPLE_MS = 60_000;

export interface BusyMoment {
  /** The game's id: its page is /<game>, its scene [data-scene=<game>]. */
  game: string;
  /** What the moment is, printed. */
  moment: string;
  /**
   * A script for the page that starts the moment and keeps it going (`window.__engine`: the
   * engine, `window.__engine.scenes.simulation`: the game's simulation). No bets: this measures
   * the scene.
   */
  busy: string;
  /** An expression the page answers at each poll (every second): how busy the scene is. */
  probe: string;
  /** A script for the floor's page (default none: the page at rest). */
  floor?: string;
  /** What the probe counts (printed), and the least its median must be for the run to count. */
  held: { label: string; least: number };
  /** Default FRAME_WORK_P95_MS. */
  budgetMs?: number;
  /** Frames to sample (default 300: a p95 over a few dozen frames is the second worst). */
  frames?: number;
}

/**
 * A moment that comes and goes (a spin, a roll, a reveal), started again by `restart` (a script
 * for the page) as soon as `over` (an expression) holds: the page script for `busy`, with a
 * count of the frames in which the moment was on, and the probe that answers its share (%).
 */
export function repeated(
  restart: string,
  over: string,
): Pick<BusyMoment, 'busy' | 'probe' | 'held'> {
  return {
    busy: `(() => {
      const sim = window.__engine.scenes.simulation;
      const counted = (window.__benchFrames = { frames: 0, on: 0 });
      let restarted = 0;
      const count = () => {
        counted.frames += 1;
        if (!(${over})) counted.on += 1;
        else if (performance.now() - restarted > 50) {
          restarted = performance.now();
          ${restart};
        }
        requestAnimationFrame(count);
      };
      ${restart};
      requestAnimationFrame(count);
    })()`,
    probe:
      'window.__benchFrames?.frames ? Math.round((100 * window.__benchFrames.on) / window.__benchFrames.frames) : 0',
    held: { label: 'frames with the moment on, %', least: 60 },
  };
}

interface MomentRun {
  wall: FrameSamples;
  work: FrameWork[];
  paintCommit: number[];
  probes: number[];
}

async function measure(
  session: BenchSession,
  moment: BusyMoment,
  script: string | null,
  frames: number,
  floor: boolean,
  rate = THROTTLE,
): Promise<MomentRun> {
  const { page, cdp } = await benchPage(session);
  try {
    await page.goto(`${session.server.url}/${moment.game}?test&renderer=webgl`);
    await page
      .locator(`[data-scene-state=shown] [data-scene=${moment.game}]`)
      .waitFor({ timeout: 60_000 });
    // A phone draws 60 frames a second: one simulation step a frame. Here software WebGL makes
    // frames two to four times longer, and the fixed-step loop would catch up with as many steps
    // in each, work a phone's frame never holds: the loop takes one step a frame (the scene moves
    // slower here, not otherwise).
    await page.evaluate('window.__engine.scenes.loop.maxStepsPerFrame = 1');
    // At rest the engine's loop would sleep (LoopScheduler): the floor is the loop running.
    if (floor)
      await page.evaluate('window.__engine.schedule.keepAwake = true; window.__engine.wake()');
    if (script) await page.evaluate(script);
    await throttle(cdp, rate);
    await page.waitForTimeout(WARMUP_MS);
    // The render resolution stays where the warm-up took it: software WebGL's slow frames would
    // lower it again and again (each a canvas resize), which a phone's GPU never asks for.
    await page.evaluate('window.__engine.resolution.enabled = false');
    const traced = await traceFrames(cdp, () =>
      sampleFrames(page, frames, MAX_SAMPLE_MS, moment.probe),
    );
    await throttle(cdp, 1);
    return {
      wall: traced.result,
      work: traced.frames,
      paintCommit: traced.paintCommit,
      probes: traced.result.probes as number[],
    };
  } finally {
    await page.close();
  }
}

const p95 = (values: readonly number[]) => ms(percentile(values, 0.95));

/**
 * Measures the moment (and the page at rest before it) and prints the figures. Answers whether
 * it held the budget. Opens its own server and browser unless given `session`.
 */
export async function benchMoment(moment: BusyMoment, given?: BenchSession): Promise<boolean> {
  const budget = moment.budgetMs ?? FRAME_WORK_P95_MS;
  const wanted = moment.frames ?? 300;
  const session = given ?? (await openBench());
  let floor: MomentRun;
  let run: MomentRun;
  let fullSpeed: MomentRun;
  try {
    floor = await measure(session, moment, moment.floor ?? null, wanted / 2, true);
    run = await measure(session, moment, moment.busy, wanted, false);
    fullSpeed = await measure(session, moment, moment.busy, wanted, false, 1);
  } finally {
    if (!given) await session.close();
  }
  const throttled = run.work.map((w) => w.total);
  // The judged figure: the page's own work at full speed, on a CPU THROTTLE times slower.
  const scaled = fullSpeed.work.map((w) => w.total * THROTTLE);
  const { wall } = run;
  const frames = wall.frame.length;
  const late = wall.frame.filter((v) => v > LATE_MS).length;
  const held = Math.min(percentile(run.probes, 0.5), percentile(fullSpeed.probes, 0.5));
  const workP95 = percentile(scaled, 0.95);
  console.log(
    `${moment.game} in Chromium: ${moment.moment}; ${frames} frames in ${(wall.sampledMs / 1000).toFixed(1)} s at ${THROTTLE}x CPU throttling, ${fullSpeed.wall.frame.length} in ${(fullSpeed.wall.sampledMs / 1000).toFixed(1)} s at full speed (${machine()})`,
  );
  console.log(
    `  main-thread work per frame, full speed x ${THROTTLE}   ${spread(scaled)}   (${scaled.length} frames traced; judged)`,
  );
  console.log(
    `    p95 of its parts: engine frame ${p95(fullSpeed.work.map((w) => w.tick * THROTTLE))}, all script ${p95(fullSpeed.work.map((w) => w.script * THROTTLE))}, style and layout ${p95(fullSpeed.work.map((w) => w.styleLayout * THROTTLE))}, GC ${p95(fullSpeed.work.map((w) => w.gc * THROTTLE))}`,
  );
  console.log(
    `  main-thread work per frame, traced at ${THROTTLE}x   ${spread(throttled)}   (${throttled.length} frames; with the throttle's own charges, not judged: docs/developers/benchmarks.md)`,
  );
  console.log(
    `  engine.stats() wall clock at ${THROTTLE}x    ${spread(wall.cpu)}   (update p95 ${ms(percentile(wall.update, 0.95))}, render p95 ${ms(percentile(wall.render, 0.95))}; includes waiting for a core)`,
  );
  console.log(
    `  frame time at ${THROTTLE}x   p50 ${ms(percentile(wall.frame, 0.5))}   p95 ${ms(percentile(wall.frame, 0.95))}   ${late} of ${frames} frames late (> ${LATE_MS.toFixed(1)} ms)   render resolution ${Math.round(wall.resolutionScale * 100)}%, ${wall.drawCalls} draw calls; paint and commit p95 ${p95(run.paintCommit)} (software WebGL's readback: not judged)`,
  );
  console.log(
    `  floor at ${THROTTLE}x (${moment.floor ? 'the same page, nothing moving' : 'the same page at rest'}): main-thread work p50 ${ms(
      percentile(
        floor.work.map((w) => w.total),
        0.5,
      ),
    )}   p95 ${p95(floor.work.map((w) => w.total))}; frame p95 ${p95(floor.wall.frame)}`,
  );
  console.log(`  ${moment.held.label}: ${held} (median of the polls, the lower of the two runs)`);
  console.log(
    `  budget: main-thread work per frame p95 <= ${budget} ms on a CPU ${THROTTLE} times slower: the thread time at full speed (scripting, style, layout, GC and the draw submission, from a trace; one simulation step a frame, as at 60 Hz) times ${THROTTLE}. The figures traced at ${THROTTLE}x and the frame time are printed, not judged: the throttle's spinning and software WebGL decide them here`,
  );
  const tooFew = (count: number) => count < 60;
  if (
    tooFew(frames) ||
    tooFew(throttled.length) ||
    tooFew(scaled.length) ||
    held < moment.held.least
  ) {
    console.error(
      `FAIL: too few frames (${throttled.length} traced at ${THROTTLE}x, ${scaled.length} at full speed) or ${moment.held.label} (${held}, at least ${moment.held.least}) to judge`,
    );
    return false;
  }
  if (workP95 > budget) {
    console.error(`FAIL: main-thread work per frame p95 ${ms(workP95)} is over ${budget} ms`);
    return false;
  }
  console.log(`PASS (${ms(budget - workP95)} under budget)`);
  return true;
}
