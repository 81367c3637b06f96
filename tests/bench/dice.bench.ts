// `npm run bench -- dice`: the roll animation (the marker running to a random roll), rolled again
// as soon as it rests, on the /dice?test page; judged on the main thread's own work per frame at
// 4x CPU throttling (frames.ts) beside the page at rest.
// Uses the build in DIST_DIR when set, otherwise builds into .tmp/dist-bench first.
import { benchMoment, repeated } from './frames';

const passed = await benchMoment({
  game: 'dice',
  moment: 'the roll animation, again as soon as it rests',
  ...repeated('sim.startRoll(Math.random() * 100, Math.random() < 0.5)', '!sim.rolling'),
});
if (!passed) process.exit(1);
