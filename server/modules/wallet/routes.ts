import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { bearerAuth, ErrorBody } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { EthAccountBody } from '../eth-account/routes';
import { linkedAccount } from '../eth-account/service';
import { checksumAddress } from '../eth-account/signature';
import { lockedPrincipalCents } from '../tokenlocks/service';
import {
  BET_REASON,
  ledgerEntryJson,
  LedgerEntryBody,
  ledgerPage,
  PAYOUT_REASON,
  sumsByReason,
} from './ledger';
import { walletLedgerRoutes } from './ledgerRoutes';
import { centsToAmount } from './service';

/** The currency: the chain's native coin (or play money), shown with 2 decimals. */
export const CURRENCY = 'POL';
const REWARD_REASONS = ['rakeback', 'referral_commission', 'tokenlock_reward', 'giveaway'];
const RECENT_ENTRIES = 20;

export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(walletLedgerRoutes);

  app.get(
    '/api/wallet/info',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['wallet'],
        summary: 'Balance, currency, totals from the ledger and the latest ledger entries',
        security: bearerAuth,
        response: {
          200: Type.Object({
            balance: Type.Number(),
            currency: Type.String(),
            demo: Type.Boolean({
              description: 'play money: no deposits or withdrawals (no chain configured)',
            }),
            deposit_address: Type.Union([Type.String(), Type.Null()], {
              description:
                'the house address deposits go to (GET /api/wallet/deposits); null in play money',
            }),
            chain_id: Type.Union([Type.Integer(), Type.Null()]),
            locked: Type.Number({ description: 'principal held in active token locks' }),
            totals: Type.Object({
              wagered: Type.Number(),
              won: Type.Number(),
              rewards: Type.Number({
                description: 'rakeback, referral commission, lock rewards, giveaway prizes',
              }),
              bonuses: Type.Number({ description: 'demo credit at sign-up' }),
              adjustments: Type.Number({ description: 'operators’ adjustments (signed)' }),
            }),
            recent: Type.Array(LedgerEntryBody),
            eth_account: Type.Union([EthAccountBody, Type.Null()], {
              description: 'the linked Ethereum account (POST /api/eth_account), or null',
            }),
          }),
          401: ErrorBody,
        },
      },
    },
    async (request) => {
      const user = request.user!;
      const [sums, locked, recent, eth] = await Promise.all([
        sumsByReason(app.db, user.id),
        lockedPrincipalCents(app.db, user.id),
        ledgerPage(app.db, user.id, { limit: RECENT_ENTRIES }),
        linkedAccount(app.db, user.id),
      ]);
      const sum = (reason: string) => sums.get(reason) ?? 0;
      return {
        balance: centsToAmount(user.balanceCents),
        currency: CURRENCY,
        demo: !app.chainWallet,
        deposit_address: app.chainWallet ? checksumAddress(app.chainWallet.house) : null,
        chain_id: app.chainWallet?.chainId ?? null,
        locked: centsToAmount(locked),
        totals: {
          wagered: centsToAmount(-sum(BET_REASON)),
          won: centsToAmount(sum(PAYOUT_REASON)),
          rewards: centsToAmount(REWARD_REASONS.reduce((n, r) => n + sum(r), 0)),
          bonuses: centsToAmount(sum('signup_bonus')),
          adjustments: centsToAmount(sum('admin_adjustment')),
        },
        recent: recent.map(ledgerEntryJson),
        eth_account: eth ? { address: eth.address, linked_at: eth.linkedAt.toISOString() } : null,
      };
    },
  );
};
