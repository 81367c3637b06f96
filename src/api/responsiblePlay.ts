import type { Answer, GameBetPath } from '../../games/shared/wire/types';
import { http } from './client';

export type LimitKind = 'loss' | 'wager' | 'deposit';
export type LimitPeriod = 'day' | 'week' | 'month';
export const LIMIT_PERIODS: readonly LimitPeriod[] = ['day', 'week', 'month'];

/** Amounts in currency units per rolling period; null: no limit. */
export type PeriodAmounts = Record<LimitPeriod, number | null>;

/** GET and PUT /api/settings/limits. */
export interface Limits {
  loss: PeriodAmounts;
  wager: PeriodAmounts;
  deposit: PeriodAmounts;
  /** Raises and removals waiting for their time (24 hours after they were asked for). */
  pending: { kind: LimitKind; period: LimitPeriod; amount: number | null; from: string }[];
  used: Record<LimitKind, Record<LimitPeriod, { amount: number; frees_at: string | null }>>;
}

/** GET /api/settings/responsible-play: the break or self-exclusion in force, the reality check. */
export type PlayStatus = Answer<'/api/settings/responsible-play', 'get'>;
/** A break or a self-exclusion in force; `until` null: for good. */
export type PlayBlock = NonNullable<PlayStatus['block']>;

/** GET /api/settings/play-summary; `net`: payouts minus stakes. */
export type PlaySummary = Answer<'/api/settings/play-summary', 'get'>;

/**
 * What the shell keeps of the 403 of a bet refused by the player's own limit or block (the same
 * body on every bet route).
 */
export type PlayRefusal = Pick<Answer<GameBetPath, 'post', 403>, 'message' | 'title' | 'code'>;

const data = <T>(answer: { data: T }) => answer.data;

export const responsiblePlayApi = {
  limits: () => http.get<Limits>('/api/settings/limits').then(data),
  setLimits: (body: Partial<Record<LimitKind, Partial<PeriodAmounts>>>) =>
    http.put<Limits>('/api/settings/limits', body).then(data),
  status: () => http.get<PlayStatus>('/api/settings/responsible-play', { silent: true }).then(data),
  takeBreak: (hours: number) =>
    http.post<{ block: PlayBlock }>('/api/settings/break', { hours }).then(data),
  excludeSelf: (months: number | 'permanent') =>
    http.post<{ block: PlayBlock }>('/api/settings/self-exclusion', { months }).then(data),
  setRealityCheck: (minutes: number | null) =>
    http.put<PlayStatus>('/api/settings/reality-check', { minutes }).then(data),
  summary: (since: Date) =>
    http
      .get<PlaySummary>('/api/settings/play-summary', {
        params: { since: since.toISOString() },
        silent: true,
      })
      .then(data),
};
