import type { Answer, BetJson } from '../../games/shared/wire/types';
import { http } from './client';
import type { Withdrawal, WithdrawalStatus } from './wallet';

/** A player as the operator console lists them (GET /api/admin/users). */
export type AdminPlayer = Answer<'/api/admin/users', 'get'>['data'][number];

/** A ledger row of the player's page: as the player's ledger route lists them. */
export type AdminLedgerEntry = Answer<'/api/admin/users/{id}/ledger', 'get'>['entries'][number];

/** A bet of the player's page: what was played and paid (no seeds, params or results). */
export type AdminBet = Pick<
  BetJson,
  'id' | 'game' | 'amount' | 'multiplier' | 'payout' | 'created_at'
>;

/**
 * A player's page (GET /api/admin/users/{id}); `play_block`: the break or self-exclusion. The
 * server's schema leaves the ledger rows and bets open: these are what the console reads of them.
 */
export type AdminPlayerPage = Omit<Answer<'/api/admin/users/{id}', 'get'>, 'ledger' | 'bets'> & {
  ledger: AdminLedgerEntry[];
  bets: AdminBet[];
};

/**
 * One entry of the audit log (GET /api/admin/actions); the server leaves `before` and `after`
 * open: objects or null.
 */
export type AdminAction = Omit<
  Answer<'/api/admin/actions', 'get'>['data'][number],
  'before' | 'after'
> & {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** The books audit (GET /api/admin/audit). */
export type BooksReport = Answer<'/api/admin/audit', 'get'>;

export type PlayerChange = 'suspend' | 'unsuspend' | 'reset-two-factor';

const id = (userId: number) => encodeURIComponent(String(userId));

/** The operator console's calls (admin role only). */
export const adminApi = {
  players: (search: string) =>
    http
      .get<{ data: AdminPlayer[] }>('/api/admin/users', { params: { search, limit: 20 } })
      .then((r) => r.data.data),
  player: (userId: number) =>
    http.get<AdminPlayerPage>(`/api/admin/users/${id(userId)}`).then((r) => r.data),
  change: (userId: number, change: PlayerChange, reason: string) =>
    http
      .post<{ user: AdminPlayer }>(`/api/admin/users/${id(userId)}/${change}`, { reason })
      .then((r) => r.data.user),
  actions: (userId?: number) =>
    http
      .get<{ data: AdminAction[] }>('/api/admin/actions', {
        params: userId === undefined ? { limit: 100 } : { limit: 100, user_id: userId },
      })
      .then((r) => r.data.data),
  actionsCsv: () =>
    http.get<string>('/api/admin/actions.csv', { responseType: 'text' }).then((r) => r.data),
  audit: () => http.get<BooksReport>('/api/admin/audit').then((r) => r.data),
};

/** Per game over a period (GET /api/admin/stats). */
export type GameStatsPage = Answer<'/api/admin/stats', 'get'>;

export const statsApi = {
  stats: (from: string, to: string) =>
    http
      .get<GameStatsPage>('/api/admin/stats', {
        params: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
      })
      .then((r) => r.data),
};

/** A post as the console lists it (GET /api/admin/posts). */
export type AdminPost = Answer<'/api/admin/posts', 'get'>['data'][number];

export const postsApi = {
  list: () => http.get<{ data: AdminPost[] }>('/api/admin/posts').then((r) => r.data.data),
  create: (body: { title: string; body: string }) =>
    http.post<{ id: number }>('/api/admin/posts', body).then((r) => r.data),
  publish: (id: number, published: boolean) =>
    http.post(`/api/admin/posts/${id}/published`, { published }),
  remove: (id: number) => http.delete(`/api/admin/posts/${id}`),
};

/** The house wallet against what it owes (GET /api/admin/chain; 409 wallet_demo in play money). */
export type ChainStatus = Answer<'/api/admin/chain', 'get'>;

/** A withdrawal with its player, as the console lists them (GET /api/admin/withdrawals). */
export type AdminWithdrawal = Answer<'/api/admin/withdrawals', 'get'>['data'][number];

const withdrawal = (withdrawalId: number) => `/api/admin/withdrawals/${withdrawalId}`;

export const chainApi = {
  /**
   * Outcomes the console shows itself: 409 (play money, no chain) leaves the section out, 503
   * (the node does not answer) says so in it.
   */
  status: () =>
    http.get<ChainStatus>('/api/admin/chain', { quietStatuses: [409, 503] }).then((r) => r.data),
  withdrawals: (status?: WithdrawalStatus) =>
    http
      .get<{ data: AdminWithdrawal[] }>('/api/admin/withdrawals', {
        params: status ? { status } : {},
      })
      .then((r) => r.data.data),
  approve: (withdrawalId: number) =>
    http.post<Withdrawal>(`${withdrawal(withdrawalId)}/approve`).then((r) => r.data),
  reject: (withdrawalId: number, reason: string) =>
    http.post<Withdrawal>(`${withdrawal(withdrawalId)}/reject`, { reason }).then((r) => r.data),
};
