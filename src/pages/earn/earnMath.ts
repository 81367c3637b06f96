// Pure arithmetic and formatting of the earn screens (unit-tested in tests/unit/shell).

const HOUR_S = 60 * 60;
const DAY_S = 24 * HOUR_S;

/** Time left until a moment, as whole days and an hh:mm:ss clock; zero once it has passed. */
export function countdownParts(ms: number): { days: number; clock: string } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / DAY_S);
  const rest = total % DAY_S;
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor(rest / HOUR_S))}:${pad(Math.floor((rest % HOUR_S) / 60))}:${pad(rest % 60)}`;
  return { days, clock };
}

/** How much of a term has passed, 0 .. 1. */
export function termProgress(startsAt: string, endsAt: string, now: number): number {
  const start = Date.parse(startsAt);
  const end = Date.parse(endsAt);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return 1;
  return Math.min(1, Math.max(0, (now - start) / (end - start)));
}

/**
 * A lock's reward for its whole term, as the server computes it: amount x yearly rate x days /
 * 365, rounded down to a cent. `ratePercent` is the offer's yearly rate (12 for 12%).
 */
export function lockRewardCents(amountCents: number, ratePercent: number, days: number): number {
  const rateBps = Math.round(ratePercent * 100);
  return Math.floor((amountCents * rateBps * days) / (10_000 * 365));
}

/** A rate given in percent (0.1 for 0.1%) in the locale's percent format: '0.1%', '0,1 %'. */
export function formatPercent(ratePercent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    ratePercent / 100,
  );
}
