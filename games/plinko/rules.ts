// Plinko (see games/plinko/README.md): one float per row decides left or right; the bucket is the
// number of rights; the multiplier comes from the row count's and risk's table.
import type { RuleIssue } from '../fairness/issues';
import {
  defineInstantRules,
  fieldIssues,
  fieldParams,
  type ParamFields,
} from '../fairness/contract';
import { parseMultiplierE4, payoutCents } from '../fairness/money';

export const PLINKO = {
  id: 'plinko',
  minRows: 8,
  maxRows: 16,
  /** One float per row: the most a board needs. */
  floatsNeeded: 16,
} as const;

export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof PLINKO_RISKS)[number];

/**
 * The tables of games/plinko/README.md, edge to centre. An even row count's last value is its
 * single centre bucket; an odd row count's last value fills both centre buckets.
 */
const HALF_TABLES: Record<number, Record<PlinkoRisk, string>> = {
  8: { low: '5.6 2.1 1.1 1 0.5', medium: '13 3 1.3 0.7 0.4', high: '29 4 1.5 0.3 0.2' },
  9: { low: '5.6 2 1.6 1 0.7', medium: '18 4 1.7 0.9 0.5', high: '43 7 2 0.6 0.2' },
  10: { low: '8.9 3 1.4 1.1 1 0.5', medium: '22 5 2 1.4 0.6 0.4', high: '76 10 3 0.9 0.3 0.2' },
  11: {
    low: '8.4 3 1.9 1.3 1 0.7',
    medium: '24 6 3 1.8 0.7 0.5',
    high: '120 14 5.2 1.4 0.4 0.2',
  },
  12: {
    low: '10 3 1.6 1.4 1.1 1 0.5',
    medium: '33 11 4 2 1.1 0.6 0.3',
    high: '170 24 8.1 2 0.7 0.2 0.2',
  },
  13: {
    low: '8.1 4 3 1.9 1.2 0.9 0.7',
    medium: '43 13 6 3 1.3 0.7 0.4',
    high: '260 37 11 4 1 0.2 0.2',
  },
  14: {
    low: '7.1 4 1.9 1.4 1.3 1.1 1 0.5',
    medium: '58 15 7 4 1.9 1 0.5 0.2',
    high: '420 56 18 5 1.9 0.3 0.2 0.2',
  },
  15: {
    low: '15 8 3 2 1.5 1.1 1 0.7',
    medium: '88 18 11 5 3 1.3 0.5 0.3',
    high: '620 83 27 8 3 0.5 0.2 0.2',
  },
  16: {
    low: '16 9 2 1.4 1.4 1.2 1.1 1 0.5',
    medium: '110 41 10 5 3 1.5 1 0.5 0.3',
    high: '1000 130 26 9 4 2 0.2 0.2 0.2',
  },
};

/** The rows + 1 bucket multipliers (e4 units), left edge to right edge. */
export function plinkoMultipliersE4(rows: number, risk: PlinkoRisk): number[] {
  const half = HALF_TABLES[rows]?.[risk];
  if (!half) throw new RangeError(`no plinko table for ${rows} rows, ${risk} risk`);
  const values = half.split(' ').map((text) => parseMultiplierE4(text)!);
  const mirrored = rows % 2 === 0 ? values.slice(0, -1).reverse() : [...values].reverse();
  return [...values, ...mirrored];
}

/** A table's return to player: Σ C(rows, k) / 2^rows × multiplier of bucket k. */
export function plinkoRtp(rows: number, risk: PlinkoRisk): number {
  let ways = 1; // C(rows, 0)
  let sum = 0;
  plinkoMultipliersE4(rows, risk).forEach((multiplierE4, k) => {
    sum += ways * multiplierE4;
    ways = (ways * (rows - k)) / (k + 1);
  });
  return sum / 2 ** rows / 10_000;
}

export interface PlinkoOutcome {
  /** 'L'/'R' per row, top to bottom. */
  path: string;
  /** Number of rights, 0..rows. */
  bucket: number;
  multiplierE4: number;
}

/** Row i goes right when floor(f_i * 2) is 1. */
export function plinkoPath(floats: readonly number[], rows: number): string {
  let path = '';
  for (let i = 0; i < rows; i++) path += Math.floor(floats[i]! * 2) === 1 ? 'R' : 'L';
  return path;
}

export function playPlinko(
  rows: number,
  risk: PlinkoRisk,
  floats: readonly number[],
): PlinkoOutcome {
  const path = plinkoPath(floats, rows);
  const bucket = [...path].filter((d) => d === 'R').length;
  return { path, bucket, multiplierE4: plinkoMultipliersE4(rows, risk)[bucket]! };
}

export function validatePlinko(rows: unknown, risk: unknown): RuleIssue[] {
  return fieldIssues(PLINKO_FIELDS, { rows, risk });
}

export interface PlinkoBet extends Record<string, number | string> {
  rows: number;
  risk: PlinkoRisk;
}

const PLINKO_FIELDS = {
  rows: {
    type: 'integer',
    min: PLINKO.minRows,
    max: PLINKO.maxRows,
    default: PLINKO.maxRows,
    description: `${PLINKO.minRows} .. ${PLINKO.maxRows}`,
  },
  risk: { type: 'choice', choices: PLINKO_RISKS, default: 'low' },
} as const satisfies ParamFields;

/** Plinko on the rules contract (games/fairness/contract.ts). */
export const rules = defineInstantRules<PlinkoBet, PlinkoBet>({
  kind: 'instant',
  id: PLINKO.id,
  docs: {
    summary: 'Drop a plinko ball',
    description:
      'Row i goes right when floor(f_i * 2) = 1; the bucket is the number of rights. ' +
      'result: {path: "RL...", bucket}.',
  },
  ...fieldParams<PlinkoBet>(PLINKO_FIELDS),
  /** Its table's multipliers weighted by the binomial odds of each bucket (a fair 50/50 path). */
  rtp: (wire) => plinkoRtp(Number(wire.rows), wire.risk as PlinkoRisk),
  rtpFields: ['rows', 'risk'],
  summary: (_wire, result) => `${String(result.path)} · ${String(result.bucket)}`,
  describe: (wire, result) => ({
    key: 'history',
    values: {
      slot: Number(result.bucket) + 1,
      slots: Number(wire.rows) + 1,
      risk: { key: `risk_${String(wire.risk)}` },
    },
  }),
  floatsNeeded: (bet) => bet.rows,
  outcome(bet, floats) {
    const { path, bucket } = playPlinko(bet.rows, bet.risk, floats);
    return { path, bucket };
  },
  play(bet, floats, amountCents) {
    const plinko = playPlinko(bet.rows, bet.risk, floats);
    return {
      multiplierE4: plinko.multiplierE4,
      payoutCents: payoutCents(amountCents, plinko.multiplierE4),
      result: { path: plinko.path, bucket: plinko.bucket },
    };
  },
});
