// `npm run bench -- roulette`: the wheel turning with the ball running round it until it drops
// into a random pocket, spun again as soon as it rests, on the /roulette?test page; judged on the
// main thread's own work per frame at 4x CPU throttling (frames.ts) beside the page at rest.
// Uses the build in DIST_DIR when set, otherwise builds into .tmp/dist-bench first.
import { benchMoment, repeated } from './frames';

const passed = await benchMoment({
  game: 'roulette',
  moment: 'the wheel and the ball spinning, again as soon as the ball rests',
  ...repeated('sim.spin(Math.floor(Math.random() * 37))', '!sim.spinning'),
});
if (!passed) process.exit(1);
