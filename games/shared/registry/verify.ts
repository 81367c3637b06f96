// The verifier by game id, over the registry: what the CLI and the fairness dialog call.
import {
  recomputeBet,
  verifyOutcome as verifyWithRules,
  VerifyInputError,
  type RecordedBet,
  type Recomputed,
  type VerifyInput,
} from '../../fairness/verify';
import type { AnyRules } from '../../fairness/contract';
import { GAME_RULES } from './gameRules';

export { VerifyInputError, type RecordedBet, type Recomputed, type VerifyInput };

/** The ids of the games that can be verified. */
export const VERIFIABLE_GAMES: readonly string[] = [...GAME_RULES.keys()];

/** A game's rules by id; a VerifyInputError names the known games otherwise. */
export function rulesOf(game: string): AnyRules {
  const found = GAME_RULES.get(game);
  if (!found) {
    throw new VerifyInputError(`unknown game '${game}' (known: ${VERIFIABLE_GAMES.join(', ')})`);
  }
  return found;
}

/** What the seeds decide for a game; throws VerifyInputError for a bad game or input. */
export function verifyOutcome(game: string, input: VerifyInput): Record<string, unknown> {
  return verifyWithRules(rulesOf(game), input);
}

/** A recorded bet recomputed from its revealed seed, field by field. */
export function recomputeRecordedBet(
  game: string,
  bet: RecordedBet,
  serverSeed: string,
): Recomputed {
  return recomputeBet(rulesOf(game), bet, serverSeed);
}
