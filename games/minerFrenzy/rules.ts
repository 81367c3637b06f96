// Miner Frenzy (see games/minerFrenzy/README.md): a multiplier that grows with the time since the
// round's server-side start until the crash point decided by f0 (Stake's limbo). Multipliers are
// kept in hundredths here (the game's 2 decimals) and given to the kit in e4 units.
import { defineLiveRules, fieldIssue, type ResultWords } from '../fairness/contract';
import { formatMultiplier, MULTIPLIER_SCALE } from '../fairness/money';

export const MINER_FRENZY = {
  id: 'minerFrenzy',
  floatsNeeded: 1,
  /** Growth per millisecond: m(t) = floor(100 * e^(0.00006 * t)) / 100. */
  growthPerMs: 0.00006,
  /** The crash point's cap, in hundredths (1,000,000.00x). */
  maxCrashHundredths: 100_000_000,
  /** The lowest auto cash-out target, in hundredths (1.01x). */
  minAutoHundredths: 101,
} as const;

const E4_PER_HUNDREDTH = MULTIPLIER_SCALE / 100;

/** Crash point in hundredths: max(1, floor(100 * 0.99 * (1e8 / (f0 * 1e8))) / 100), capped. */
export function crashPointHundredths(f0: number): number {
  const raw = Math.floor(100 * 0.99 * (1e8 / (f0 * 1e8)));
  return Math.min(MINER_FRENZY.maxCrashHundredths, Math.max(100, raw));
}

/** m(t) in hundredths, `ms` milliseconds after the start (1.00x before it). */
export function multiplierHundredthsAt(ms: number): number {
  if (ms <= 0) return 100;
  return Math.floor(100 * Math.exp(MINER_FRENZY.growthPerMs * ms));
}

/** The first whole millisecond at which m(t) is at least `hundredths`. */
export function msToReachHundredths(hundredths: number): number {
  if (hundredths <= 100) return 0;
  // The logarithm gives the answer up to floating-point noise; m(t) itself settles it.
  let ms = Math.max(0, Math.ceil(Math.log(hundredths / 100) / MINER_FRENZY.growthPerMs));
  while (ms > 0 && multiplierHundredthsAt(ms - 1) >= hundredths) ms--;
  while (multiplierHundredthsAt(ms) < hundredths) ms++;
  return ms;
}

/**
 * When the cart crashes: the first millisecond at which m(t) reaches the crash point (at once
 * for 1.00x). A cash-out by hand wins only below the crash point (games/minerFrenzy/README.md:
 * at or past it the round had crashed); an auto cash-out target is decided against the crash point
 * itself, so a target equal to it still wins (Stake's limbo: RTP 99% at any target).
 */
export function crashMsOf(crashHundredths: number): number {
  return msToReachHundredths(crashHundredths);
}

export interface MinerFrenzyParams {
  /** The auto cash-out target in hundredths, or null (cash out by hand). */
  autoCashoutHundredths: number | null;
}

const AUTO_CASHOUT = {
  type: 'decimal',
  decimals: 2,
  min: MINER_FRENZY.minAutoHundredths / 100,
  max: MINER_FRENZY.maxCrashHundredths / 100,
  default: 2,
  description: 'Auto cash-out target (optional), 1.01 .. 1000000, 2 decimals',
} as const;

const asNumber = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** Miner Frenzy on the rules contract (games/fairness/contract.ts). */
export const rules = defineLiveRules<MinerFrenzyParams, Record<string, never>>({
  kind: 'live',
  id: MINER_FRENZY.id,
  docs: {
    summary: 'Start a Miner Frenzy round',
    description:
      'The multiplier grows as m(t) = floor(100 * e^(0.00006 * t_ms)) / 100 from the start; the ' +
      'crash point is max(1, floor(100 * 0.99 / f0) / 100), capped at 1,000,000. A cash-out ' +
      'received while m(t) of the server clock is below the crash point wins m(t); at or past ' +
      'it the round had crashed. An auto cash-out target at or below the crash point pays ' +
      'exactly the target. ' +
      'result: {status, started_at, auto_cashout, multiplier?, crash_point? (once over)}.',
  },
  params: {},
  verifyFields: {},
  autoCashout: { field: 'auto_cashout', spec: AUTO_CASHOUT },
  parse(raw) {
    const value = raw.auto_cashout;
    if (value === undefined || value === null) {
      return { ok: true, value: { autoCashoutHundredths: null } };
    }
    const issue = fieldIssue('auto_cashout', AUTO_CASHOUT, value);
    if (issue) return { ok: false, issues: [issue] };
    return { ok: true, value: { autoCashoutHundredths: Math.round((value as number) * 100) } };
  },
  wire: (params) => ({
    auto_cashout: params.autoCashoutHundredths === null ? null : params.autoCashoutHundredths / 100,
  }),
  verifyValuesOf: () => ({}),
  floatsNeeded: () => MINER_FRENZY.floatsNeeded,
  outcome: (_values, floats) => ({ crash: crashPointHundredths(floats[0]!) / 100 }),
  /** Stake's limbo: 99% at any auto cash-out target (see games/minerFrenzy/README.md). */
  rtp: () => 0.99,
  summary(wire, result) {
    const crash = asNumber(result.crash_point);
    const out = result.status === 'cashed_out' ? asNumber(result.multiplier) : null;
    if (crash === null) return `${String(result.status)}`;
    return out === null
      ? formatMultiplier(crash)
      : `${formatMultiplier(out)} (${formatMultiplier(crash)})${wire.auto_cashout ? ' auto' : ''}`;
  },
  describe(wire, result): ResultWords {
    const crash = asNumber(result.crash_point);
    const out = asNumber(result.multiplier);
    if (result.status === 'cashed_out' && out !== null) {
      return {
        key: wire.auto_cashout ? 'history_auto_cashed_out' : 'history_cashed_out',
        values: {
          multiplier: formatMultiplier(out),
          crash: crash === null ? '…' : formatMultiplier(crash),
        },
      };
    }
    if (result.status === 'crashed' && crash !== null) {
      return { key: 'history_crashed', values: { crash: formatMultiplier(crash) } };
    }
    return { key: 'history_running' };
  },
  autoCashoutE4: (params) =>
    params.autoCashoutHundredths === null ? null : params.autoCashoutHundredths * E4_PER_HUNDREDTH,
  crashPointE4: (floats) => crashPointHundredths(floats[0]!) * E4_PER_HUNDREDTH,
  multiplierE4At: (ms) => multiplierHundredthsAt(ms) * E4_PER_HUNDREDTH,
  msToReach: (multiplierE4) => msToReachHundredths(Math.ceil(multiplierE4 / E4_PER_HUNDREDTH)),
  crashMs: (crashPointE4) => crashMsOf(crashPointE4 / E4_PER_HUNDREDTH),
  autoCashoutWins: (targetE4, crashPointE4) => targetE4 <= crashPointE4,
});
