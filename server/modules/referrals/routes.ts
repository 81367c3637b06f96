import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { bearerAuth, ErrorBody, errorResponses } from '../../http/schemas';
import { requireAuth } from '../auth/guard';
import { centsToAmount } from '../wallet/service';
import {
  claimReferralEarnings,
  commissionCents,
  REFERRAL_COMMISSION_BPS,
  referralEarnings,
  referredUsers,
} from './service';

export const referralRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/referrals/me',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['earn'],
        summary: 'The user’s referral code and link, the players they referred and the commission',
        security: bearerAuth,
        response: {
          200: Type.Object({
            referral_code: Type.String(),
            referral_url: Type.String({ description: 'register link carrying the code' }),
            referred_count: Type.Integer(),
            referred: Type.Array(
              Type.Object({
                id: Type.Integer(),
                name: Type.String(),
                created_at: Type.String({ format: 'date-time' }),
                wagered: Type.Number({ description: 'what this player has staked on bets' }),
                commission: Type.Number({ description: 'the referrer’s commission on it' }),
              }),
            ),
            commission_rate: Type.Number({ description: 'percent of referred players’ wagers' }),
            earnings: Type.Object({
              total: Type.Number(),
              claimed: Type.Number(),
              available: Type.Number(),
            }),
          }),
          401: ErrorBody,
        },
      },
    },
    async (request) => {
      const user = request.user!;
      const [referred, earnings] = await Promise.all([
        referredUsers(app.db, user.id),
        referralEarnings(app.db, user.id),
      ]);
      return {
        referral_code: user.referralCode,
        referral_url: `${app.config.appUrl.replace(/\/+$/, '')}/register?referral_code=${encodeURIComponent(user.referralCode)}`,
        referred_count: referred.total,
        referred: referred.list.map((r) => ({
          id: r.id,
          name: r.name,
          created_at: r.createdAt.toISOString(),
          wagered: centsToAmount(r.wageredCents),
          commission: centsToAmount(commissionCents(r.wageredCents)),
        })),
        commission_rate: REFERRAL_COMMISSION_BPS / 100,
        earnings: {
          total: centsToAmount(earnings.earnedCents),
          claimed: centsToAmount(earnings.claimedCents),
          available: centsToAmount(earnings.availableCents),
        },
      };
    },
  );

  app.post(
    '/api/referrals/claim',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['earn'],
        summary: 'Credit the available referral commission to the balance',
        security: bearerAuth,
        response: {
          200: Type.Object({ claimed: Type.Number(), balance: Type.Number() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const result = await claimReferralEarnings(app.db, request.user!.id);
      return {
        claimed: centsToAmount(result.claimedCents),
        balance: centsToAmount(result.balanceCents),
      };
    },
  );
};
