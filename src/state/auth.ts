import { proxy } from 'valtio';
import type { User } from '../../games/shared/wire/types';
import { api, type Creator, type Json } from '../api/endpoints';
import { COOKIE_DAYS, COOKIE_NAMES, cookies } from './cookieJar';
import { goTo } from './navigation';

/** Auth state of spec section 3. `null` is the empty value of an item whose fields are open. */
export interface AuthState {
  user: User | null;
  token: string | null;
  user_balance: number;
  user_balance_ranking: Json;
  wallet_info: Json;
  tokenlocks_me: Json;
  tokenlocks_rewards: Json;
  creators: Creator[];
  posts: Json;
  rakeback_me: Json;
  referrals_me: Json;
  validation_info: Json;
}

export function emptyAuthState(token: string | null = null): AuthState {
  return {
    user: null,
    token,
    user_balance: 0,
    user_balance_ranking: null,
    wallet_info: null,
    tokenlocks_me: null,
    tokenlocks_rewards: null,
    creators: [],
    posts: null,
    rakeback_me: null,
    referrals_me: null,
    validation_info: null,
  };
}

export const authState = proxy<AuthState>(emptyAuthState(cookies.get(COOKIE_NAMES.token) ?? null));

export const isLoggedIn = (): boolean => authState.user !== null;

/** Token cookie: 365 days with remember, otherwise a session cookie (spec section 4). */
export function saveToken(token: string, remember = false): void {
  authState.token = token;
  cookies.set(COOKIE_NAMES.token, token, remember ? COOKIE_DAYS : undefined);
}

function clearSession(): void {
  authState.user = null;
  authState.token = null;
  authState.user_balance = 0;
  cookies.remove(COOKIE_NAMES.token);
}

/** A failed user fetch clears the token (and re-raises). */
export async function fetchUser(): Promise<User> {
  try {
    const user = await api.user();
    authState.user = user;
    return user;
  } catch (error) {
    clearSession();
    throw error;
  }
}

export function updateUser(user: User): void {
  authState.user = user;
}

/** Logout always clears user and token, even when the call fails, then goes to login. */
export async function logout(): Promise<void> {
  try {
    if (authState.token) await api.logout();
  } catch {
    // the session is cleared regardless of the answer
  }
  clearSession();
  goTo('/login');
}

export function setBalance(balance: number): void {
  authState.user_balance = balance;
}

export function increaseBalance(delta: number): void {
  authState.user_balance = Math.round((authState.user_balance + delta) * 100) / 100;
}

/** A failed balance fetch resets it to 0. */
export async function fetchBalance(): Promise<number> {
  try {
    const { balance } = await api.balance();
    const value = Number(balance);
    authState.user_balance = Number.isFinite(value) ? value : 0;
  } catch {
    authState.user_balance = 0;
  }
  return authState.user_balance;
}

type ItemKey =
  | 'user_balance_ranking'
  | 'wallet_info'
  | 'tokenlocks_me'
  | 'tokenlocks_rewards'
  | 'posts'
  | 'rakeback_me'
  | 'referrals_me'
  | 'validation_info';

/**
 * Fetches one state item: stored on success, cleared to empty on failure. Answers the value;
 * `rethrow` lets a screen's prefetch see the failure as well.
 */
async function fetchItem(key: ItemKey, load: () => Promise<Json>, rethrow: boolean): Promise<Json> {
  try {
    const value = await load();
    authState[key] = value;
    return value;
  } catch (error) {
    authState[key] = null;
    if (rethrow) throw error;
    return null;
  }
}

export const fetchWalletInfo = (rethrow = false) =>
  fetchItem('wallet_info', api.walletInfo, rethrow);
export const fetchTokenlocksMe = (rethrow = false) =>
  fetchItem('tokenlocks_me', api.tokenlocksMe, rethrow);
export const fetchTokenlocksRewards = (rethrow = false) =>
  fetchItem('tokenlocks_rewards', api.tokenlocksRewards, rethrow);
export const fetchRanking = (rethrow = false) =>
  fetchItem('user_balance_ranking', api.rankingMe, rethrow);
export const fetchPosts = (rethrow = false) => fetchItem('posts', api.posts, rethrow);
export const fetchRakeback = (rethrow = false) => fetchItem('rakeback_me', api.rakebackMe, rethrow);
export const fetchReferrals = (rethrow = false) =>
  fetchItem('referrals_me', api.referralsMe, rethrow);
/** Validation info starts empty, is stored on success and cleared on failure. */
export const fetchValidationInfo = (rethrow = false) =>
  fetchItem('validation_info', api.validationInfo, rethrow);

export async function fetchCreators(search?: string): Promise<Creator[]> {
  try {
    authState.creators = await api.creators(search);
  } catch {
    authState.creators = [];
  }
  return authState.creators;
}

/** A failed claim resets rakeback_me; a successful one reloads it and the balance. */
export async function claimRakeback(rakebackType: string): Promise<void> {
  try {
    await api.rakebackClaim(rakebackType);
  } catch (error) {
    authState.rakeback_me = null;
    throw error;
  }
  await Promise.all([fetchRakeback(), fetchBalance()]);
}

/** After login or registration: the user and the balance. */
export async function startSession(token: string, remember: boolean, user?: User): Promise<void> {
  saveToken(token, remember);
  if (user) authState.user = user;
  else await fetchUser();
  await fetchBalance();
}
