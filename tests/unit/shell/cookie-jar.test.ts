import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_DAYS, COOKIE_NAMES, cookies, setCookieJar } from '../../../src/state/cookieJar';

/** A page's document.cookie and location, recording what js-cookie writes. */
function fakePage(protocol: string): string[] {
  const written: string[] = [];
  setCookieJar(); // the browser's jar, whatever an earlier file of this worker swapped in
  Object.defineProperty(globalThis, 'document', {
    configurable: true,
    value: {
      get cookie() {
        return '';
      },
      set cookie(text: string) {
        written.push(text);
      },
    },
  });
  Object.defineProperty(globalThis, 'location', { configurable: true, value: { protocol } });
  return written;
}

const attributes = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

describe('the cookies the shell writes', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'document');
    Reflect.deleteProperty(globalThis, 'location');
  });

  it('are Secure and SameSite=Lax on https, for the token (365 days or session) and the rest', () => {
    const written = fakePage('https:');
    cookies.set(COOKIE_NAMES.token, '12|abc', COOKIE_DAYS);
    cookies.set(COOKIE_NAMES.token, '12|abc');
    cookies.set(COOKIE_NAMES.locale, 'fr', COOKIE_DAYS);
    cookies.remove(COOKIE_NAMES.token);
    expect(written).toHaveLength(4);
    for (const cookie of written) {
      expect(attributes(cookie)).toEqual(
        expect.arrayContaining(['secure', 'samesite=lax', 'path=/']),
      );
    }
    expect(attributes(written[0]!).some((a) => a.startsWith('expires='))).toBe(true);
    expect(attributes(written[1]!).some((a) => a.startsWith('expires='))).toBe(false);
  });

  it('are not Secure on plain http (a local install), still SameSite=Lax', () => {
    const written = fakePage('http:');
    cookies.set(COOKIE_NAMES.token, '12|abc', COOKIE_DAYS);
    expect(attributes(written[0]!)).not.toContain('secure');
    expect(attributes(written[0]!)).toContain('samesite=lax');
  });
});
