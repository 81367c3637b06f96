// The earn screens' answers (referrals, rakeback, token locks) and their actions. The auth state
// keeps these answers as open JSON (spec section 3); the screens read them through these guards.
import type { Answer, RequestBody } from '../../games/shared/wire/types';
import { http } from './client';
import type { Json } from './endpoints';

type ReferralsAnswer = Answer<'/api/referrals/me', 'get'>;
type ReferredAnswer = ReferralsAnswer['referred'][number];
/** A referred player; `wagered` and `commission` are absent from servers that do not report them. */
type ReferredPlayer = Omit<ReferredAnswer, 'wagered' | 'commission'> &
  Partial<Pick<ReferredAnswer, 'wagered' | 'commission'>>;

/** GET /api/referrals/me; `commission_rate`: percent of referred players' wagers. */
export type ReferralsJson = Omit<ReferralsAnswer, 'referred'> & { referred: ReferredPlayer[] };

/** GET /api/rakeback/me. */
type RakebackJson = Answer<'/api/rakeback/me', 'get'>;
/** One pot; `rate`: percent of every wager. */
export type RakebackPotJson = RakebackJson['pots'][number];

/** GET /api/tokenlocks/me. */
type TokenlocksJson = Answer<'/api/tokenlocks/me', 'get'>;
/** A lock; `rate`: yearly reward rate in percent. */
export type LockJson = TokenlocksJson['locks'][number];

/** GET /api/tokenlocks/rewards. */
type LockRewardsJson = Answer<'/api/tokenlocks/rewards', 'get'>;

const isObject = (value: Json): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const asReferrals = (value: Json): ReferralsJson | null =>
  isObject(value) && Array.isArray(value.referred) && isObject(value.earnings as Json)
    ? (value as unknown as ReferralsJson)
    : null;

export const asRakeback = (value: Json): RakebackJson | null =>
  isObject(value) && Array.isArray(value.pots) ? (value as unknown as RakebackJson) : null;

export const asTokenlocks = (value: Json): TokenlocksJson | null =>
  isObject(value) && Array.isArray(value.locks) && Array.isArray(value.options)
    ? (value as unknown as TokenlocksJson)
    : null;

export const asLockRewards = (value: Json): LockRewardsJson | null =>
  isObject(value) && typeof value.accrued === 'number'
    ? (value as unknown as LockRewardsJson)
    : null;

export const earnApi = {
  claimReferrals: () =>
    http
      .post<Answer<'/api/referrals/claim', 'post'>>('/api/referrals/claim', {})
      .then((r) => r.data),
  createLock: (body: RequestBody<'/api/tokenlocks', 'post'>) =>
    http.post<Answer<'/api/tokenlocks', 'post', 201>>('/api/tokenlocks', body).then((r) => r.data),
  unlock: (id: number) =>
    http
      .post<Answer<'/api/tokenlocks/{id}/unlock', 'post'>>(`/api/tokenlocks/${id}/unlock`, {})
      .then((r) => r.data),
};
