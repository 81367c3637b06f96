import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import { users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { bearerAuth } from '../../http/schemas';
import { adminErrors, adminOnly, UserIdParams, userIdOf } from '../admin/http';
import { checksumAddress } from '../eth-account/signature';
import { centsToAmount } from '../wallet/service';
import { chainOf } from './routes';
import { ConflictBody, WithdrawalBody, withdrawalJson, WithdrawalStatusBody } from './json';
import { scannedHead, solvency } from './solvency';
import { approveWithdrawal, latestWithdrawals, refund, type Withdrawal } from './withdrawals';

const errors = { ...adminErrors, 409: ConflictBody, 503: adminErrors[403] };
const notAwaiting = () =>
  new HttpError(409, 'wallet.not_awaiting', {}, undefined, { code: 'not_awaiting' });

const AdminWithdrawalBody = Type.Intersect([
  WithdrawalBody,
  Type.Object({ user_id: Type.Integer(), user_name: Type.String() }),
]);

/** Operators' side of the real wallet: approvals and solvency (409 with play money). */
export const chainAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const withNames = async (list: Withdrawal[], head: number) => {
    const ids = [...new Set(list.map((w) => w.userId))];
    const names = new Map(
      ids.length
        ? (
            await app.db
              .select({ id: users.id, name: users.name })
              .from(users)
              .where(inArray(users.id, ids))
          ).map((u) => [u.id, u.name])
        : [],
    );
    return list.map((w) => ({
      ...withdrawalJson(w, head),
      user_id: w.userId,
      user_name: names.get(w.userId) ?? '',
    }));
  };

  app.get(
    '/api/admin/withdrawals',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Withdrawals of every player, newest first (one status with `status`)',
        security: bearerAuth,
        querystring: Type.Object({
          status: Type.Optional(WithdrawalStatusBody),
        }),
        response: { 200: Type.Object({ data: Type.Array(AdminWithdrawalBody) }), ...errors },
      },
    },
    async (request) => {
      const { chainId } = chainOf(app.chainWallet);
      const status = request.query.status;
      const [list, head] = await Promise.all([
        latestWithdrawals(app.db, status),
        scannedHead(app.db, chainId),
      ]);
      return { data: await withNames(list, head) };
    },
  );

  app.post(
    '/api/admin/withdrawals/:id/approve',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Let a withdrawal above the approval threshold go (audit-logged)',
        security: bearerAuth,
        params: UserIdParams,
        response: { 200: WithdrawalBody, ...errors },
      },
    },
    async (request) => {
      const { chainId } = chainOf(app.chainWallet);
      const approved = await approveWithdrawal(
        app.db,
        userIdOf(request.params.id),
        request.user!.id,
      );
      if (!approved) throw notAwaiting();
      return withdrawalJson(approved, await scannedHead(app.db, chainId));
    },
  );

  app.post(
    '/api/admin/withdrawals/:id/reject',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Refuse a withdrawal awaiting approval: the amount goes back (audit-logged)',
        security: bearerAuth,
        params: UserIdParams,
        body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 255 }) }),
        response: { 200: WithdrawalBody, ...errors },
      },
    },
    async (request) => {
      const { chainId } = chainOf(app.chainWallet);
      const rejected = await refund(app.db, userIdOf(request.params.id), ['awaiting_approval'], {
        status: 'rejected',
        note: request.body.reason.trim() || '-',
        decidedBy: request.user!.id,
      });
      if (!rejected) throw notAwaiting();
      return withdrawalJson(rejected, await scannedHead(app.db, chainId));
    },
  );

  app.get(
    '/api/admin/chain',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Solvency: the house wallet on chain against what the house owes',
        description:
          '`covered` when the house balance is at least every player balance plus the ' +
          'withdrawals on their way and the held deposits.',
        security: bearerAuth,
        response: {
          200: Type.Object({
            chain_id: Type.Integer(),
            house_address: Type.String(),
            house_balance: Type.Number(),
            player_balances: Type.Number(),
            in_flight: Type.Number(),
            held_deposits: Type.Number(),
            unlinked_deposits: Type.Object({ count: Type.Integer(), amount: Type.Number() }),
            covered: Type.Boolean(),
            scanned_block: Type.Union([Type.Integer(), Type.Null()]),
            head_block: Type.Integer(),
            halted: Type.Union([Type.String(), Type.Null()]),
            confirmations_required: Type.Integer(),
          }),
          ...errors,
        },
      },
    },
    async () => {
      const { wallet, chainId } = chainOf(app.chainWallet);
      const node = wallet.connected;
      if (!node) throw new HttpError(503, 'wallet.chain_unreachable');
      const s = await solvency(app.db, node);
      return {
        chain_id: chainId,
        house_address: checksumAddress(wallet.house),
        house_balance: centsToAmount(s.houseCents),
        player_balances: centsToAmount(s.playerCents),
        in_flight: centsToAmount(s.inFlightCents),
        held_deposits: centsToAmount(s.heldCents),
        unlinked_deposits: { count: s.unlinked.count, amount: centsToAmount(s.unlinked.cents) },
        covered: s.houseCents >= s.playerCents + s.inFlightCents + s.heldCents,
        scanned_block: s.scannedBlock,
        head_block: s.headBlock,
        halted: s.halted,
        confirmations_required: wallet.config.confirmations,
      };
    },
  );
};
