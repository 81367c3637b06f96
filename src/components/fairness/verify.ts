// The browser verifier: recomputes a bet from its revealed seeds with games/fairness/verify.ts,
// the same code the CLI uses over the rules the server settled with.
import { hashServerSeed } from '../../../games/fairness';
import {
  VERIFIABLE_GAMES,
  verifyOutcome as computeOutcome,
  type VerifyInput,
} from '../../../games/fairness/verify';

export { VERIFIABLE_GAMES };

/** What the seeds decide, as the CLI prints it: {roll}, {pocket}, {mines}, {path, bucket}. */
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

/** Does the server's recorded result hold the same values as the recomputed outcome? */
export function matchesRecorded(outcome: VerifyOutcome, result: Record<string, unknown>): boolean {
  return Object.entries(outcome).every(
    ([key, value]) => JSON.stringify(result[key]) === JSON.stringify(value),
  );
}

/** '77.18', '28', '19, 22, 7', 'RRLR… · 5'. */
export function describeOutcome(outcome: VerifyOutcome): string {
  return Object.entries(outcome)
    .map(([key, value]) =>
      Array.isArray(value)
        ? value.join(', ')
        : key === 'roll' && typeof value === 'number'
          ? value.toFixed(2)
          : String(value),
    )
    .join(' · ');
}
