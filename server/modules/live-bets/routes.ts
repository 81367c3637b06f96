import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import sse from '@fastify/sse';
import type { FastifyInstance } from 'fastify';
import { errorResponses } from '../../http/schemas';
import { optionalAuth } from '../auth/guard';
import { BetFeed } from './feed';
import { BACKLOG_SIZE, FeedStreams, MAX_BUFFERED_BYTES } from './stream';

/** Heartbeat comments keep proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/**
 * The live bets feed: `app.betFeed` (every game's routes report their settled bets to it) and
 * GET /api/bets/live. Register before the games' routes.
 */
export async function registerLiveBets(app: FastifyInstance): Promise<void> {
  const feed = new BetFeed(app.db, app.log);
  await feed.open(app);
  app.decorate('betFeed', feed);
  app.addHook('onClose', async () => feed.close());
  await app.register(liveBetRoutes);
}

const liveBetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const streams = new FeedStreams(app.betFeed, app.db);
  // Open streams would keep the server from closing: they end before it does.
  app.addHook('preClose', async () => streams.closeAll());
  await app.register(sse, { heartbeatInterval: HEARTBEAT_MS });

  app.get(
    '/api/bets/live',
    {
      onRequest: optionalAuth,
      sse: { kind: 'only' },
      schema: {
        tags: ['bets'],
        summary: 'Every settled bet of every game, as server-sent events (text/event-stream)',
        description:
          `On connect \`backlog\` {bets, server_now}: the last ${BACKLOG_SIZE} settled bets, ` +
          'oldest first; then `bet` for each bet settled on any instance (an instant bet at once, ' +
          'a stepped game or a live round when it ends), and heartbeat comments. A bet has ' +
          '{id, game, player, user_id, time, amount, multiplier, payout}: player and user_id ' +
          'are null for a player who hides their name; no seeds, nonce, parameters or result. ' +
          'With a bearer token the player’s own bets come with `mine: true`. A stream that does ' +
          `not read falls behind by ${MAX_BUFFERED_BYTES / 1024} KiB at most and is then closed.`,
        produces: ['text/event-stream'],
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      await streams.serve(reply, request.user?.id ?? null);
    },
  );
};
