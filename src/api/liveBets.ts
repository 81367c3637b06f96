import type { ServerEvent } from '../../games/shared/round/eventStream';
import { http } from './client';
import type { User } from '../../games/shared/wire/types';
import { openEvents } from './events';

/** A settled bet as GET /api/bets/live sends it (event `bet`, and each bet of `backlog`). */
export interface LiveBet {
  id: number;
  game: string;
  /** The player's name; null when they hide it. */
  player: string | null;
  user_id: number | null;
  /** When it was settled (ISO 8601). */
  time: string;
  amount: number;
  multiplier: number;
  payout: number;
  /** The signed-in player's own bet. */
  mine?: boolean;
}

export type LiveBetsMessage = { kind: 'backlog'; bets: LiveBet[] } | { kind: 'bet'; bet: LiveBet };

const isBet = (value: unknown): value is LiveBet =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as LiveBet).id === 'number' &&
  typeof (value as LiveBet).game === 'string';

function messageOf(event: ServerEvent): LiveBetsMessage | null {
  if (event.event === 'bet') return isBet(event.data) ? { kind: 'bet', bet: event.data } : null;
  if (event.event === 'backlog') {
    const bets = (event.data as { bets?: unknown } | null)?.bets;
    return Array.isArray(bets) ? { kind: 'backlog', bets: bets.filter(isBet) } : null;
  }
  return null;
}

/**
 * Opens the live bets feed (with the session's token, so the player's own bets come marked),
 * reconnecting after a drop; each (re)connection starts with a backlog. Returns the close.
 */
export function openLiveBets(onMessage: (message: LiveBetsMessage) => void): () => void {
  return openEvents('/api/bets/live', (event) => {
    const message = messageOf(event);
    if (message) onMessage(message);
  });
}

/** Shows or hides the player's name in the feed (the profile route, with name and e-mail kept). */
export const setHideName = (user: Pick<User, 'name' | 'email'>, hide: boolean) =>
  http
    .patch<User>('/api/settings/profile', { name: user.name, email: user.email, hide_name: hide })
    .then((r) => r.data);
