/**
 * The responsible-play rules as plain values and pure functions: the kinds of limit, their
 * rolling periods, when a change takes effect, and the bounds of a break and a self-exclusion.
 */

export const LIMIT_KINDS = ['loss', 'wager', 'deposit'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
/** The kinds a bet is checked against (a deposit limit is checked when money arrives). */
export const BET_LIMIT_KINDS = ['loss', 'wager'] as const satisfies readonly LimitKind[];

export const LIMIT_PERIODS = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** Each period is a rolling window ending now: a month is 30 days. */
export const PERIOD_MS: Record<LimitPeriod, number> = {
  day: 24 * 3600_000,
  week: 7 * 24 * 3600_000,
  month: 30 * 24 * 3600_000,
};

/** A raise or a removal waits this long; a lower limit applies at once. */
export const RAISE_DELAY_MS = 24 * 3600_000;

/** Breaks run 24 hours to 6 weeks; self-exclusions 6 months to 5 years, or for good. */
export const BREAK_HOURS = { min: 24, max: 6 * 7 * 24 } as const;
export const EXCLUSION_MONTHS = { min: 6, max: 60 } as const;
export const BLOCK_KINDS = ['break', 'self_exclusion'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** Reality checks every 10 minutes to 4 hours, or off. */
export const REALITY_CHECK_MINUTES = { min: 10, max: 240 } as const;

/** One limit slot as stored: the amount in force and any change waiting for its time. */
export interface LimitSlot {
  amountCents: number | null;
  pending: { amountCents: number | null; from: Date } | null;
}

export const NO_LIMIT: LimitSlot = { amountCents: null, pending: null };

/** The slot as it stands at `now`: a pending change whose time has come is in force. */
export function slotAt(slot: LimitSlot, now: Date): LimitSlot {
  if (slot.pending && slot.pending.from.getTime() <= now.getTime()) {
    return { amountCents: slot.pending.amountCents, pending: null };
  }
  return slot;
}

/**
 * The slot after the player asks for `wanted` (cents, or null for none) at `now`, from the slot
 * as it stands then: the same amount cancels a pending change; a first limit or a lower one
 * applies at once; a higher one or a removal waits RAISE_DELAY_MS (asking again for the same
 * pending change keeps its time).
 */
export function changeSlot(current: LimitSlot, wanted: number | null, now: Date): LimitSlot {
  const { amountCents } = current;
  if (wanted === amountCents) return { amountCents, pending: null };
  if (amountCents === null || (wanted !== null && wanted < amountCents)) {
    return { amountCents: wanted, pending: null };
  }
  if (current.pending && current.pending.amountCents === wanted) return current;
  return {
    amountCents,
    pending: { amountCents: wanted, from: new Date(now.getTime() + RAISE_DELAY_MS) },
  };
}

/** A limit that a bet is checked against, or will be until its pending removal. */
export function guardsBets(kind: LimitKind, slot: LimitSlot): boolean {
  return (BET_LIMIT_KINDS as readonly string[]).includes(kind) && slot.amountCents !== null;
}

/** One movement of money in a limit's window: when, and how much it adds to the used amount. */
export interface UsageLine {
  at: Date;
  cents: number;
}

/**
 * When a stake of `stakeCents` would fit under `limitCents` again, if nothing else happens: the
 * window's lines (oldest first, all inside the window at `now`) leave it one by one, and the
 * first moment the amount used plus the stake is within the limit is the answer. Null when the
 * stake alone is over the limit.
 */
export function freesAt(
  lines: readonly UsageLine[],
  usedCents: number,
  stakeCents: number,
  limitCents: number,
  periodMs: number,
): Date | null {
  if (stakeCents > limitCents) return null;
  let used = usedCents;
  for (const line of lines) {
    used -= line.cents;
    if (used + stakeCents <= limitCents) return new Date(line.at.getTime() + periodMs);
  }
  return null;
}

/** The end of a break of `hours` from `now`. */
export function breakEnd(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 3600_000);
}

/** The end of a self-exclusion of `months` calendar months from `now` (UTC), or null for good. */
export function exclusionEnd(now: Date, months: number | 'permanent'): Date | null {
  if (months === 'permanent') return null;
  const end = new Date(now.getTime());
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}
