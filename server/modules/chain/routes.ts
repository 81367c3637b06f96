import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { Type } from 'typebox';
import { users } from '../../db/schema';
import { HttpError, ValidationError } from '../../http/errors';
import { amountToCents } from '../../http/money';
import { bearerAuth, ErrorBody, errorResponses } from '../../http/schemas';
import { acceptOneTimePassword } from '../auth/oneTimePassword';
import { requireAuth } from '../auth/guard';
import { throttledCode } from '../auth/throttle';
import { idempotencyOf } from '../bets/idempotency';
import { linkedAccount } from '../eth-account/service';
import { checksumAddress } from '../eth-account/signature';
import { depositRoomCents } from '../responsible-play/enforce';
import { centsToAmount } from '../wallet/service';
import { CURRENCY } from '../wallet/routes';
import type { ChainWallet } from './chainWallet';
import { depositsOf } from './deposits';
import { ConflictBody, DepositBody, depositJson, WithdrawalBody, withdrawalJson } from './json';
import { scannedHead } from './solvency';
import { requestWithdrawal, walletDemo, withdrawalsOf } from './withdrawals';

/** The largest withdrawal one request may ask for (the balance limits it anyway). */
const MAX_WITHDRAWAL = 10_000_000;

/** The chain wallet when one is configured and its chain id known, else the 409 (or 503). */
export function chainOf(wallet: ChainWallet | null): { wallet: ChainWallet; chainId: number } {
  if (!wallet) throw walletDemo();
  const chainId = wallet.chainId;
  if (chainId === null) throw new HttpError(503, 'wallet.chain_unreachable');
  return { wallet, chainId };
}

/** The player's side of the real wallet: deposits in, withdrawals out (409 with play money). */
export const chainWalletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/wallet/deposits',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'Where and how to deposit, and the player’s latest deposits',
        description:
          'Deposits are transfers of the native coin from the player’s linked address to ' +
          '`deposit_address`, credited after `confirmations_required` blocks. `deposit_room` is ' +
          'how much the player’s deposit limits let in now (null: no limit); a deposit that does ' +
          'not fit is `held` and credited once it does.',
        security: bearerAuth,
        response: {
          200: Type.Object({
            deposit_address: Type.String(),
            chain_id: Type.Integer(),
            currency: Type.String(),
            qr_svg: Type.String({ description: 'the EIP-681 payment URI as an SVG QR code' }),
            send_from: Type.Union([Type.String(), Type.Null()]),
            confirmations_required: Type.Integer(),
            deposit_room: Type.Union([Type.Number(), Type.Null()]),
            data: Type.Array(DepositBody),
          }),
          401: ErrorBody,
          409: ConflictBody,
          503: ErrorBody,
        },
      },
    },
    async (request) => {
      const { wallet, chainId } = chainOf(app.chainWallet);
      const userId = request.user!.id;
      const address = checksumAddress(wallet.house);
      const [linked, deposits, head, room, qr] = await Promise.all([
        linkedAccount(app.db, userId),
        depositsOf(app.db, userId),
        scannedHead(app.db, chainId),
        depositRoomCents(app.db, userId),
        QRCode.toString(`ethereum:${address}@${chainId}`, { type: 'svg', margin: 1 }),
      ]);
      return {
        deposit_address: address,
        chain_id: chainId,
        currency: CURRENCY,
        qr_svg: qr,
        send_from: linked?.address ?? null,
        confirmations_required: wallet.config.confirmations,
        deposit_room: room === null ? null : centsToAmount(room),
        data: deposits.map((d) => depositJson(d, head)),
      };
    },
  );

  const WithdrawalsAnswer = Type.Object({
    min: Type.Number(),
    approval_above: Type.Number({ description: 'larger withdrawals wait for an operator' }),
    confirmations_required: Type.Integer(),
    data: Type.Array(WithdrawalBody),
  });

  app.get(
    '/api/wallet/withdrawals',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'The player’s latest withdrawals, newest first, with status and transaction',
        security: bearerAuth,
        response: { 200: WithdrawalsAnswer, 401: ErrorBody, 409: ConflictBody, 503: ErrorBody },
      },
    },
    async (request) => {
      const { wallet, chainId } = chainOf(app.chainWallet);
      const [list, head] = await Promise.all([
        withdrawalsOf(app.db, request.user!.id),
        scannedHead(app.db, chainId),
      ]);
      return {
        min: centsToAmount(wallet.config.withdrawalMinCents),
        approval_above: centsToAmount(wallet.config.approvalAboveCents),
        confirmations_required: wallet.config.confirmations,
        data: list.map((w) => withdrawalJson(w, head)),
      };
    },
  );

  app.post(
    '/api/wallet/withdrawals',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'Withdraw to the linked address (the amount leaves the balance at once)',
        description:
          'Honours `Idempotency-Key`: a repeat answers the first withdrawal. With two-factor on, ' +
          '`code` is required. Above `approval_above` the withdrawal waits for an operator. A ' +
          'player on a break or self-excluded can still withdraw.',
        security: bearerAuth,
        body: Type.Object({
          amount: Type.Number(),
          code: Type.Optional(Type.Union([Type.String({ maxLength: 16 }), Type.Null()])),
        }),
        response: {
          201: Type.Object({ withdrawal: WithdrawalBody, balance: Type.Number() }),
          ...errorResponses,
          409: ConflictBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { wallet, chainId } = chainOf(app.chainWallet);
      const user = request.user!;
      const idempotency = idempotencyOf(request);
      const amountCents = amountToCents('amount', request.body.amount, {
        min: wallet.config.withdrawalMinCents / 100,
        max: MAX_WITHDRAWAL,
      });
      if (user.twoFactorEnabled && user.twoFactorSecret) {
        const code = request.body.code;
        if (!code) throw ValidationError.field('code', 'validation.required');
        const { ok } = await throttledCode(request, reply, user.id, () =>
          acceptOneTimePassword(app.db, user.id, user.twoFactorSecret!, code),
        );
        if (!ok) throw ValidationError.field('code', 'two_factor.invalid_code');
      }
      const withdrawal = await requestWithdrawal(app.db, {
        userId: user.id,
        chainId,
        amountCents,
        approvalAboveCents: wallet.config.approvalAboveCents,
        idempotency,
      });
      const [head, balance] = await Promise.all([
        scannedHead(app.db, chainId),
        app.db
          .select({ cents: users.balanceCents })
          .from(users)
          .where(eq(users.id, user.id))
          .then(([row]) => row!.cents),
      ]);
      reply.code(201);
      return { withdrawal: withdrawalJson(withdrawal, head), balance: centsToAmount(balance) };
    },
  );
};
