// `npm run bench -- minislot`: the mini slot's reels spinning non-stop (motion blur, braking,
// bounce) onto random stops on the /minislot?test page, judged on the main thread's own work per
// frame at 4x CPU throttling (frames.ts) beside the same page with the reels at rest; budget
// p95 <= 4 ms. Uses the build in DIST_DIR when set, otherwise builds into .tmp/dist-bench first.
import '../support/node-globals';
import { benchMoment, repeated } from './frames';

const passed = await benchMoment({
  game: 'minislot',
  moment: 'the reels spinning again as soon as they rest',
  ...repeated(
    'sim.spin([0, 1, 2].map(() => Math.floor(Math.random() * 32)), false)',
    '!sim.spinning',
  ),
  budgetMs: 4,
});
if (!passed) process.exit(1);
