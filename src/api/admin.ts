import type { RtpCheck } from '../../games/fairness/rtp';
import { http } from './client';
import type { Withdrawal, WithdrawalStatus } from './wallet';

/** A player as the operator console lists them (GET /api/admin/users). */
export interface AdminPlayer {
  id: number;
  name: string;
  email: string;
  role: string;
  balance: number;
  two_factor_enabled: boolean;
  suspended_at: string | null;
  created_at: string;
}

export interface AdminLedgerEntry {
  id: number;
  delta: number;
  reason: string;
  reference: string | null;
  balance_after: number;
  created_at: string;
}

export interface AdminBet {
  id: number;
  game: string;
  amount: number;
  multiplier: number;
  payout: number;
  created_at: string;
}

export interface AdminSession {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
}

/** A player's page (GET /api/admin/users/{id}). */
export interface AdminPlayerPage {
  user: AdminPlayer;
  /** The break or self-exclusion the player took, while it lasts (nobody can lift it). */
  play_block: { kind: 'break' | 'self_exclusion'; until: string | null } | null;
  balance: number;
  ledger_sum: number;
  ledger: AdminLedgerEntry[];
  bets: AdminBet[];
  sessions: AdminSession[];
}

/** One entry of the audit log (GET /api/admin/actions). */
export interface AdminAction {
  id: number;
  admin_id: number;
  action: string;
  target_user_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}

/** The books audit (GET /api/admin/audit). */
export interface BooksReport {
  users: number;
  bets: number;
  ledger_rows: number;
  problems: {
    kind: string;
    user_id: number;
    bet_id: number | null;
    expected: string;
    found: string;
  }[];
  truncated: boolean;
  ms: number;
}

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
export interface GameStatsPage {
  from: string;
  to: string;
  games: {
    game: string;
    bets: number;
    players: number;
    wagered: number;
    paid: number;
    ggr: number;
    rtp: RtpCheck | null;
  }[];
  daily: { day: string; game: string; wagered: number; paid: number; ggr: number }[];
  convergence: { game: string; bets: number; rtp: number }[];
}

export const statsApi = {
  stats: (from: string, to: string) =>
    http
      .get<GameStatsPage>('/api/admin/stats', {
        params: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
      })
      .then((r) => r.data),
};

/** A post as the console lists it (GET /api/admin/posts). */
export interface AdminPost {
  id: number;
  title: string;
  published: boolean;
  author: string | null;
  created_at: string;
}

export const postsApi = {
  list: () => http.get<{ data: AdminPost[] }>('/api/admin/posts').then((r) => r.data.data),
  create: (body: { title: string; body: string }) =>
    http.post<{ id: number }>('/api/admin/posts', body).then((r) => r.data),
  publish: (id: number, published: boolean) =>
    http.post(`/api/admin/posts/${id}/published`, { published }),
  remove: (id: number) => http.delete(`/api/admin/posts/${id}`),
};

/** The house wallet against what it owes (GET /api/admin/chain; 409 wallet_demo in play money). */
export interface ChainStatus {
  chain_id: number;
  house_address: string;
  /** On chain. */
  house_balance: number;
  /** The sum of all balances. */
  player_balances: number;
  /** Withdrawals taken from balances and not paid yet. */
  in_flight: number;
  held_deposits: number;
  unlinked_deposits: { count: number; amount: number };
  /** house_balance >= player_balances + in_flight + held_deposits */
  covered: boolean;
  /** The last block the deposit scan finished (null before its first), and the chain's head. */
  scanned_block: number | null;
  head_block: number;
  /** Why the deposit scan stopped (it waits for an operator), or null while it runs. */
  halted: string | null;
  confirmations_required: number;
}

export interface AdminWithdrawal extends Withdrawal {
  user_id: number;
  user_name: string;
}

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
