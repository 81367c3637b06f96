// The chips on the table (pure): placing, moving and taking back a spot's chips, the total and
// what keeps it from being spun, and the wire format of POST /api/games/roulette/spins. The
// panel holds the one list of bets; the scene draws it and reports taps, drags and long presses.
import { BET_MAX_CENTS, formatShortDecimal } from '../fairness/money';
import { ROULETTE, type RouletteBetType } from './rules';
import { spotKey, type TableSpot } from './table';

export interface TableBet {
  type: RouletteBetType;
  selection: number[];
  amountCents: number;
}

const sameSpot = (a: TableSpot, b: TableSpot) => spotKey(a) === spotKey(b);

/** Adds a chip: on an existing spot the amounts add up, otherwise a new bet. */
export function addChip(
  bets: readonly TableBet[],
  bet: TableSpot,
  amountCents: number,
): TableBet[] {
  const index = bets.findIndex((b) => sameSpot(b, bet));
  if (index < 0) return [...bets, { type: bet.type, selection: [...bet.selection], amountCents }];
  return bets.map((b, i) => (i === index ? { ...b, amountCents: b.amountCents + amountCents } : b));
}

/** Cents on one spot (0 when it has no chips). */
export function chipsOn(bets: readonly TableBet[], spot: TableSpot): number {
  return bets.find((b) => sameSpot(b, spot))?.amountCents ?? 0;
}

/** Takes a spot's chips back. */
export function removeChips(bets: readonly TableBet[], spot: TableSpot): TableBet[] {
  return bets.filter((b) => !sameSpot(b, spot));
}

/** Moves a spot's whole stack onto another spot (where it joins any chips already there). */
export function moveChips(bets: readonly TableBet[], from: TableSpot, to: TableSpot): TableBet[] {
  const cents = chipsOn(bets, from);
  if (cents === 0 || sameSpot(from, to)) return [...bets];
  return addChip(removeChips(bets, from), to, cents);
}

export const totalCents = (bets: readonly TableBet[]): number =>
  bets.reduce((sum, b) => sum + b.amountCents, 0);

/** Why the chips on the table cannot be spun as they are (checked as they change). */
export type TableIssue =
  | { key: 'limit'; totalCents: number; limitCents: number }
  | { key: 'balance'; totalCents: number; balanceCents: number }
  | { key: 'count'; limit: number };

/**
 * The table's issue: more spots than one spin takes, a total over the table limit, or (when
 * the balance is known) over the balance; null when it can be spun (or is empty).
 */
export function tableIssue(
  bets: readonly TableBet[],
  balanceCents: number | null,
): TableIssue | null {
  const total = totalCents(bets);
  if (bets.length > ROULETTE.maxBetsPerSpin) {
    return { key: 'count', limit: ROULETTE.maxBetsPerSpin };
  }
  if (total > BET_MAX_CENTS) return { key: 'limit', totalCents: total, limitCents: BET_MAX_CENTS };
  if (balanceCents !== null && total > balanceCents) {
    return { key: 'balance', totalCents: total, balanceCents };
  }
  return null;
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

/** A stack's total as short as a chip shows it: 5, 2,5, 0,25, 1,2k. */
export function chipLabel(cents: number): string {
  const units = cents / 100;
  return units >= 1000
    ? `${formatShortDecimal(units / 1000, units >= 10_000 ? 0 : 1)}k`
    : formatShortDecimal(units);
}

/** The panel's table: its chips and what they were before each change (for Undo). */
export interface TableState {
  bets: TableBet[];
  history: TableBet[][];
}

export type TableChange =
  | { kind: 'place'; spot: TableSpot; cents: number }
  | { kind: 'move'; from: TableSpot; to: TableSpot }
  | { kind: 'remove'; spot: TableSpot }
  | { kind: 'clear' }
  | { kind: 'undo' };

/** How many changes Undo can take back. */
const HISTORY_LIMIT = 200;

/** The table after a change (a change that changes nothing leaves it as it is). */
export function changeTable(state: TableState, change: TableChange): TableState {
  if (change.kind === 'undo') {
    const previous = state.history.at(-1);
    return previous ? { bets: previous, history: state.history.slice(0, -1) } : state;
  }
  let bets: TableBet[];
  switch (change.kind) {
    case 'place':
      if (change.cents <= 0) return state;
      bets = addChip(state.bets, change.spot, change.cents);
      break;
    case 'move':
      if (chipsOn(state.bets, change.from) === 0 || sameSpot(change.from, change.to)) return state;
      bets = moveChips(state.bets, change.from, change.to);
      break;
    case 'remove':
      if (chipsOn(state.bets, change.spot) === 0) return state;
      bets = removeChips(state.bets, change.spot);
      break;
    case 'clear':
      if (state.bets.length === 0) return state;
      bets = [];
      break;
  }
  return { bets, history: [...state.history, state.bets].slice(-HISTORY_LIMIT) };
}
