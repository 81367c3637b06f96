import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import sse from '@fastify/sse';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { centsToAmount } from '../../../games/fairness/index';
import type { LiveRules } from '../../../games/fairness/contract';
import type { GamePaths } from '../../../games/shared/registry/definition';
import {
  ErrorBody,
  IdParam,
  PlayRefusalBody,
  bearerAuth,
  errorResponses,
} from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { requireAuthWithBetState } from '../bets/auth';
import { BetAnswerBody, BetBody } from '../bets/json';
import { startRequest, sessionId } from '../games/fields';
import { IdempotencyHeaders } from '../games/headers';
import { openRoundBus, type RoundEnded } from './bus';
import { RoundClock } from './clock';
import { LiveRounds } from './rounds';
import { RoundStream } from './stream';

const RoundParams = Type.Object({ id: IdParam });

/** The server's clock when each request arrived (before authentication): cash-outs use it. */
const arrivals = new WeakMap<FastifyRequest, number>();
const markArrival = async (request: FastifyRequest) => {
  arrivals.set(request, Date.now());
};

/**
 * A live game's routes from its rules: start a round, cash out, the round's event stream and the
 * round in progress. Rounds end on their own (a timer here, a sweep on every instance), and
 * every ending is announced on the round bus, with its event, so a stream on any instance
 * reports it.
 */
export function liveRoutes(
  paths: Extract<GamePaths, { kind: 'live' }>,
  rules: LiveRules,
): FastifyPluginAsyncTypebox {
  const about = `${rules.docs.summary}. ${rules.docs.description}`;
  const { field: autoField, spec: autoSpec } = rules.autoCashout;
  return async (app) => {
    // The bus tells the clock and the streams, which use the rounds, which announce on the bus.
    let heard: (message: RoundEnded) => void = () => undefined;
    const bus = await openRoundBus(app, (message) => heard(message));
    const rounds = new LiveRounds(app.db, rules, { bus, log: app.log, feed: app.betFeed });
    const clock = new RoundClock(rounds, app.log);
    const streams = new RoundStream(rounds, clock);
    heard = (message) => {
      clock.cancel(message.betId); // ended elsewhere (a cash-out): this timer has nothing to do
      streams.ended(message);
    };
    clock.startSweeping();
    // Open streams would keep the server from closing: they end before it does.
    app.addHook('preClose', async () => {
      clock.stop();
      streams.closeAll();
    });
    app.addHook('onClose', async () => bus.close());
    await app.register(sse, { heartbeatInterval: 15_000 });

    app.post(
      paths.rounds,
      {
        onRequest: requireAuthWithBetState,
        schema: {
          tags: ['games'],
          summary: rules.docs.summary,
          description: `The stake is debited and the round starts now; one round at a time (422 on game otherwise). ${about}`,
          security: bearerAuth,
          headers: IdempotencyHeaders,
          body: Type.Object({
            amount: Type.Number({
              description: 'Stake in currency units, 0.01 .. 10000, 2 decimals',
            }),
            [autoField]: Type.Optional(
              Type.Union([Type.Number({ description: autoSpec.description }), Type.Null()]),
            ),
          }),
          response: { 201: BetAnswerBody, 403: PlayRefusalBody, ...errorResponses },
        },
      },
      async (request, reply) => {
        const outcome = await rounds.start(startRequest(rules, request));
        if (outcome.state) {
          clock.schedule(outcome.body.bet.id, outcome.state.endsAt);
        }
        return reply.code(201).send(outcome.body);
      },
    );

    app.post(
      `${paths.rounds}/:id/cashout`,
      {
        onRequest: [markArrival, requireAuth],
        schema: {
          tags: ['games'],
          summary: 'Cash out (decided by the server clock when the request arrives)',
          description: `Below the crash it wins m(t); at or past it the round had crashed (422 on id, the crashed bet in the body). ${about}`,
          security: bearerAuth,
          params: RoundParams,
          response: { 200: BetAnswerBody, 404: ErrorBody, ...errorResponses },
        },
      },
      async (request) => {
        const at = arrivals.get(request) ?? Date.now();
        // The ending, if this writes one, is announced by the transaction that writes it.
        return rounds.cashOut(request.user!.id, sessionId(request.params.id), at);
      },
    );

    app.get(
      `${paths.rounds}/:id/events`,
      {
        onRequest: requireAuth,
        sse: { kind: 'only' },
        schema: {
          tags: ['games'],
          summary: 'The round as server-sent events (text/event-stream)',
          description:
            'On connect `state` {status, started_at, server_now, auto_cashout}; then ' +
            '`cashed_out` {bet, server_now} or `crashed` {crash_point, bet, server_now} when the ' +
            'round ends (the crash point only then), and ' +
            'heartbeat comments. The stream closes after the ending; a reconnect gets the state again.',
          produces: ['text/event-stream'],
          security: bearerAuth,
          params: RoundParams,
          response: { 404: ErrorBody, ...errorResponses },
        },
      },
      async (request, reply) => {
        await streams.serve(reply, request.user!.id, sessionId(request.params.id));
      },
    );

    app.get(
      paths.active,
      {
        onRequest: requireAuth,
        schema: {
          tags: ['games'],
          summary: 'The round in progress (bet null when none) and the server clock',
          security: bearerAuth,
          response: {
            200: Type.Object({
              bet: Type.Union([BetBody, Type.Null()]),
              balance: Type.Number(),
              server_now: Type.Integer(),
            }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const view = await rounds.active(request.user!.id);
        return {
          bet: view?.bet ?? null,
          balance: centsToAmount(await rounds.balanceOf(request.user!.id)),
          server_now: Date.now(),
        };
      },
    );
  };
}
