// `npm run bench -- gemMiner`: the end of a round on the easy shaft (8 levels of 4 tiles), lost on
// its last level: every tile revealed, staggered, each with its burst of dust, sparks, shards or
// glints; then a fresh shaft and the same again, on the /gemMiner?test page; judged on the main
// thread's own work per frame at 4x CPU throttling (frames.ts) beside the page at rest.
// Uses the build in DIST_DIR when set, otherwise builds into .tmp/dist-bench first.
import { benchMoment, repeated } from './frames';

/** A fresh easy shaft (shown at once), or the same shaft lost on its last level (revealed). */
const NEXT_BOARD = `
  window.__shaftEnded = !window.__shaftEnded;
  const pick = () => Math.floor(Math.random() * 4);
  const dug = Array.from({ length: 8 }, pick);
  const rocks = dug.map((tile, level) => [level === 7 ? tile : (tile + 1 + (pick() % 3)) % 4]);
  const board = { difficulty: 'easy', dug: [], rocks: null, pattern: null, target: null };
  sim.setBoard(
    window.__shaftEnded
      ? { ...board, status: 'lost', dug, rocks }
      : { ...board, status: 'playing' },
  )`;

const passed = await benchMoment({
  game: 'gemMiner',
  moment: 'a lost easy shaft revealed (32 tiles, staggered, each with its burst of particles)',
  ...repeated(NEXT_BOARD, 'sim.settled'),
});
if (!passed) process.exit(1);
