// Mines in the scene lab (games/shared/lab/adapter.ts): lay the mines and pick tiles in order;
// the rules play the picks (a mine ends the game, else it cashes out after the last) and the
// board takes each answer as the panel hands them to the scene. The picks and the mines are read
// from the faces the tiles came to rest on, as the headless run reads them.
import { defineLabGame, playAnswers, playStepped, sortedTiles } from '../shared/lab/adapter';
import { boardOfResult } from './board';
import { minesChannel } from './channel';
import { MINES, rules, type MinesState } from './rules';
import type { MinesSimulation } from './simulation';

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((t): t is number => typeof t === 'number') : [];

/** A game from where its mines are: the picks in order, cashed out if it still runs after them. */
function gameOf(
  wire: Readonly<Record<string, unknown>>,
  mines: number[],
  picks: number[],
  cashOut: boolean,
) {
  const start: MinesState = { mines, revealed: [], status: 'active' };
  return playStepped(rules, wire, start, picks, cashOut);
}

export const lab = defineLabGame({
  initial: { mines: [2, 8, 16], picks: [0, 6, 12, 18] },
  controls: () => [
    {
      kind: 'grid',
      name: 'mines',
      label: 'dev.lab.mine_layout',
      columns: 5,
      tiles: MINES.tiles,
      max: MINES.maxMines,
      mark: '✕',
    },
    {
      kind: 'grid',
      name: 'picks',
      label: 'dev.lab.picks',
      columns: 5,
      tiles: MINES.tiles,
      max: MINES.tiles,
    },
  ],
  round: (pick) => {
    const laid = numbers(pick.mines);
    const mines = laid.length ? laid : [MINES.tiles - 1];
    return gameOf({ mines: mines.length }, mines, numbers(pick.picks), true);
  },
  recorded: (bet) => {
    const { params, result } = bet;
    // A game over shows its mines: replay its picks from them. One still running shows as it is.
    if (!Array.isArray(result.mines)) return { params, result, multiplier: bet.multiplier };
    return gameOf(params, numbers(result.mines), rules.movesOf(result), rules.cashedOut(result));
  },
  async play(round, stage) {
    const scene = await minesChannel.whenShown();
    const sim = stage.sim as MinesSimulation;
    await playAnswers(
      round,
      stage,
      () => sim.settled,
      (result) => scene.configure(boardOfResult({ ...result })),
    );
  },
  shown: ({ sim }) => {
    const board = sim as MinesSimulation;
    if (!board.settled) return null;
    const faces = board.tiles.map((tile) => tile.face);
    const showing = (...shown: string[]) =>
      faces.flatMap((face, tile) => (shown.includes(face) ? [tile] : []));
    return { picked: showing('gem', 'mine'), mines: showing('mine', 'mine-unpicked') };
  },
  expected: ({ result }) => ({
    picked: sortedTiles(result.revealed),
    mines: sortedTiles(result.mines),
  }),
});
