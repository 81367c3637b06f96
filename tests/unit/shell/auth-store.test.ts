import { beforeEach, describe, expect, it } from 'vitest';
import {
  authState,
  claimRakeback,
  emptyAuthState,
  fetchBalance,
  fetchCreators,
  fetchRanking,
  fetchUser,
  fetchValidationInfo,
  fetchWalletInfo,
  increaseBalance,
  logout,
  saveToken,
  setBalance,
  startSession,
} from '../../../src/state/auth';
import { langState } from '../../../src/state/lang';
import { uiState } from '../../../src/state/ui';
import { fakeHttp, memoryCookies, recordNavigation, USER, type FakeAnswer } from './support';

let cookies: ReturnType<typeof memoryCookies>;
let visits: string[];

beforeEach(() => {
  cookies = memoryCookies();
  visits = recordNavigation();
  Object.assign(authState, emptyAuthState());
  uiState.dialogs = [];
  langState.locale = 'en'; // an earlier file of this worker may have switched it
});

const answers = (table: Record<string, FakeAnswer | 'network-error'>) =>
  fakeHttp(
    (req) => table[`${req.method} ${req.url}`] ?? { status: 404, data: { message: 'Not found.' } },
  );

describe('the auth store: session', () => {
  it('keeps the token 365 days with remember, else as a session cookie', () => {
    saveToken('1|abc', true);
    expect(cookies.get('token')).toEqual({ value: '1|abc', days: 365 });
    saveToken('2|def', false);
    expect(cookies.get('token')).toEqual({ value: '2|def', days: undefined });
    expect(authState.token).toBe('2|def');
  });

  it('sends the token as a bearer and the locale as Accept-Language', async () => {
    const seen = answers({ 'GET /api/user': { status: 200, data: USER } });
    saveToken('1|abc');
    await fetchUser();
    expect(seen[0]?.headers.Authorization).toBe('Bearer 1|abc');
    expect(seen[0]?.headers['Accept-Language']).toBe('en');
    expect(authState.user?.name).toBe('Ada');
  });

  it('clears the token when the user fetch fails, silently', async () => {
    answers({ 'GET /api/user': { status: 401, data: { message: 'Unauthenticated.' } } });
    saveToken('1|abc', true);
    await expect(fetchUser()).rejects.toThrow();
    expect(authState.token).toBeNull();
    expect(cookies.has('token')).toBe(false);
    expect(uiState.dialogs).toEqual([]);
  });

  it('logout clears user and token and goes to login, even when the call fails', async () => {
    const seen = answers({ 'POST /api/logout': 'network-error' });
    saveToken('1|abc', true);
    authState.user = { ...USER };
    await logout();
    expect(seen.map((r) => r.url)).toEqual(['/api/logout']);
    expect(authState.user).toBeNull();
    expect(authState.token).toBeNull();
    expect(cookies.has('token')).toBe(false);
    expect(visits).toEqual(['/login']);
    expect(uiState.dialogs).toEqual([]);
  });

  it('startSession stores the token, the user and the balance', async () => {
    answers({
      'GET /api/user': { status: 200, data: USER },
      'GET /api/user/balance': { status: 200, data: { balance: 1000 } },
    });
    await startSession('3|xyz', true);
    expect(authState).toMatchObject({ token: '3|xyz', user_balance: 1000, user: { id: 7 } });
  });
});

describe('the auth store: balance and items', () => {
  it('sets the balance or increases it by a delta', () => {
    setBalance(10.1);
    increaseBalance(0.2);
    expect(authState.user_balance).toBe(10.3);
    increaseBalance(-5.3);
    expect(authState.user_balance).toBe(5);
  });

  it('stores a fetched balance and resets it to 0 when the fetch fails', async () => {
    answers({ 'GET /api/user/balance': { status: 200, data: { balance: '12.50' } } });
    expect(await fetchBalance()).toBe(12.5);
    answers({ 'GET /api/user/balance': { status: 500, data: { message: 'x' } } });
    expect(await fetchBalance()).toBe(0);
    expect(uiState.dialogs).toEqual([]);
  });

  it('stores state items on success and clears them to empty on failure, silently', async () => {
    answers({ 'GET /api/wallet/info': { status: 200, data: { address: '0xabc' } } });
    await fetchWalletInfo();
    expect(authState.wallet_info).toEqual({ address: '0xabc' });
    answers({ 'GET /api/wallet/info': { status: 404, data: { message: 'gone' } } });
    await fetchWalletInfo();
    expect(authState.wallet_info).toBeNull();
    expect(uiState.dialogs).toEqual([]);
  });

  it('validation info starts empty, is stored on success and cleared on failure', async () => {
    expect(authState.validation_info).toBeNull();
    answers({ 'GET /api/eth_account/validation_info': { status: 200, data: { valid: true } } });
    await fetchValidationInfo();
    expect(authState.validation_info).toEqual({ valid: true });
    answers({ 'GET /api/eth_account/validation_info': 'network-error' });
    await fetchValidationInfo();
    expect(authState.validation_info).toBeNull();
  });

  it('a screen prefetch sees the failure (rethrow) while the item is still cleared', async () => {
    answers({ 'GET /api/ranking/me': { status: 200, data: { rank: 3 } } });
    await fetchRanking(true);
    answers({ 'GET /api/ranking/me': { status: 500, data: { message: 'x' } } });
    await expect(fetchRanking(true)).rejects.toThrow();
    expect(authState.user_balance_ranking).toBeNull();
  });

  it('searches creators with search_str and empties the list on failure', async () => {
    const seen = answers({ 'GET /api/creators': { status: 200, data: [{ id: 1, name: 'Zed' }] } });
    expect(await fetchCreators('zedd')).toEqual([{ id: 1, name: 'Zed' }]);
    expect(seen[0]?.params).toEqual({ search_str: 'zedd' });
    answers({});
    expect(await fetchCreators('zedd')).toEqual([]);
  });

  it('a failed rakeback claim resets rakeback_me and re-raises', async () => {
    authState.rakeback_me = { daily: 1 };
    const seen = answers({
      'POST /api/rakeback/claim': { status: 400, data: { message: 'Nothing to claim.' } },
    });
    await expect(claimRakeback('daily')).rejects.toThrow();
    expect(seen[0]?.data).toEqual({ rakeback_type: 'daily' });
    expect(authState.rakeback_me).toBeNull();
  });

  it('a successful claim reloads rakeback and balance', async () => {
    answers({
      'POST /api/rakeback/claim': { status: 200, data: null },
      'GET /api/rakeback/me': { status: 200, data: { daily: 0 } },
      'GET /api/user/balance': { status: 200, data: { balance: 3 } },
    });
    await claimRakeback('daily');
    expect(authState.rakeback_me).toEqual({ daily: 0 });
    expect(authState.user_balance).toBe(3);
  });
});
