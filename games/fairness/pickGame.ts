// The part of the stepped contract that is the same in every game of picks (mines, gem miner,
// the scaffold's tower): each move picks a tile and a bad pick loses; the state keeps a status
// word and the moves in order, the result shows both under the same names and the board's
// secrets only once the game is over, and a cash-out needs one move at least.
import type { SteppedRules } from './contract';
import type { RuleIssue } from './issues';
import { multiplierToNumber } from './money';

export interface PickGame<Params, State, Moves extends string> {
  /** The status word while the game runs ('active'). */
  playing: string;
  /** The field of the state and of the result listing the moves in order ('revealed'). */
  moves: Moves;
  /** The issue refusing a cash-out before the first move. */
  nothingWon: RuleIssue;
  /** The good picks so far. */
  cleared(state: State): number;
  /** The multiplier (e4) after `cleared` good picks (0 for none). */
  multiplierE4(params: Params, cleared: number): number;
  /** The result's first fields: the bet's own (its choices, the level reached). */
  resultHead(state: State, params: Params): Record<string, unknown>;
  /** What the result adds once the game is over (where the mines were). */
  secrets(state: State): Record<string, unknown>;
}

type PickState<Moves extends string> = { status: string } & {
  readonly [K in Moves]: readonly number[];
};

type PickRules<Params, State> = Pick<
  SteppedRules<Params, State>,
  'cashOut' | 'isOver' | 'status' | 'multiplierE4' | 'result' | 'running' | 'movesOf' | 'cashedOut'
>;

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((move): move is number => typeof move === 'number') : [];

/** The contract's end of a game of picks, to spread into its rules beside start and step. */
export function pickGame<Params, Moves extends string, State extends PickState<Moves>>(
  game: PickGame<Params, State, Moves>,
): PickRules<Params, State> {
  const isOver = (state: State) => state.status !== game.playing;
  const multiplierE4 = (state: State, params: Params) =>
    state.status === 'lost' ? 0 : game.multiplierE4(params, game.cleared(state));
  return {
    cashOut: (state) =>
      state[game.moves].length === 0 ? game.nothingWon : { ...state, status: 'cashed_out' },
    isOver,
    status: (state) => state.status,
    multiplierE4,
    result(state, params) {
      const over = isOver(state);
      const next = () => multiplierToNumber(game.multiplierE4(params, game.cleared(state) + 1));
      return {
        ...game.resultHead(state, params),
        [game.moves]: [...state[game.moves]],
        status: state.status,
        next_multiplier: over ? null : next(),
        ...(over ? game.secrets(state) : {}),
      };
    },
    running: (result) => result.status === game.playing,
    movesOf: (result) => numbers(result[game.moves]),
    cashedOut: (result) => result.status === 'cashed_out',
  };
}
