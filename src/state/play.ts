import { proxy } from 'valtio';
import {
  responsiblePlayApi,
  type PlayBlock,
  type PlayRefusal,
  type PlayStatus,
} from '../api/responsiblePlay';

/**
 * The signed-in player's responsible-play state as the game pages show it: the break or
 * self-exclusion in force, the reality check's interval, and the last bet their own limits or
 * block refused (shown in the game's panel, cleared by the next call of a game that is taken).
 */
export const playState = proxy({
  /** The player the status is of: another player signing in starts afresh. */
  userId: null as number | null,
  /** Null until read for this player (then kept up to date by the settings page). */
  status: null as PlayStatus | null,
  refusal: null as PlayRefusal | null,
});

let loading: Promise<void> | null = null;

function forPlayer(userId: number): void {
  if (playState.userId === userId) return;
  playState.userId = userId;
  playState.status = null;
  playState.refusal = null;
  loading = null;
}

/** Reads the player's status once (again after `force`). */
export function loadPlayStatus(userId: number, force = false): Promise<void> {
  forPlayer(userId);
  if (loading && !force) return loading;
  loading = responsiblePlayApi
    .status()
    .then((status) => {
      if (playState.userId === userId) playState.status = status;
    })
    .catch(() => {
      loading = null;
    });
  return loading;
}

/** The status as the server just answered it for `userId`. */
export function setPlayStatus(userId: number, status: PlayStatus): void {
  forPlayer(userId);
  playState.status = status;
  loading ??= Promise.resolve();
}

export function setPlayBlock(userId: number, block: PlayBlock): void {
  setPlayStatus(userId, { reality_check_minutes: null, ...playState.status, block });
}

export function noteRefusal(refusal: PlayRefusal | null): void {
  playState.refusal = refusal;
}

/** The block, while it lasts at `now` (epoch ms). */
export function blockInForce(block: PlayBlock | null | undefined, now: number): PlayBlock | null {
  if (!block) return null;
  return block.until === null || Date.parse(block.until) > now ? block : null;
}
