// The earn screens' answers (referrals, rakeback, token locks) and their actions. The auth state
// keeps these answers as open JSON (spec section 3); the screens read them through these guards.
import { http } from './client';
import type { Json } from './endpoints';

interface ReferredPlayer {
  id: number;
  name: string;
  created_at: string;
  /** Absent from servers that do not report it. */
  wagered?: number;
  commission?: number;
}

export interface ReferralsJson {
  referral_code: string;
  referral_url: string;
  referred_count: number;
  referred: ReferredPlayer[];
  /** Percent of referred players' wagers. */
  commission_rate: number;
  earnings: { total: number; claimed: number; available: number };
}

type RakebackType = 'instant' | 'daily' | 'weekly';

export interface RakebackPotJson {
  type: RakebackType;
  /** Percent of every wager. */
  rate: number;
  accrued: number;
  claimed: number;
  available: number;
  next_claim_at: string | null;
}

export interface RakebackJson {
  wagered: number;
  claimed: number;
  available: number;
  pots: RakebackPotJson[];
}

type LockStatus = 'locked' | 'unlockable' | 'unlocked';

export interface LockJson {
  id: number;
  amount: number;
  days: number;
  /** Yearly reward rate in percent. */
  rate: number;
  starts_at: string;
  ends_at: string;
  unlocked_at: string | null;
  reward: number;
  reward_accrued: number;
  status: LockStatus;
}

interface LockOptionJson {
  days: number;
  rate: number;
}

export interface TokenlocksJson {
  locks: LockJson[];
  total_locked: number;
  options: LockOptionJson[];
}

export interface LockRewardsJson {
  accrued: number;
  paid: number;
  projected: number;
}

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

/** A claim's or a lock's answer: what it moved and the balance after it. */
export interface BalanceAnswer {
  balance: number;
}

export const earnApi = {
  claimReferrals: () =>
    http.post<{ claimed: number } & BalanceAnswer>('/api/referrals/claim', {}).then((r) => r.data),
  createLock: (body: { amount: number; days: number }) =>
    http.post<{ lock: LockJson } & BalanceAnswer>('/api/tokenlocks', body).then((r) => r.data),
  unlock: (id: number) =>
    http
      .post<{ lock: LockJson } & BalanceAnswer>(`/api/tokenlocks/${id}/unlock`, {})
      .then((r) => r.data),
};
