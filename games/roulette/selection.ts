// The betting table's logic (pure): which bet a click makes in each mode, chips stacking up,
// and the wire format of POST /api/games/roulette/spins.
import { coveredPockets, type RouletteBetType } from './rules';

/** Inside bets are placed by clicking numbers; outside bets have their own buttons. */
export const INSIDE_MODES = ['straight', 'split', 'street', 'corner', 'six_line'] as const;
export type InsideMode = (typeof INSIDE_MODES)[number];

export interface TableBet {
  type: RouletteBetType;
  selection: number[];
  amountCents: number;
}

export interface ClickResult {
  /** The bet the click makes, if it completes one. */
  bet?: { type: RouletteBetType; selection: number[] };
  /** A split waits for its second number. */
  pending: number | null;
}

const rowStart = (n: number) => n - ((n - 1) % 3);

/** The bet a click on number `n` makes in `mode` (a split takes two neighbouring clicks). */
export function clickNumber(mode: InsideMode, n: number, pending: number | null): ClickResult {
  switch (mode) {
    case 'straight':
      return { bet: { type: 'straight', selection: [n] }, pending: null };
    case 'split': {
      if (pending === null || pending === n) return { pending: pending === n ? null : n };
      const selection = [pending, n];
      return coveredPockets('split', selection)
        ? { bet: { type: 'split', selection }, pending: null }
        : { pending: n };
    }
    case 'street':
      return n >= 1
        ? { bet: { type: 'street', selection: [rowStart(n)] }, pending: null }
        : { pending: null };
    case 'corner': {
      if (n < 1) return { pending: null };
      let first = n % 3 === 0 ? n - 1 : n;
      if (first > 32) first -= 3;
      return {
        bet: { type: 'corner', selection: [first, first + 1, first + 3, first + 4] },
        pending: null,
      };
    }
    case 'six_line': {
      if (n < 1) return { pending: null };
      let first = rowStart(n);
      if (first > 31) first -= 3;
      return { bet: { type: 'six_line', selection: [first, first + 3] }, pending: null };
    }
  }
}

/** Outside bets: dozen and column take 1..3, the even chances no selection. */
export function outsideBet(
  type: Exclude<RouletteBetType, InsideMode>,
  which?: 1 | 2 | 3,
): { type: RouletteBetType; selection: number[] } {
  return { type, selection: type === 'dozen' || type === 'column' ? [which ?? 1] : [] };
}

const sameBet = (
  a: { type: string; selection: number[] },
  b: { type: string; selection: number[] },
) =>
  a.type === b.type &&
  a.selection.length === b.selection.length &&
  [...a.selection]
    .sort((x, y) => x - y)
    .every((v, i) => v === [...b.selection].sort((x, y) => x - y)[i]);

/** Adds a chip: on an existing spot the amounts add up, otherwise a new bet. */
export function addChip(
  bets: readonly TableBet[],
  bet: { type: RouletteBetType; selection: number[] },
  amountCents: number,
): TableBet[] {
  const index = bets.findIndex((b) => sameBet(b, bet));
  if (index < 0) return [...bets, { ...bet, amountCents }];
  return bets.map((b, i) => (i === index ? { ...b, amountCents: b.amountCents + amountCents } : b));
}

export const totalCents = (bets: readonly TableBet[]): number =>
  bets.reduce((sum, b) => sum + b.amountCents, 0);

/** Cents staked on inside bets that cover number `n` (the chip badge on the table). */
export function centsOnNumber(bets: readonly TableBet[], n: number): number {
  return bets
    .filter((b) => (INSIDE_MODES as readonly string[]).includes(b.type))
    .filter((b) => coveredPockets(b.type, b.selection)?.includes(n))
    .reduce((sum, b) => sum + b.amountCents, 0);
}

/** The spin request's bets (amounts in currency units). */
export function toWire(
  bets: readonly TableBet[],
): { type: string; selection: number[]; amount: number }[] {
  return bets.map((b) => ({
    type: b.type,
    selection: [...b.selection],
    amount: b.amountCents / 100,
  }));
}

/** A short label: 'split 1-2', 'dozen 2', 'red'. */
export function betLabel(bet: { type: string; selection: number[] }): string {
  return bet.selection.length
    ? `${bet.type.replace('_', ' ')} ${bet.selection.join('-')}`
    : bet.type;
}
