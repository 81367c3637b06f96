// The giveaway draw (docs/developers/community.md, "Giveaways"): pure, so the server that draws,
// the browser's Verify panel and the tests run the same code.
import { floats } from './floats';

/** The floats' "client seed" part of the HMAC message: `giveaway:<id>`. */
function giveawayDrawSeed(giveawayId: number): string {
  return `giveaway:${giveawayId}`;
}

/**
 * The winners' positions (0-based, in the entry order) in draw order. With n entrants and
 * k = min(winnersCount, n) winners: the floats HMAC_SHA256(server_seed,
 * `giveaway:<id>:<n>:<round>`) as every game takes them (docs/fairness.md, nonce = n), and for
 * rank r = 1..k float r-1 picks `floor(f * remaining.length)` from the entrants not drawn yet,
 * kept in entry order. Fewer entrants than winners: every entrant wins; none: nobody.
 */
export function drawGiveawayWinners(
  serverSeed: string,
  giveawayId: number,
  entrants: number,
  winnersCount: number,
): number[] {
  const winners = Math.max(0, Math.min(winnersCount, entrants));
  if (winners === 0) return [];
  const picks = floats(serverSeed, giveawayDrawSeed(giveawayId), entrants, winners);
  const remaining = Array.from({ length: entrants }, (_, position) => position);
  return picks.map((f) => remaining.splice(Math.floor(f * remaining.length), 1)[0]!);
}

/**
 * The prize split over `winners` ranks in whole cents: each gets floor(prize / winners), and the
 * remainder's cents go one each to the first ranks (rank 1 first). Sums to the prize exactly.
 */
export function splitGiveawayPrize(prizeCents: number, winners: number): number[] {
  if (winners <= 0) return [];
  const share = Math.floor(prizeCents / winners);
  const extra = prizeCents - share * winners;
  return Array.from({ length: winners }, (_, rank) => share + (rank < extra ? 1 : 0));
}

export interface GiveawayDraw {
  /** Entrant positions (0-based, entry order) by rank. */
  positions: number[];
  /** Prize of each rank, in cents. */
  prizes: number[];
}

/** The whole draw: who wins (by entry position) and what each rank is paid. */
export function drawGiveaway(input: {
  serverSeed: string;
  giveawayId: number;
  entrants: number;
  winnersCount: number;
  prizeCents: number;
}): GiveawayDraw {
  const positions = drawGiveawayWinners(
    input.serverSeed,
    input.giveawayId,
    input.entrants,
    input.winnersCount,
  );
  return { positions, prizes: splitGiveawayPrize(input.prizeCents, positions.length) };
}
