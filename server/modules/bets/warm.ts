import type { User } from '../../db/schema';
import { sameHash, TOUCH_INTERVAL_MS, type BearerToken } from '../auth/tokens';
import type { BetPair } from './state';

/**
 * What this process's last bet of a player left (server/modules/bets/auth.ts): the player, their
 * token as it was checked, their active pair with its next nonce, and their balance. A player's
 * next bet on the same process is decided from it without reading first, and the write checks
 * what the read would have (the token, the nonce, the funds); when anything moved meanwhile
 * (another process's bet, a deposit, a new seed pair, a logout), the write refuses and the bet is
 * read and settled as usual. Nothing here is trusted: it only saves a round trip when it is right.
 */
export interface WarmPlayer {
  tokenHash: string;
  user: User;
  /** When the token's last use was written (acceptToken), epoch ms. */
  lastUsedMs: number;
  expiresMs: number | null;
  pair: BetPair;
  balanceCents: number;
}

/** Players kept per process at most: the least recently betting ones go first. */
const MAX_PLAYERS = 10_000;
/**
 * How long a player whose warm bet was refused is read instead: a refused guess costs a round
 * trip more than a read, and a player whose bets go to several processes (several connections
 * landing on several cluster workers or instances) would otherwise pay it again and again.
 */
const COLD_MS = 10_000;

/** The warm players of one app (its database), by token id. */
export class WarmPlayers {
  private readonly players = new Map<number, WarmPlayer>();
  /** Token ids whose last warm bet was refused, until when they are read instead (epoch ms). */
  private readonly cold = new Map<number, number>();

  /**
   * The player behind `token` when their entry is warm: the same secret, and a token whose last
   * use is recent enough not to need writing again and that has not expired (acceptToken's rules).
   * The entry is taken: a bet that fails leaves none.
   */
  take(token: BearerToken, secretHash: string, now: number): WarmPlayer | null {
    const player = this.players.get(token.id);
    if (!player) return null;
    this.players.delete(token.id);
    const coldUntil = this.cold.get(token.id);
    if (coldUntil !== undefined) {
      if (coldUntil > now) return null;
      this.cold.delete(token.id);
    }
    if (!sameHash(player.tokenHash, secretHash)) return null;
    if (now - player.lastUsedMs > TOUCH_INTERVAL_MS) return null;
    if (player.expiresMs !== null && player.expiresMs <= now) return null;
    return player;
  }

  keep(tokenId: number, player: WarmPlayer): void {
    keepNewest(this.players, tokenId, player);
  }

  /** The player's warm bet was refused: their next bets are read for a while (COLD_MS). */
  refused(tokenId: number, now: number): void {
    keepNewest(this.cold, tokenId, now + COLD_MS);
  }

  get size(): number {
    return this.players.size;
  }
}

/** Sets `key` as the map's newest entry, dropping the oldest past MAX_PLAYERS. */
function keepNewest<V>(map: Map<number, V>, key: number, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_PLAYERS) map.delete(map.keys().next().value!);
}

const byDatabase = new WeakMap<object, WarmPlayers>();

/** The warm players of the app on `db` (one per app, so apps in one process never mix). */
export function warmPlayers(db: object): WarmPlayers {
  let players = byDatabase.get(db);
  if (!players) byDatabase.set(db, (players = new WarmPlayers()));
  return players;
}
