import type { LiveBet } from '../../api/liveBets';

/** A high roller's bet: a stake of at least this much (currency units). */
export const HIGH_ROLLER_STAKE = 100;
/** A lucky win: a multiplier of at least this much. */
export const LUCKY_MULTIPLIER = 10;
/** Bets kept per tab (the newest); the table shows the first SHOWN_BETS of them. */
export const KEPT_BETS = 50;
export const SHOWN_BETS = 10;

export type LiveBetsTab = 'all' | 'high' | 'lucky' | 'mine';
export const LIVE_BETS_TABS: readonly LiveBetsTab[] = ['all', 'high', 'lucky', 'mine'];

const FILTERS: Record<LiveBetsTab, (bet: LiveBet) => boolean> = {
  all: () => true,
  high: (bet) => bet.amount >= HIGH_ROLLER_STAKE,
  lucky: (bet) => bet.multiplier >= LUCKY_MULTIPLIER,
  mine: (bet) => bet.mine === true,
};

export type LiveBetLists = Record<LiveBetsTab, LiveBet[]>;

export const emptyLists = (): LiveBetLists => ({ all: [], high: [], lucky: [], mine: [] });

const newestFirst = (a: LiveBet, b: LiveBet) =>
  Date.parse(b.time) - Date.parse(a.time) || b.id - a.id;

/**
 * Each tab's list with `bets` merged in: once per bet id (a reconnection's backlog repeats
 * bets already shown), newest first, at most KEPT_BETS. A tab that gains nothing keeps its list.
 */
export function mergeBets(lists: LiveBetLists, bets: readonly LiveBet[]): LiveBetLists {
  const next = { ...lists };
  for (const tab of LIVE_BETS_TABS) {
    const fresh = bets.filter(FILTERS[tab]);
    if (!fresh.length) continue;
    const byId = new Map(lists[tab].map((bet) => [bet.id, bet]));
    for (const bet of fresh) byId.set(bet.id, bet);
    next[tab] = [...byId.values()].sort(newestFirst).slice(0, KEPT_BETS);
  }
  return next;
}
