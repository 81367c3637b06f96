import Cookies from 'js-cookie';

/** The cookies the stores persist to; the browser's by default, swappable for tests. */
export interface CookieJar {
  get(name: string): string | undefined;
  /** `days` omitted means a session cookie. */
  set(name: string, value: string, days?: number): void;
  remove(name: string): void;
}

const browserJar: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value, days) =>
    Cookies.set(name, value, { sameSite: 'Lax', ...(days ? { expires: days } : {}) }),
  remove: (name) => Cookies.remove(name),
};

let jar: CookieJar = browserJar;

export const cookies: CookieJar = {
  get: (name) => jar.get(name),
  set: (name, value, days) => jar.set(name, value, days),
  remove: (name) => jar.remove(name),
};

export function setCookieJar(next: CookieJar): void {
  jar = next;
}

/** Spec section 9: the auth cookie with remember, and the locale cookie, last 365 days. */
export const COOKIE_DAYS = 365;
export const COOKIE_NAMES = {
  token: 'token',
  locale: 'locale',
  intendedUrl: 'intended_url',
  referralCode: 'referral_code',
} as const;
