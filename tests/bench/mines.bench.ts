// `npm run bench -- mines`: the end of a round, every tile of the board flipping (19 gems picked,
// the mine that ended it, the rest of the board shown staggered), then all of them flipping back
// for the next round, over and over, on the /mines?test page; judged on the main thread's own
// work per frame at 4x CPU throttling (frames.ts) beside the page at rest.
// Uses the build in DIST_DIR when set, otherwise builds into .tmp/dist-bench first.
import { benchMoment, repeated } from './frames';

/** A random lost board of 25 tiles (3 mines, 19 gems picked, then a mine), or the idle board. */
const NEXT_BOARD = `
  window.__minesEnded = !window.__minesEnded;
  const tiles = Array.from({ length: 25 }, (_, i) => i).sort(() => Math.random() - 0.5);
  const mines = tiles.slice(0, 3);
  sim.setBoard(
    window.__minesEnded
      ? { status: 'lost', revealed: [...tiles.slice(3, 22), mines[0]], mines }
      : { status: 'idle', revealed: [], mines: null },
  )`;

const passed = await benchMoment({
  game: 'mines',
  moment:
    'a lost board revealed (every tile flipping, the unpicked ones staggered), then hidden again',
  ...repeated(NEXT_BOARD, 'sim.settled'),
});
if (!passed) process.exit(1);
