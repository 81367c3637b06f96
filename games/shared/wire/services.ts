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

/** The player's game settings a panel follows, with the device's defaults filled in. */
export interface PlayFeel {
  /** Results without animation: the scene shows a round's end at once. */
  instant: boolean;
  /** No shake, flash or particle burst. */
  reducedMotion: boolean;
  /** The games' keys (Space to bet...) work. */
  hotkeys: boolean;
  /** Vibrate on a cash-out and a big win, where the device can. */
  haptics: boolean;
}

/** The game settings as the shell keeps them (on the account, or a guest's browser). */
export interface FeelPort {
  get(): PlayFeel;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The panel's instant switch: the same setting as the settings page's. */
  setInstant(on: boolean): void;
}

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
  /** The player's game settings (instant mode, motion, hotkeys, haptics). */
  feel: FeelPort;
}

/** What the game page hands a panel. */
export interface GamePanelProps {
  services: GameServices;
  /** Called after every settled bet (the page refreshes the history). */
  onSettled?: (bet: BetJson) => void;
}
