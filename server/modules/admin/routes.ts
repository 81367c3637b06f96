import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { users } from '../../db/schema';
import { notFound, ValidationError } from '../../http/errors';
import { amountToCents } from '../../http/money';
import { bearerAuth, ErrorBody, errorResponses, IdParam, idOf } from '../../http/schemas';
import { requireAuth, requireRole } from '../auth/guard';
import { posts } from '../posts/schema';
import { ledgerEntryJson, LedgerEntryBody, ledgerPage, ledgerSum } from '../wallet/ledger';
import { centsToAmount } from '../wallet/service';
import { adjustBalance } from './service';

export const MAX_ADJUSTMENT = 1_000_000;
const UserIdParams = Type.Object({ id: IdParam });

function userIdOf(param: string): number {
  const id = idOf(param);
  if (id === null) throw notFound();
  return id;
}
const adminOnly = [requireAuth, requireRole('admin')];
const adminErrors = { ...errorResponses, 403: ErrorBody, 404: ErrorBody } as const;

export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/admin/users/:id/balance',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Adjust a user’s balance by a signed amount (ledger reason admin_adjustment)',
        description:
          'A debit past zero is refused with 422 on amount and changes nothing. A reference, ' +
          'when given, is stored on the ledger row and may be used once: a retry with the same ' +
          'reference is refused with 422 on reference, so it never counts twice.',
        security: bearerAuth,
        params: UserIdParams,
        body: Type.Object({
          amount: Type.Number({ description: 'signed, non-zero, at most 2 decimals' }),
          reason: Type.String({
            minLength: 1,
            maxLength: 255,
            description: 'why (kept on record)',
          }),
          reference: Type.Optional(
            Type.String({ minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7e]+$' }),
          ),
        }),
        response: {
          200: Type.Object({
            id: Type.Integer(),
            user_id: Type.Integer(),
            amount: Type.Number(),
            balance: Type.Number(),
            reason: Type.String(),
            reference: Type.Union([Type.String(), Type.Null()]),
            created_at: Type.String({ format: 'date-time' }),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const { amount, reason, reference } = request.body;
      const deltaCents = amountToCents('amount', amount, {
        min: -MAX_ADJUSTMENT,
        max: MAX_ADJUSTMENT,
      });
      if (deltaCents === 0) throw ValidationError.field('amount', 'money.not_zero');
      if (!reason.trim()) throw ValidationError.field('reason', 'validation.required');
      const { record, balanceCents } = await adjustBalance(app.db, {
        adminId: request.user!.id,
        userId: userIdOf(request.params.id),
        deltaCents,
        note: reason.trim(),
        reference: reference ?? null,
      });
      return {
        id: record.id,
        user_id: record.userId,
        amount: centsToAmount(record.amountCents),
        balance: centsToAmount(balanceCents),
        reason: record.note ?? '',
        reference: record.reference,
        created_at: record.createdAt.toISOString(),
      };
    },
  );

  app.get(
    '/api/admin/users/:id/ledger',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'A user’s ledger, newest first, with the balance and the sum of all entries',
        security: bearerAuth,
        params: UserIdParams,
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
          before_id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
        }),
        response: {
          200: Type.Object({
            user_id: Type.Integer(),
            balance: Type.Number(),
            ledger_sum: Type.Number({ description: 'sum of every entry; equals the balance' }),
            entries: Type.Array(LedgerEntryBody),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const userId = userIdOf(request.params.id);
      const [user] = await app.db
        .select({ balanceCents: users.balanceCents })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw notFound();
      const [entries, sum] = await Promise.all([
        ledgerPage(app.db, userId, {
          limit: request.query.limit ?? 100,
          beforeId: request.query.before_id,
        }),
        ledgerSum(app.db, userId),
      ]);
      return {
        user_id: userId,
        balance: centsToAmount(user.balanceCents),
        ledger_sum: centsToAmount(sum),
        entries: entries.map(ledgerEntryJson),
      };
    },
  );

  app.post(
    '/api/admin/posts',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Publish a post (shown by GET /api/post/get)',
        security: bearerAuth,
        body: Type.Object({
          title: Type.String({ minLength: 1, maxLength: 255 }),
          body: Type.String({ minLength: 1, maxLength: 20_000 }),
          image_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        }),
        response: { 201: Type.Object({ id: Type.Integer() }), ...adminErrors },
      },
    },
    async (request, reply) => {
      const { title, body, image_id } = request.body;
      if (!title.trim()) throw ValidationError.field('title', 'validation.required');
      const [post] = await app.db
        .insert(posts)
        .values({
          authorId: request.user!.id,
          title: title.trim(),
          body,
          imageId: image_id ?? null,
        })
        .returning({ id: posts.id });
      return reply.code(201).send({ id: post!.id });
    },
  );
};
