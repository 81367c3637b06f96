import { loadLocaleMessages } from '../i18n';
import { authState, fetchBalance, fetchUser } from '../state/auth';
import { COOKIE_NAMES, cookies } from '../state/cookieJar';
import { langState } from '../state/lang';
import type { MiddlewareDeps } from './middleware';

/** The middleware pipeline wired to the stores and cookies of the app. */
export const navigationDeps: MiddlewareDeps = {
  currentLocale: () => langState.locale,
  loadLocale: loadLocaleMessages,
  hasToken: () => authState.token !== null,
  user: () => authState.user,
  fetchUser: async () => {
    await fetchUser();
    await fetchBalance();
  },
  saveIntendedUrl: (fullPath) => cookies.set(COOKIE_NAMES.intendedUrl, fullPath),
  saveReferralCode: (code) => cookies.set(COOKIE_NAMES.referralCode, code, 30),
};

/** The saved intended path (only a local path), consumed once after login. */
export function takeIntendedUrl(): string | null {
  const url = cookies.get(COOKIE_NAMES.intendedUrl);
  cookies.remove(COOKIE_NAMES.intendedUrl);
  return url && url.startsWith('/') && !url.startsWith('//') ? url : null;
}
