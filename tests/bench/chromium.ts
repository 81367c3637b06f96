// What the Chromium benchmarks (tests/bench/*.bench.ts that drive a page) share: the build they serve,
// the server and browser, CPU throttling, the engine's per-frame samples read from the page
// (window.__engine with ?test), the engine's frames' main-thread CPU time read from a Chromium
// trace, and how figures are printed (with the machine's load average beside them).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from '../support/browser';
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
  const browser = await launchBrowser();
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

/** One trace event, as Chromium's JSON trace format has it (durations in microseconds). */
interface TraceEvent {
  name: string;
  ph: string;
  tdur?: number;
  args?: { data?: { functionName?: string; url?: string } };
}

/**
 * Runs `during` while tracing the page, and answers the main thread's CPU time (ms) of each of
 * the engine's frames in that time: its requestAnimationFrame callback, Engine.tick (update +
 * render), by the trace event's thread duration. Chromium throttles by spinning the main thread,
 * so the figure includes the throttling. On Linux the spin (a SIGUSR2 handler, every 200 µs) lasts
 * (rate - 1) times the wall time since the thread last resumed, capped at 1 ms: time the thread
 * spent waiting for a core is charged again as spinning, so on a machine shared with other jobs
 * this figure rises too, though less than the wall clock of engine.stats().
 */
export async function traceEngineFrames<T>(
  cdp: CDPSession,
  during: () => Promise<T>,
): Promise<{ result: T; threadCpu: number[] }> {
  const events: TraceEvent[] = [];
  const collect = (batch: { value: object[] }) => events.push(...(batch.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline'] },
    transferMode: 'ReportEvents',
  });
  const result = await during();
  await cdp.send('Tracing.end');
  await traced;
  cdp.off('Tracing.dataCollected', collect);
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
  return { result, threadCpu };
}
