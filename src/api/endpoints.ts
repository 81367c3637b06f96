import type {
  Answer,
  Balance,
  LoginAnswer,
  LoginBody,
  RegisterBody,
  SessionAnswer,
  User,
} from '../../games/shared/wire/types';
import { http } from './client';

/** A JSON answer whose fields the spec leaves open ("not shown"); checked where it is shown. */
export type Json = unknown;

export type Creator = Answer<'/api/creators', 'get'>[number];

export type RankingEntry = Answer<'/api/ranking', 'get'>['ranking'][number];

const silent = { silent: true } as const;

export const api = {
  // Session (spec section 7; failures of user and logout are silent)
  user: () => http.get<User>('/api/user', { silent: true, quiet401: true }).then((r) => r.data),
  balance: () => http.get<Balance>('/api/user/balance', silent).then((r) => r.data),
  logout: () => http.post('/api/logout', {}, { silent: true, quiet401: true }),

  // Auth (Laravel conventions, issue 3)
  login: (body: LoginBody) => http.post<LoginAnswer>('/api/login', body).then((r) => r.data),
  register: (body: RegisterBody) =>
    http.post<Answer<'/api/register', 'post', 202>>('/api/register', body).then((r) => r.data),
  confirmRegistration: (token: string) =>
    http.post<SessionAnswer>('/api/register/confirm', { token }).then((r) => r.data),
  passwordEmail: (body: { email: string }) =>
    http.post<{ message?: string }>('/api/password/email', body).then((r) => r.data),
  passwordReset: (body: {
    token: string;
    email: string;
    password: string;
    password_confirmation: string;
  }) => http.post<{ message?: string }>('/api/password/reset', body).then((r) => r.data),
  verifyEmail: (id: string, search: string) =>
    http
      .post<{ message?: string }>(`/api/email/verify/${encodeURIComponent(id)}${search}`, {})
      .then((r) => r.data),
  resendVerification: (body: { email: string }) =>
    http.post<{ message?: string }>('/api/email/resend', body).then((r) => r.data),
  oauthUrl: (provider: string) =>
    http.post<{ url: string }>(`/api/oauth/${provider}`, {}).then((r) => r.data),

  // Settings
  updateProfile: (body: { name: string; email: string }) =>
    http
      .patch<User | { user?: User; message?: string }>('/api/settings/profile', body)
      .then((r) => r.data),
  updatePassword: (body: {
    current_password: string;
    password: string;
    password_confirmation: string;
  }) => http.patch<{ message?: string }>('/api/settings/password', body).then((r) => r.data),
  twoFactorStatus: () => http.get<{ enabled: boolean }>('/api/settings/2fa').then((r) => r.data),
  twoFactor: (body: { action: 'enable' | 'confirm' | 'disable'; code?: string }) =>
    http
      .post<{ enabled?: boolean; secret?: string; otpauth_url?: string; qr_svg?: string }>(
        '/api/settings/2fa',
        body,
      )
      .then((r) => r.data),

  // State items (section 7): failures are silent and reset the item
  walletInfo: () => http.get<Json>('/api/wallet/info', silent).then((r) => r.data),
  tokenlocksMe: () => http.get<Json>('/api/tokenlocks/me', silent).then((r) => r.data),
  tokenlocksRewards: () => http.get<Json>('/api/tokenlocks/rewards', silent).then((r) => r.data),
  ranking: () =>
    http
      .get<{ ranking: RankingEntry[] }>('/api/ranking', silent)
      .then((r) => (Array.isArray(r.data.ranking) ? r.data.ranking : [])),
  rankingMe: () => http.get<Json>('/api/ranking/me', silent).then((r) => r.data),
  creators: (search?: string) =>
    http
      .get<Creator[] | { data?: Creator[] }>('/api/creators', {
        ...silent,
        params: search ? { search_str: search } : undefined,
      })
      .then((r) => (Array.isArray(r.data) ? r.data : (r.data.data ?? []))),
  posts: () => http.get<Json>('/api/post/get', silent).then((r) => r.data),
  rakebackMe: () => http.get<Json>('/api/rakeback/me', silent).then((r) => r.data),
  rakebackClaim: (rakebackType: string) =>
    http.post('/api/rakeback/claim', { rakeback_type: rakebackType }),
  referralsMe: () => http.get<Json>('/api/referrals/me', silent).then((r) => r.data),
  validationInfo: () =>
    http.get<Json>('/api/eth_account/validation_info', silent).then((r) => r.data),

  // Admin (issue of the admin area)
  adjustBalance: (userId: string, body: { amount: number; reason: string }) =>
    http
      .post<Json>(`/api/admin/users/${encodeURIComponent(userId)}/balance`, body)
      .then((r) => r.data),
};
