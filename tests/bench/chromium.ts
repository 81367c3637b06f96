// What the Chromium benchmarks (tests/bench/*.bench.ts that drive a page) share: the build they serve,
// the server and browser, CPU throttling, the engine's per-frame samples read from the page
// (window.__engine with ?test), the engine's frames' main-thread CPU time read from a Chromium
// trace, and how figures are printed (with the machine's load average beside them).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { CHROMIUM_PATH, launchBrowser, type LaunchedBrowser } from '../support/browser';
import { repoRoot, startServer, type RunningServer } from '../support/server';

/** The CPU throttling every Chromium benchmark runs at: a mid-range phone. */
export const THROTTLE = 4;
/** A frame later than 1.5 frames of 60 Hz missed its vsync. */
export const LATE_MS = 1.5 * (1000 / 60);

/** Nearest-rank percentile (0 for no values). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

export const ms = (value: number, digits = 2) => `${value.toFixed(digits)} ms`;

/** p50, p95, p99 and max of `values`, printed. */
export const spread = (values: readonly number[]) =>
  `p50 ${ms(percentile(values, 0.5))}   p95 ${ms(percentile(values, 0.95))}   p99 ${ms(percentile(values, 0.99))}   max ${ms(percentile(values, 1))}`;

/** The machine's 1-minute load average and cores, printed beside every figure. */
export const machine = () =>
  `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`;

/** The build to serve: DIST_DIR when set, otherwise a fresh one in .tmp/dist-bench. */
export function benchBuild(): string {
  const given = process.env.DIST_DIR;
  if (given) return path.resolve(repoRoot, given);
  const dir = '.tmp/dist-bench';
  console.log(`building into ${dir} ...`);
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
  return path.resolve(repoRoot, dir);
}

export interface BenchSession {
  server: RunningServer;
  browser: LaunchedBrowser;
  close(): Promise<void>;
}

/** The server on the benchmark's build, and a browser. */
export async function openBench(): Promise<BenchSession> {
  const server = await startServer({ env: { DIST_DIR: benchBuild() } });
  // The full browser: the figures are what a player's Chromium does.
  const browser = await launchBrowser([], CHROMIUM_PATH);
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}

/** A new page, with a CDP session to throttle and trace it. */
export async function benchPage(session: BenchSession): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await session.browser.context.newPage();
  const cdp = await session.browser.context.newCDPSession(page);
  return { page, cdp };
}

/** Slows the page's CPU `rate` times (1: full speed again). */
export async function throttle(cdp: CDPSession, rate = THROTTLE): Promise<void> {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** The engine's samples of each frame (ms), oldest first, as the page recorded them. */
export interface FrameSamples {
  frame: number[];
  update: number[];
  render: number[];
  /** update + render of the same frame, wall clock (includes waiting for a core). */
  cpu: number[];
  drawCalls: number;
  resolutionScale: number;
  sampledMs: number;
  /** What `probe` answered at each poll. */
  probes: unknown[];
}

const POLL_MS = 1000;

/**
 * Every frame the engine records from now on (its sample rings, read each second), until
 * `minFrames` frames or `maxMs`. `probe` (an expression evaluated in the page at each poll)
 * records what the scene holds meanwhile.
 */
export async function sampleFrames(
  page: Page,
  minFrames: number,
  maxMs: number,
  probe = 'null',
): Promise<FrameSamples> {
  const samples: FrameSamples = {
    frame: [],
    update: [],
    render: [],
    cpu: [],
    drawCalls: 0,
    resolutionScale: 1,
    sampledMs: 0,
    probes: [],
  };
  let since = (await page.evaluate('window.__engine.frameStats.recorded')) as number;
  const started = Date.now();
  while (samples.frame.length < minFrames && Date.now() - started < maxMs) {
    await page.waitForTimeout(POLL_MS);
    const fresh = (await page.evaluate(`(() => {
      const s = window.__engine.frameStats;
      const fresh = Math.min(s.recorded - ${since}, s.frame.size);
      const tail = (ring) => ring.values().slice(ring.size - fresh);
      return { recorded: s.recorded, frame: tail(s.frame), update: tail(s.update),
        render: tail(s.render), cpu: tail(s.cpu), drawCalls: s.drawCalls,
        resolutionScale: window.__engine.stats().resolutionScale, probe: ${probe} };
    })()`)) as Omit<FrameSamples, 'sampledMs' | 'probes'> & { recorded: number; probe: unknown };
    since = fresh.recorded;
    for (const key of ['frame', 'update', 'render', 'cpu'] as const)
      samples[key].push(...fresh[key]);
    samples.drawCalls = fresh.drawCalls;
    samples.resolutionScale = fresh.resolutionScale;
    samples.probes.push(fresh.probe);
  }
  samples.sampledMs = Date.now() - started;
  return samples;
}

/** One trace event, as Chromium's JSON trace format has it (times in microseconds). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
}

/** The main thread's own work in one of the engine's frames, ms of thread time. */
export interface FrameWork {
  /** Everything below: what the budgets judge. */
  total: number;
  /** The page's JavaScript: the engine's frame (update, render and the WebGL calls that submit
   * the draw), the shell's (React) and every other task of the app's scripts, microtasks. */
  script: number;
  /** Style recalculation and layout (of the page's DOM: the panel, the overlays). */
  styleLayout: number;
  /** Garbage collection outside the page's JavaScript (inside it, it counts as script). */
  gc: number;
  /** The engine's requestAnimationFrame callback alone (`LoopScheduler.onFrame`). */
  tick: number;
}

/** What the frames of a traced stretch came to: per frame, and the rest (not judged). */
export interface TracedFrames {
  frames: FrameWork[];
  /** Per frame: paint and the compositor commit (on this machine the commit waits for software
   * WebGL's readback; a phone's GPU takes the canvas as it is). Printed, not judged. */
  paintCommit: number[];
}

const STYLE_LAYOUT = new Set(['UpdateLayoutTree', 'RecalculateStyles', 'Layout']);
const GC = new Set(['MinorGC', 'MajorGC']);
const PAINT_COMMIT = new Set(['PrePaint', 'Paint', 'Layerize', 'Commit']);

/** Which part of a frame's work an event is, or null for none (the bench's own scripts too). */
function kindOf(event: TraceEvent): keyof Omit<FrameWork, 'total' | 'tick'> | 'paint' | null {
  if (event.name === 'FunctionCall' || event.name === 'EvaluateScript') {
    // The app's own scripts (the build's /assets/): the bench's page.evaluate() has no address.
    return (event.args?.data?.url ?? '').includes('/assets/') ? 'script' : null;
  }
  if (event.name === 'BlinkScheduler_PerformMicrotaskCheckpoint') return 'script';
  if (STYLE_LAYOUT.has(event.name)) return 'styleLayout';
  if (GC.has(event.name)) return 'gc';
  if (PAINT_COMMIT.has(event.name)) return 'paint';
  return null;
}

const isTick = (event: TraceEvent) =>
  event.name === 'FunctionCall' &&
  event.args?.data?.functionName === 'onFrame' &&
  (event.args.data.url ?? '').includes('/assets/engine-');

/**
 * The main thread's own work in each of the engine's frames from a trace: from one engine frame
 * (`LoopScheduler.onFrame`, its requestAnimationFrame callback) to the next, the thread time of
 * the page's JavaScript (the engine's frame with its draw submission, React, timers, events,
 * microtasks), style and layout, and garbage collection; an event inside another counted one
 * counts once.
 */
export function framesOfTrace(events: readonly TraceEvent[]): TracedFrames {
  const ticks = events.filter((e) => e.ph === 'X' && isTick(e));
  // The renderer's main thread: the one that runs the engine's frames.
  const main = ticks[0];
  if (!main) return { frames: [], paintCommit: [] };
  const onMain = events
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const starts = ticks.map((e) => e.ts).sort((a, b) => a - b);
  const frames: FrameWork[] = starts
    .slice(0, -1)
    .map(() => ({ total: 0, script: 0, styleLayout: 0, gc: 0, tick: 0 }));
  const paintCommit = frames.map(() => 0);
  let frame = -1;
  let countedUntil = -Infinity;
  for (const event of onMain) {
    while (frame + 1 < starts.length && event.ts >= starts[frame + 1]!) frame += 1;
    // Before the first frame, or from the last frame's start on (it has no end): not judged.
    if (frame < 0 || frame >= frames.length) continue;
    const kind = kindOf(event);
    if (!kind || event.ts < countedUntil) continue;
    countedUntil = event.ts + (event.dur ?? 0);
    const time = event.tdur! / 1000;
    if (kind === 'paint') {
      paintCommit[frame]! += time;
      continue;
    }
    const work = frames[frame]!;
    work[kind] += time;
    work.total += time;
    if (isTick(event)) work.tick += time;
  }
  return { frames, paintCommit };
}

/** The trace's categories: the timeline's events, and the tasks' microtask checkpoints. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'];

/**
 * Runs `during` while tracing the page, and answers the main thread's own work in each of the
 * engine's frames in that time (framesOfTrace), by thread time: time spent waiting for a core on
 * a machine shared with other jobs is not in it. Chromium throttles by spinning the main thread,
 * so the figures include the throttling: on Linux the spin (a SIGUSR2 handler, every 200 µs)
 * lasts (rate - 1) times the wall time since the thread last resumed, capped at 1 ms, so time the
 * thread spent waiting for a core is charged again as spinning (up to 1 ms at a time).
 */
export async function traceFrames<T>(
  cdp: CDPSession,
  during: () => Promise<T>,
): Promise<{ result: T } & TracedFrames> {
  const { result, events } = await trace(cdp, during);
  return { result, ...framesOfTrace(events) };
}

/** Runs `during` while tracing the page (the timeline's categories unless given): its result and
 * the events. */
export async function trace<T>(
  cdp: CDPSession,
  during: () => Promise<T>,
  categories: readonly string[] = TRACE_CATEGORIES,
): Promise<{ result: T; events: TraceEvent[] }> {
  const events: TraceEvent[] = [];
  const collect = (batch: { value: object[] }) => events.push(...(batch.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: [...categories] },
    transferMode: 'ReportEvents',
  });
  const result = await during();
  await cdp.send('Tracing.end');
  await traced;
  cdp.off('Tracing.dataCollected', collect);
  return { result, events };
}
