// The outcome of a revealed bet recomputed from its seeds: what the fairness page and the
// `npm run verify` CLI show, from the same rules the server settled with.
import { DICE, diceRoll } from '../dice/rules';
import { MINES, minePositions } from '../mines/rules';
import { PLINKO, PLINKO_RISKS, playPlinko, type PlinkoRisk } from '../plinko/rules';
import { ROULETTE, rouletteSpin } from '../roulette/rules';
import { floats } from './floats';

export interface VerifyInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** mines: the mine count. */
  mines?: number | undefined;
  /** plinko: rows and risk. */
  rows?: number | undefined;
  risk?: string | undefined;
}

/** A missing or out-of-range game parameter; the message names it as the CLI option. */
export class VerifyInputError extends Error {
  override name = 'VerifyInputError';
}

function integerIn(name: string, value: number | undefined, min: number, max: number): number {
  if (value === undefined) throw new VerifyInputError(`--${name} is required`);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new VerifyInputError(`--${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}

const GAMES: Record<string, (input: VerifyInput) => Record<string, unknown>> = {
  dice: (i) => ({
    roll: diceRoll(floats(i.serverSeed, i.clientSeed, i.nonce, DICE.floatsNeeded)[0]!) / 100,
  }),
  roulette: (i) => ({
    pocket: rouletteSpin(floats(i.serverSeed, i.clientSeed, i.nonce, ROULETTE.floatsNeeded)[0]!),
  }),
  mines: (i) => {
    const mines = integerIn('mines', i.mines, MINES.minMines, MINES.maxMines);
    return {
      mines: minePositions(floats(i.serverSeed, i.clientSeed, i.nonce, MINES.floatsNeeded), mines),
    };
  },
  plinko: (i) => {
    const rows = integerIn('rows', i.rows, PLINKO.minRows, PLINKO.maxRows);
    if (!PLINKO_RISKS.includes(i.risk as PlinkoRisk)) {
      throw new VerifyInputError(`--risk must be one of ${PLINKO_RISKS.join(', ')}`);
    }
    const outcome = playPlinko(
      rows,
      i.risk as PlinkoRisk,
      floats(i.serverSeed, i.clientSeed, i.nonce, rows),
    );
    return { path: outcome.path, bucket: outcome.bucket };
  },
};

/** The games that can be verified (more join as their rules land). */
export const VERIFIABLE_GAMES = Object.keys(GAMES);

/**
 * dice {roll}, roulette {pocket}, mines {mines: tiles in draw order}, plinko {path, bucket}.
 * Throws VerifyInputError for an unknown game or a missing or bad parameter.
 */
export function verifyOutcome(game: string, input: VerifyInput): Record<string, unknown> {
  const compute = Object.hasOwn(GAMES, game) ? GAMES[game] : undefined;
  if (!compute) {
    throw new VerifyInputError(`unknown game '${game}' (known: ${VERIFIABLE_GAMES.join(', ')})`);
  }
  if (!Number.isSafeInteger(input.nonce) || input.nonce < 0) {
    throw new VerifyInputError('--nonce must be a non-negative integer');
  }
  return compute(input);
}
