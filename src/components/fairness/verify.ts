// The browser verifier: recomputes a bet from its revealed seeds with the registry's rules, the
// same code the CLI uses and the server settled with.
import { formatDecimal, hashServerSeed } from '../../../games/fairness';
import {
  recomputeRecordedBet,
  VERIFIABLE_GAMES,
  verifyOutcome as computeOutcome,
  type RecordedBet,
  type VerifyInput,
} from '../../../games/shared/registry/verify';

export { VERIFIABLE_GAMES };

/** What the seeds decide, as the CLI prints it (the keys of the rules' outcome). */
export type VerifyOutcome = Record<string, unknown>;

export const isVerifiableGame = (game: string): boolean => VERIFIABLE_GAMES.includes(game);

/** The outcome, or null while the input is incomplete or out of range. */
export function verifyOutcome(game: string, input: VerifyInput): VerifyOutcome | null {
  if (!input.serverSeed || !input.clientSeed) return null;
  try {
    return computeOutcome(game, input);
  } catch {
    return null;
  }
}

/** Does the revealed seed hash to the commitment shown before the bet? */
export const seedMatchesHash = (serverSeed: string, hash: string): boolean =>
  hashServerSeed(serverSeed) === hash.toLowerCase();

/**
 * The recorded fields of a bet that the seeds do not reproduce ([] when every field of the
 * result, the multiplier and the payout match), or null when nothing can be recomputed yet.
 */
export function recordedMismatches(
  game: string,
  bet: RecordedBet,
  serverSeed: string,
): string[] | null {
  if (!serverSeed || !isVerifiableGame(game)) return null;
  try {
    return recomputeRecordedBet(game, bet, serverSeed).mismatches;
  } catch {
    return null;
  }
}

/** '77,18', '28', '19, 22, 7', 'RRLR… · 5'. */
export function describeOutcome(outcome: VerifyOutcome): string {
  return Object.entries(outcome)
    .map(([key, value]) =>
      Array.isArray(value)
        ? value.join(', ')
        : key === 'roll' && typeof value === 'number'
          ? formatDecimal(value)
          : String(value),
    )
    .join(' · ');
}
