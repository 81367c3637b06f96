// `npm run bench -- minislot`: the mini slot's reels spinning non-stop (motion blur, braking,
// bounce) on the /minislot?test page, judged on the main thread's own work per frame at 4x CPU
// throttling (frames.ts) beside the same page with the reels at rest; budget p95 <= 4 ms.
// Uses the build in DIST_DIR when set, otherwise builds into .tmp/dist-bench first.
import '../support/node-globals';
import { benchMoment } from './frames';

// Spin again as soon as the reels rest, onto random stops, and count the frames with reels turning.
const SPINNING = `(() => {
  const sim = window.__engine.scenes.simulation;
  const counted = (window.__slotBench = { frames: 0, turning: 0 });
  const next = () => {
    sim.spin([0, 1, 2].map(() => Math.floor(Math.random() * 32)), false, () => setTimeout(next, 50));
  };
  next();
  const count = () => {
    counted.frames += 1;
    if (sim.spinning) counted.turning += 1;
    requestAnimationFrame(count);
  };
  requestAnimationFrame(count);
})()`;

const passed = await benchMoment({
  game: 'minislot',
  moment: 'the reels spinning again as soon as they rest',
  busy: SPINNING,
  probe:
    'window.__slotBench ? Math.round((100 * window.__slotBench.turning) / window.__slotBench.frames) : 0',
  held: { label: 'frames with reels turning, %', least: 50 },
  budgetMs: 4,
});
if (!passed) process.exit(1);
