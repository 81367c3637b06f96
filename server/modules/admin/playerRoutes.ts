import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { bearerAuth } from '../../http/schemas';
import { actionJson, actionsCsv, listActions } from './actions';
import { adminErrors, adminOnly, UserIdParams, userIdOf } from './http';
import { changePlayer, playerJson, playerPage, searchPlayers } from './players';
import { adminActions } from './schema';
import { refuseToLift } from '../responsible-play/service';

const PlayerBody = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  role: Type.String(),
  balance: Type.Number(),
  two_factor_enabled: Type.Boolean(),
  suspended_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
});

const ActionBody = Type.Object({
  id: Type.Integer(),
  admin_id: Type.Integer(),
  action: Type.String(),
  target_user_id: Type.Union([Type.Integer(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
  created_at: Type.String({ format: 'date-time' }),
});

const ReasonBody = Type.Object({
  reason: Type.Optional(
    Type.String({ maxLength: 255, description: 'why (kept in the audit log)' }),
  ),
});

const ActionsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  before_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  user_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
});

/** Operators' player tools and the audit log (admin role only). */
export const adminPlayerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/admin/users',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Find players by id, e-mail or name (newest first)',
        security: bearerAuth,
        querystring: Type.Object({
          search: Type.Optional(Type.String({ maxLength: 255 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
        }),
        response: { 200: Type.Object({ data: Type.Array(PlayerBody) }), ...adminErrors },
      },
    },
    async (request) => {
      const found = await searchPlayers(
        app.db,
        request.query.search ?? '',
        request.query.limit ?? 20,
      );
      return { data: found.map(playerJson) };
    },
  );

  app.get(
    '/api/admin/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'A player: balance and ledger sum, latest ledger rows, bets, locks and sessions',
        security: bearerAuth,
        params: UserIdParams,
        response: {
          200: Type.Object({
            user: PlayerBody,
            play_block: Type.Union([
              Type.Object({
                kind: Type.String(),
                until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
              }),
              Type.Null(),
            ]),
            balance: Type.Number(),
            ledger_sum: Type.Number(),
            ledger: Type.Array(Type.Unknown()),
            bets: Type.Array(Type.Unknown()),
            locks: Type.Array(Type.Unknown()),
            sessions: Type.Array(
              Type.Object({
                id: Type.Integer(),
                name: Type.String(),
                created_at: Type.String({ format: 'date-time' }),
                last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
                expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
              }),
            ),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => playerPage(app.db, userIdOf(request.params.id)),
  );

  const changes = [
    ['suspend', 'suspend', 'Suspend a player: no sign-in, no bets; every token revoked at once'],
    ['unsuspend', 'unsuspend', 'Lift a suspension'],
    ['reset-two-factor', 'reset_two_factor', 'Turn a player’s two-factor authentication off'],
  ] as const;
  for (const [path, change, summary] of changes) {
    app.post(
      `/api/admin/users/:id/${path}`,
      {
        onRequest: adminOnly,
        schema: {
          tags: ['admin'],
          summary,
          description:
            'Recorded in the audit log with the values before and after. An operator cannot do ' +
            'it to their own account (422 on id), nor twice (422 on id).',
          security: bearerAuth,
          params: UserIdParams,
          body: Type.Optional(ReasonBody),
          response: { 200: Type.Object({ user: PlayerBody }), ...adminErrors },
        },
      },
      async (request) => {
        const user = await changePlayer(app.db, change, {
          adminId: request.user!.id,
          userId: userIdOf(request.params.id),
          reason: request.body?.reason?.trim() ?? '',
        });
        return { user: playerJson(user) };
      },
    );
  }

  app.post(
    '/api/admin/users/:id/lift-play-block',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Always refused: a break or self-exclusion runs to its end (403)',
        description:
          'A player who took a break or excluded themselves cannot be let back early, by anyone: ' +
          'the route exists so that the console can say so.',
        security: bearerAuth,
        params: UserIdParams,
        response: { ...adminErrors },
      },
    },
    async (request) => {
      userIdOf(request.params.id);
      refuseToLift();
    },
  );

  app.get(
    '/api/admin/actions',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first (append-only: who, what, when, before and after)',
        security: bearerAuth,
        querystring: ActionsQuery,
        response: { 200: Type.Object({ data: Type.Array(ActionBody) }), ...adminErrors },
      },
    },
    async (request) => {
      const { limit = 100, before_id, user_id } = request.query;
      const rows = await listActions(app.db, {
        limit,
        ...(before_id === undefined ? {} : { beforeId: before_id }),
        ...(user_id === undefined ? {} : { where: eq(adminActions.targetUserId, user_id) }),
      });
      return { data: rows.map(actionJson) };
    },
  );

  app.get(
    '/api/admin/actions.csv',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'The audit log as CSV (newest first, at most 100,000 rows)',
        security: bearerAuth,
        produces: ['text/csv'],
        querystring: Type.Object({
          user_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
        }),
        response: { 200: Type.String(), ...adminErrors },
      },
    },
    async (request, reply) => {
      const { user_id } = request.query;
      const rows = await listActions(app.db, {
        limit: 100_000,
        ...(user_id === undefined ? {} : { where: eq(adminActions.targetUserId, user_id) }),
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="admin-actions.csv"')
        .send(actionsCsv(rows));
    },
  );
};
