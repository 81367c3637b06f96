// Mines headless (games/shared/headless/adapter.ts): the board takes the game's answers one by one, as
// the panel hands them to the scene, each flip and the end-of-game reveal run to rest; the picks
// and the mines are read from the faces the tiles came to rest on.
import { defineHeadlessGame, playAnswers } from '../shared/headless/adapter';
import { boardOfResult } from './board';
import { minesParams } from './params';
import { MinesSimulation } from './simulation';

const scene = {
  params: minesParams,
  simulation: (data: unknown, values: Record<keyof typeof minesParams, number>) =>
    new MinesSimulation(data, values),
};

const sorted = (tiles: readonly number[]) => [...tiles].sort((a, b) => a - b);

export const headless = defineHeadlessGame({
  params: minesParams,
  // The board shows where the mines are, not the order the floats drew them in.
  expected: ({ outcome, results }) => ({
    picked: sorted(results.at(-1)!.revealed as number[]),
    mines: sorted(outcome.mines as number[]),
  }),
  play(round, values) {
    const { sim, steps } = playAnswers(scene, round, {
      values,
      seconds: 60,
      apply: (sim, result) => sim.setBoard(boardOfResult({ ...result })),
    });
    const faces = sim.settled ? sim.tiles.map((tile) => tile.face) : [];
    const tilesShowing = (...shown: string[]) =>
      faces.flatMap((face, tile) => (shown.includes(face) ? [tile] : []));
    return {
      shown: { picked: tilesShowing('gem', 'mine'), mines: tilesShowing('mine', 'mine-unpicked') },
      steps,
    };
  },
});
