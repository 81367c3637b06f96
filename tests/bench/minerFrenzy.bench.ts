// `npm run bench -- minerFrenzy`: a round deep in the shaft (from about 66x, where crystals,
// magma cracks and sparks are all out) racing for 4 s, then its crash (the cart derailing in a
// burst of dust for 2 s), over and over, on the /minerFrenzy?test page; judged on the main
// thread's own work per frame at 4x CPU throttling (frames.ts) beside the page at rest.
// Uses the build in DIST_DIR when set, otherwise builds into .tmp/dist-bench first.
import { benchMoment, repeated } from './frames';

/** What the scene's channel does when a round runs, then crashes (no server, no bet). */
const NEXT_ROUND = `
  sim.round = { startedAt: Date.now() - 70_000, offsetMs: 0, autoCashout: null };
  sim.ended = null;
  sim.cashedOutAt = null;
  sim.sinceCrash = -1;
  setTimeout(() => {
    sim.ended = { multiplier: sim.multiplier(), crashed: true, at: Date.now() };
    sim.sinceCrash = 0;
  }, 4000)`;

const passed = await benchMoment({
  game: 'minerFrenzy',
  moment: 'a round racing from about 66x for 4 s, then its crash and dust',
  ...repeated(NEXT_ROUND, 'sim.sinceCrash >= 2'),
});
if (!passed) process.exit(1);
