import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../../http/errors';
import { bearerOf } from '../auth/guard';
import { acceptToken, parseBearer, sha256Hex, type BearerToken } from '../auth/tokens';
import { idempotencyKeyOf } from './idempotency';
import { tokenAndBetState, type BetState } from './state';
import { warmPlayers, type WarmPlayer, type WarmPlayers } from './warm';

/** What requireAuthWithBetState read: the state, under the Idempotency-Key it was read with. */
export interface PrefetchedBetState {
  key: string | null;
  state: BetState | undefined;
}

/**
 * onRequest hook of the bet routes: requireAuth, with the bet's state read in the same round
 * trip as the token, so that a bet takes two (this, then the write). When this process settled
 * the player's previous bet under the same token, recently enough that the token's last use
 * need not be written, the state that bet left is used instead of a read (WarmPlayers): the write
 * then checks the token, and the bet takes one round trip. The state is read before the body is
 * validated: a request refused after this read only wasted the read.
 */
export async function requireAuthWithBetState(request: FastifyRequest): Promise<void> {
  const bearer = bearerOf(request);
  const token = bearer ? parseBearer(bearer) : null;
  if (!token) throw unauthenticated();
  const key = idempotencyKeyOf(request);
  const secretHash = sha256Hex(token.secret);
  const players = warmPlayers(request.server.db);
  const warm = players.take(token, secretHash, Date.now());
  if (!warm) {
    request.prefetchedBetState = {
      key,
      state: await readWithToken(request, token, secretHash, key),
    };
    return;
  }
  request.user = warm.user;
  request.tokenId = token.id;
  const state: BetState = {
    balanceCents: warm.balanceCents,
    // Only unguarded players are kept warm; should one have become guarded, the write refuses.
    guarded: false,
    pair: warm.pair,
    stored: null,
    warm: {
      tokenId: token.id,
      tokenHash: warm.tokenHash,
      reread: async () => {
        players.refused(token.id, Date.now());
        return (await readWithToken(request, token, secretHash, key)) ?? null;
      },
    },
    remember: remembering(players, token.id, warm),
  };
  request.prefetchedBetState = { key, state };
}

/** BetState.remember: keeps the player warm with the state their written bet left. */
function remembering(
  players: WarmPlayers,
  tokenId: number,
  player: Omit<WarmPlayer, 'pair' | 'balanceCents'>,
): NonNullable<BetState['remember']> {
  return (pair, balanceCents) => players.keep(tokenId, { ...player, pair, balanceCents });
}

/**
 * The token and the bet's state in one round trip (acceptToken's checks, a 401 when they fail):
 * sets request.user and tokenId; the state is undefined when the user has no active pair yet.
 */
async function readWithToken(
  request: FastifyRequest,
  token: BearerToken,
  secretHash: string,
  key: string | null,
): Promise<BetState | undefined> {
  const db = request.server.db;
  const read = await tokenAndBetState(db, token.id, key);
  const resolved = await acceptToken(db, token, read.token, secretHash);
  if (!resolved) throw unauthenticated();
  request.user = resolved.user;
  request.tokenId = resolved.tokenId;
  if (!read.state) return undefined;
  const { user, lastUsedMs, expiresMs } = resolved;
  const player = { tokenHash: secretHash, user, lastUsedMs, expiresMs };
  return { ...read.state, remember: remembering(warmPlayers(db), token.id, player) };
}

/**
 * The state requireAuthWithBetState read for this request under `key` (null: the user has no
 * active seed pair yet), once; undefined when none was read under that key.
 */
export function takePrefetchedBetState(
  request: FastifyRequest,
  key: string | null,
): BetState | null | undefined {
  const read = request.prefetchedBetState;
  request.prefetchedBetState = null;
  if (!read || read.key !== key) return undefined;
  return read.state ?? null;
}
