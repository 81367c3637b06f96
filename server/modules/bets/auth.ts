import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../../http/errors';
import { bearerOf } from '../auth/guard';
import { acceptToken, parseBearer } from '../auth/tokens';
import { idempotencyKeyOf } from './idempotency';
import { tokenAndBetState, type BetState } from './statements';

/** What requireAuthWithBetState read: the state, under the Idempotency-Key it was read with. */
const prefetched = new WeakMap<
  FastifyRequest,
  { key: string | null; state: BetState | undefined }
>();

/**
 * onRequest hook of the instant games' bet routes: requireAuth, with the bet's state read in the
 * same round trip as the token, so that a bet takes two (this, then the write). The state is
 * read before the body is validated: a request refused after this read only wasted the read.
 */
export async function requireAuthWithBetState(request: FastifyRequest): Promise<void> {
  const bearer = bearerOf(request);
  const token = bearer ? parseBearer(bearer) : null;
  if (!token) throw unauthenticated();
  const key = idempotencyKeyOf(request);
  const read = await tokenAndBetState(request.server.db, token.id, key);
  const resolved = await acceptToken(request.server.db, token, read.token);
  if (!resolved) throw unauthenticated();
  request.user = resolved.user;
  request.tokenId = resolved.tokenId;
  prefetched.set(request, { key, state: read.state });
}

/**
 * The state requireAuthWithBetState read for this request under `key` (null: the user has no
 * active seed pair yet), once; undefined when none was read under that key.
 */
export function takePrefetchedBetState(
  request: FastifyRequest,
  key: string | null,
): BetState | null | undefined {
  const read = prefetched.get(request);
  prefetched.delete(request);
  if (!read || read.key !== key) return undefined;
  return read.state ?? null;
}
