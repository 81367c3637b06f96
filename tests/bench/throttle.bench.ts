// `npm run bench -- throttle`: what Chromium's 4x CPU throttling does to a traced frame's thread
// time here, on a page whose work per frame is fixed: a loop of integer arithmetic in every
// animation frame, alone, then with WebGL calls that software WebGL (SwiftShader) draws on the
// page's full-screen canvas, then beside a worker that keeps a core busy. Each is traced at full
// speed and at 4x. The arithmetic alone should read about 4 times its full-speed time at 4x:
// that is what lets the per-frame game benches (frames.ts) judge the full-speed thread time times
// 4. Beside the GPU process's or a worker's threads the 4x figure reads more than that: the
// throttle's spinning charges the thread again for the time it waited for a core (printed, the
// reason the game benches do not judge it). Run it beside a busy core like the others. Exits 1
// when the arithmetic alone strays from the throttle's rate.
import { CHROMIUM_PATH, launchBrowser } from '../support/browser';
import { machine, ms, percentile, THROTTLE, throttle, trace } from './chromium';

/** The arithmetic's ratio (4x against full speed, p50) may stray this far from the rate. */
const TOLERANCE = 0.25;
const ORIGIN = 'http://throttle.bench';
const TRACED_MS = 6000;
/** Iterations of the loop in a frame: about 1 ms at full speed on this project's machines. */
const LOOP = 200_000;
/** Full-screen clears in a frame with WebGL: each one SwiftShader's to fill. */
const CLEARS = 40;

/** What runs beside the fixed arithmetic in each case. */
const CASES = {
  alone: 'arithmetic alone',
  webgl: `arithmetic and ${CLEARS} WebGL clears`,
  worker: 'arithmetic beside a busy worker',
} as const;
type Case = keyof typeof CASES;

const page = (kind: Case) => `<!doctype html><html><body style="margin:0">
<canvas id="c" style="width:100vw;height:100vh;display:block"></canvas>
<script src="/work.js?case=${kind}"></script></body></html>`;

/** A worker that keeps a core busy: the page's thread then waits for a core now and then. */
const spinner = 'let n = 0; for (;;) n = (n + 1) | 0;';

const work = `
const kind = new URL(document.currentScript.src).searchParams.get('case');
const withWebgl = kind === 'webgl';
if (kind === 'worker') new Worker('/spin.js');
const canvas = document.getElementById('c');
canvas.width = innerWidth * devicePixelRatio;
canvas.height = innerHeight * devicePixelRatio;
const gl = canvas.getContext('webgl2');
let sink = 0;
function frame() {
  let x = 0;
  for (let i = 0; i < ${LOOP}; i++) x = (x * 1103515245 + 12345 + i) | 0;
  sink += x;
  if (withWebgl) {
    for (let k = 0; k < ${CLEARS}; k++) {
      gl.clearColor((k % 7) / 7, (sink & 255) / 255, 0.5, 1);
      gl.clear(gl.COLOR_BUFFER_BIT);
    }
  }
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);`;

interface Reading {
  frames: number;
  p50: number;
  p95: number;
}

const browser = await launchBrowser([], CHROMIUM_PATH);
let failed = false;
try {
  const tab = await browser.context.newPage();
  await tab.setViewportSize({ width: 390, height: 844 });
  const cdp = await browser.context.newCDPSession(tab);
  await tab.route(`${ORIGIN}/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/work.js')
      return route.fulfill({ contentType: 'text/javascript', body: work });
    if (url.pathname === '/spin.js')
      return route.fulfill({ contentType: 'text/javascript', body: spinner });
    return route.fulfill({
      contentType: 'text/html',
      body: page((url.searchParams.get('case') ?? 'alone') as Case),
    });
  });

  /** The thread time of every animation frame's callback over TRACED_MS at `rate`. */
  const read = async (rate: number): Promise<Reading> => {
    await throttle(cdp, rate);
    await tab.waitForTimeout(1500);
    const { events } = await trace(cdp, () => tab.waitForTimeout(TRACED_MS));
    const times = events
      .filter(
        (e) =>
          e.ph === 'X' &&
          e.name === 'FunctionCall' &&
          e.args?.data?.functionName === 'frame' &&
          e.tdur !== undefined,
      )
      .map((e) => e.tdur! / 1000);
    return { frames: times.length, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  };

  console.log(
    `A fixed workload per animation frame, thread time traced at full speed and at ${THROTTLE}x (${machine()})`,
  );
  for (const kind of Object.keys(CASES) as Case[]) {
    await tab.goto(`${ORIGIN}/?case=${kind}`);
    const full = await read(1);
    const slowed = await read(THROTTLE);
    await throttle(cdp, 1);
    const ratio = (key: 'p50' | 'p95') => (slowed[key] / full[key]).toFixed(2);
    const what = CASES[kind];
    console.log(
      `  ${what.padEnd(32)} full speed p50 ${ms(full.p50)} p95 ${ms(full.p95)} (${full.frames} frames)   ${THROTTLE}x p50 ${ms(slowed.p50)} p95 ${ms(slowed.p95)} (${slowed.frames} frames)   ratio p50 ${ratio('p50')} p95 ${ratio('p95')}`,
    );
    if (full.frames < 60 || slowed.frames < 30) {
      console.error(`FAIL: too few frames traced for the ${what}`);
      failed = true;
    } else if (kind === 'alone' && Math.abs(slowed.p50 / full.p50 / THROTTLE - 1) > TOLERANCE) {
      console.error(
        `FAIL: the arithmetic alone read ${ratio('p50')} times its full-speed time at ${THROTTLE}x, not about ${THROTTLE}`,
      );
      failed = true;
    }
  }
  console.log(
    `  budget: the arithmetic alone reads ${THROTTLE} times its full-speed thread time at ${THROTTLE}x, within ${TOLERANCE * 100}% (p50). With WebGL or a busy worker beside it the ratio is printed, not judged`,
  );
} finally {
  await browser.close();
}
if (failed) process.exit(1);
console.log('PASS');
