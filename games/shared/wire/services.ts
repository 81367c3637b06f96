// What the shell gives a game's panel (games/ may not import src/): the app's HTTP client, the
// top bar's balance and the session. Pure types, used by both sides.
import type { ServerEvent } from '../round/eventStream';
import type { BetJson } from './types';

export interface RequestOptions {
  /** Sent as the Idempotency-Key header: a retried bet counts once. */
  idempotencyKey?: string;
  /** Failure shows no dialog (state fetches such as a game in progress). */
  silent?: boolean;
  /**
   * Answers with these statuses are outcomes the panel shows itself (a cash-out that came after
   * the crash): no dialog. The promise still rejects; answerStatus (api.ts) reads the status.
   */
  quietStatuses?: readonly number[];
}

/** The shell's HTTP client bound to the API base, token and locale; rejects on non-2xx. */
export type GameRequest = <T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  options?: RequestOptions,
) => Promise<T>;

/**
 * Opens a server-sent event stream (signed in like every request) and reconnects after a drop
 * (or an end) as EventSource does, until the returned close is called.
 */
export type OpenEvents = (path: string, onEvent: (event: ServerEvent) => void) => () => void;

export interface GameServices {
  request: GameRequest;
  events: OpenEvents;
  /** The balance the top bar shows now. */
  balance(): number;
  /** Sets the top bar's balance (from a bet answer). */
  setBalance(balance: number): void;
  isAuthenticated: boolean;
  /**
   * Sends a guest to the login screen, and back to this game after it; `stakeCents` (the stake
   * of the bet they asked for) is given back there by keptStakeCents.
   */
  requireLogin(stakeCents?: number): void;
  /** The stake a guest asked to bet before signing in on this game's page, once; else null. */
  keptStakeCents(): number | null;
}

/** What the game page hands a panel. */
export interface GamePanelProps {
  services: GameServices;
  /** Called after every settled bet (the page refreshes the history). */
  onSettled?: (bet: BetJson) => void;
}
