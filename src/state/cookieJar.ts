import Cookies from 'js-cookie';

/** The cookies the stores persist to; the browser's by default, swappable for tests. */
export interface CookieJar {
  get(name: string): string | undefined;
  /** `days` omitted means a session cookie. */
  set(name: string, value: string, days?: number): void;
  remove(name: string): void;
}

/**
 * Attributes of every cookie the shell writes: the whole site, SameSite=Lax, and Secure when the
 * page is served over https (so the token never travels over plain http). The token cookie stays
 * readable by script: the spec has the shell keep the token in a cookie and send it as
 * `Authorization: Bearer` itself, which an HttpOnly cookie would not allow.
 */
export function cookieAttributes(protocol: string, days?: number): Cookies.CookieAttributes {
  return {
    path: '/',
    sameSite: 'Lax',
    ...(protocol === 'https:' ? { secure: true } : {}),
    ...(days ? { expires: days } : {}),
  };
}

const pageProtocol = () => (typeof location === 'undefined' ? '' : location.protocol);

const browserJar: CookieJar = {
  get: (name) => Cookies.get(name),
  set: (name, value, days) => Cookies.set(name, value, cookieAttributes(pageProtocol(), days)),
  remove: (name) => Cookies.remove(name, cookieAttributes(pageProtocol())),
};

let jar: CookieJar = browserJar;

export const cookies: CookieJar = {
  get: (name) => jar.get(name),
  set: (name, value, days) => jar.set(name, value, days),
  remove: (name) => jar.remove(name),
};

/** Swaps the jar (a test's memory jar); with no argument, the browser's again. */
export function setCookieJar(next: CookieJar = browserJar): void {
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
