// Gem Miner headless (games/shared/headless/adapter.ts): the miner walks to each tile and swings, the
// shaft takes the game's answers one by one as the panel hands them to the scene, and every
// reveal and particle runs out; the digs and the rocks are read from the faces the tiles show.
import { defineHeadlessGame, playAnswers } from '../shared/headless/adapter';
import { boardOfResult } from './board';
import { gemMinerParams } from './params';
import { GemMinerSimulation } from './simulation';

const scene = {
  params: gemMinerParams,
  simulation: (data: unknown, values: Record<keyof typeof gemMinerParams, number>) =>
    new GemMinerSimulation(data, values),
};

const sorted = (tiles: readonly number[]) => [...tiles].sort((a, b) => a - b);

export const headless = defineHeadlessGame({
  params: gemMinerParams,
  // The shaft shows where each level's rocks are, not the order the floats drew them in.
  expected: ({ outcome, results }) => ({
    dug: results.at(-1)!.dug,
    rocks: (outcome.rocks as number[][]).map(sorted),
  }),
  play(round, values) {
    const { sim, steps } = playAnswers(scene, round, {
      values,
      seconds: 120,
      apply: (sim, result) => {
        const board = boardOfResult(result);
        const level = board.dug.length - 1;
        // A new dig: the miner walks there and swings before the answer lands.
        if (level >= 0 && level >= sim.board.dug.length) sim.digStarted(board.dug[level]!, level);
        sim.setBoard(board);
      },
    });
    if (!sim.settled) return { shown: { dug: null, rocks: null }, steps };
    const faces = sim.tiles.map((row) => row.map((tile) => tile.face));
    const dug = faces.flatMap((row) => {
      const tile = row.findIndex((face) => face === 'gem' || face === 'rock');
      return tile >= 0 ? [tile] : [];
    });
    const rocks = faces.map((row) =>
      row.flatMap((face, tile) => (face === 'rock' || face === 'rock-unpicked' ? [tile] : [])),
    );
    return { shown: { dug, rocks }, steps };
  },
});
