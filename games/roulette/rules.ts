// European roulette (see games/roulette/README.md): pocket floor(f0 * 37), inside and outside bets.
import { amountCents, defineInstantRules } from '../fairness/contract';
import type { RuleIssue } from '../fairness/issues';
import { BET_MAX_CENTS, formatDecimal, MULTIPLIER_SCALE } from '../fairness/money';

export const ROULETTE = {
  id: 'roulette',
  pockets: 37,
  floatsNeeded: 1,
  maxBetsPerSpin: 100,
} as const;

export const RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];

export const ROULETTE_BET_TYPES = [
  'straight',
  'split',
  'street',
  'corner',
  'six_line',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;
export type RouletteBetType = (typeof ROULETTE_BET_TYPES)[number];

/** Total return per unit staked on a win (stake included). */
export const ROULETTE_RETURNS: Record<RouletteBetType, number> = {
  straight: 36,
  split: 18,
  street: 12,
  corner: 9,
  six_line: 6,
  dozen: 3,
  column: 3,
  red: 2,
  black: 2,
  odd: 2,
  even: 2,
  low: 2,
  high: 2,
};

export function rouletteSpin(f0: number): number {
  return Math.floor(f0 * ROULETTE.pockets);
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === b[i]);

/**
 * The pockets a bet covers, or null when its selection is not valid for its type. The table
 * has 12 rows of 3 (1 2 3 / 4 5 6 / ... / 34 35 36), 0 above them. Selections:
 * - straight [n], 0..36
 * - split [a, b]: two neighbours on the table (side by side in a row, one above the other, or 0
 *   with 1, 2 or 3), any order
 * - street [n]: the first number of a row (1, 4, ..., 34)
 * - corner [a, b, c, d]: the four numbers of a 2 x 2 square, any order
 * - six_line [a, b]: the first numbers of two adjacent rows (1 and 4, ..., 31 and 34)
 * - dozen [1|2|3] (1-12, 13-24, 25-36); column [1|2|3] (column 1 is 1, 4, ..., 34)
 * - red, black, odd, even, low (1-18), high (19-36): no selection (absent or [])
 */
export function coveredPockets(
  type: RouletteBetType,
  selection: readonly number[],
): number[] | null {
  if (!selection.every(isInt)) return null;
  const [a = -1, b = -1] = selection;
  switch (type) {
    case 'straight':
      return selection.length === 1 && a >= 0 && a <= 36 ? [a] : null;
    case 'split': {
      if (selection.length !== 2) return null;
      const [lo, hi] = a < b ? [a, b] : [b, a];
      if (lo === 0) return hi >= 1 && hi <= 3 ? [lo, hi] : null;
      if (lo < 1 || hi > 36) return null;
      const sideBySide = hi === lo + 1 && lo % 3 !== 0;
      const stacked = hi === lo + 3;
      return sideBySide || stacked ? [lo, hi] : null;
    }
    case 'street':
      return selection.length === 1 && a >= 1 && a <= 34 && a % 3 === 1 ? range(a, a + 2) : null;
    case 'corner': {
      if (selection.length !== 4) return null;
      const first = Math.min(...selection);
      if (first < 1 || first % 3 === 0 || first > 32) return null;
      const square = [first, first + 1, first + 3, first + 4];
      return sameList(selection, square) ? square : null;
    }
    case 'six_line': {
      if (selection.length !== 2) return null;
      const first = Math.min(a, b);
      if (first < 1 || first > 31 || first % 3 !== 1 || Math.max(a, b) !== first + 3) return null;
      return range(first, first + 5);
    }
    case 'dozen':
      return selection.length === 1 && a >= 1 && a <= 3 ? range(12 * a - 11, 12 * a) : null;
    case 'column':
      return selection.length === 1 && a >= 1 && a <= 3
        ? range(1, 36).filter((n) => (n - a) % 3 === 0)
        : null;
    default: {
      if (selection.length !== 0) return null;
      return range(1, 36).filter(OUTSIDE[type]);
    }
  }
}

const OUTSIDE: Record<'red' | 'black' | 'odd' | 'even' | 'low' | 'high', (n: number) => boolean> = {
  red: (n) => RED_NUMBERS.includes(n),
  black: (n) => !RED_NUMBERS.includes(n),
  odd: (n) => n % 2 === 1,
  even: (n) => n % 2 === 0,
  low: (n) => n <= 18,
  high: (n) => n >= 19,
};

export interface RouletteBet {
  type: RouletteBetType;
  selection: readonly number[];
  amountCents: number;
}

/** Field issues of one bet's type and selection at `bets.<index>`. */
export function validateRouletteBet(index: number, type: unknown, selection: unknown): RuleIssue[] {
  if (!ROULETTE_BET_TYPES.includes(type as RouletteBetType)) {
    return [{ field: `bets.${index}.type`, key: 'validation.in' }];
  }
  const list = normalizeSelection(selection);
  if (!list || !coveredPockets(type as RouletteBetType, list)) {
    return [
      {
        field: `bets.${index}.selection`,
        key: 'games.roulette.selection',
        params: { type: String(type) },
      },
    ];
  }
  return [];
}

/** Absent -> [], a single integer -> [n], a list stays; anything else is null. */
export function normalizeSelection(selection: unknown): number[] | null {
  if (selection === undefined || selection === null) return [];
  if (isInt(selection)) return [selection];
  if (Array.isArray(selection) && selection.every(isInt)) return [...selection];
  return null;
}

/** Payout of one bet (cents) on a pocket: amount x return when covered, else 0. */
export function rouletteBetPayoutCents(bet: RouletteBet, pocket: number): number {
  const pockets = coveredPockets(bet.type, bet.selection);
  if (!pockets) throw new RangeError(`invalid ${bet.type} selection`);
  return pockets.includes(pocket) ? bet.amountCents * ROULETTE_RETURNS[bet.type] : 0;
}

/** The stored and answered form of one bet (amounts in currency units). */
function wireBet(bet: RouletteBet) {
  return { type: bet.type, selection: [...bet.selection], amount: bet.amountCents / 100 };
}

const SELECTIONS =
  'Selections: straight [n] (0-36); split [a, b] neighbours on the table (or 0 with 1, 2, 3); ' +
  'street [first number of the row: 1, 4, ..., 34]; corner [a, b, c, d] a 2x2 square; six_line ' +
  '[a, a + 3] first numbers of two adjacent rows; dozen [1|2|3]; column [1|2|3]; red, black, odd, ' +
  'even, low, high: no selection. A single number may stand for a one-element list.';

/** Roulette on the rules contract: several bets per spin, the stake is their total. */
export const rules = defineInstantRules<RouletteBet[], Record<string, never>>({
  kind: 'instant',
  id: ROULETTE.id,
  docs: {
    summary: 'Spin the wheel with one or more bets',
    description:
      'Pocket = floor(f0 * 37). Returns per unit: straight 36, split 18, street 12, corner 9, ' +
      'six_line 6, dozen/column 3, even chances 2. result: {pocket, bets: [{..., payout}]}.',
  },
  params: {
    bets: {
      type: 'json',
      description: `${SELECTIONS} The bet amount is the total of the bets (at most 10000).`,
      default: [{ type: 'red', amount: 1 }],
      schema: {
        type: 'array',
        minItems: 1,
        maxItems: ROULETTE.maxBetsPerSpin,
        items: {
          type: 'object',
          required: ['type', 'amount'],
          properties: {
            type: { type: 'string', enum: [...ROULETTE_BET_TYPES] },
            selection: {
              anyOf: [
                { type: 'integer' },
                { type: 'array', items: { type: 'integer' }, maxItems: 4 },
              ],
            },
            amount: { type: 'number' },
          },
        },
      },
    },
  },
  verifyFields: {},
  parse(raw) {
    const list = raw.bets as readonly { type: unknown; selection?: unknown; amount: unknown }[];
    const issues: RuleIssue[] = [];
    const bets = list.map((bet, index): RouletteBet => {
      issues.push(...validateRouletteBet(index, bet.type, bet.selection));
      const amount = amountCents(`bets.${index}.amount`, bet.amount);
      if ('issue' in amount) issues.push(amount.issue);
      return {
        type: bet.type as RouletteBetType,
        selection: normalizeSelection(bet.selection) ?? [],
        amountCents: 'cents' in amount ? amount.cents : 0,
      };
    });
    if (bets.reduce((sum, bet) => sum + bet.amountCents, 0) > BET_MAX_CENTS) {
      issues.push({
        field: 'bets',
        key: 'games.roulette.total_max',
        params: { limit: formatDecimal(BET_MAX_CENTS / 100) },
      });
    }
    return issues.length ? { ok: false, issues } : { ok: true, value: bets };
  },
  stakeCents: (bets) => bets.reduce((sum, bet) => sum + bet.amountCents, 0),
  wire: (bets) => ({ bets: bets.map(wireBet) }),
  verifyValuesOf: () => ({}),
  /** Every bet returns 36/37 of its stake on average (single zero). */
  rtp: () => 36 / 37,
  summary: (_wire, result) => String(result.pocket),
  describe: (wire, result) => ({
    key: 'history',
    values: {
      pocket: Number(result.pocket),
      count: Array.isArray(wire.bets) ? wire.bets.length : 1,
    },
  }),
  floatsNeeded: () => ROULETTE.floatsNeeded,
  outcome: (_values, floats) => ({ pocket: rouletteSpin(floats[0]!) }),
  play(bets, floats, totalCents) {
    const pocket = rouletteSpin(floats[0]!);
    const payouts = bets.map((bet) => rouletteBetPayoutCents(bet, pocket));
    const payout = payouts.reduce((sum, p) => sum + p, 0);
    return {
      multiplierE4: Math.floor((payout * MULTIPLIER_SCALE) / totalCents),
      payoutCents: payout,
      result: {
        pocket,
        bets: bets.map((bet, i) => ({ ...wireBet(bet), payout: payouts[i]! / 100 })),
      },
    };
  },
});
