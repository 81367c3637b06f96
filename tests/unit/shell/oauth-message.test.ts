import { describe, expect, it } from 'vitest';
import { tokenFromMessage, trustedOrigins } from '../../../src/pages/auth/OAuthButtons';

describe('the OAuth popup message', () => {
  const origin = 'https://casino.test';
  const origins = [origin];

  it('takes the token only from the app origin', () => {
    expect(tokenFromMessage({ origin, data: { token: '1|abc' } }, origins)).toBe('1|abc');
    expect(
      tokenFromMessage({ origin: 'https://evil.test', data: { token: '1|abc' } }, origins),
    ).toBeNull();
    expect(
      tokenFromMessage({ origin: 'https://casino.test:444', data: { token: '1|abc' } }, origins),
    ).toBeNull();
  });

  it("trusts the API's origin too when the API is served from elsewhere (APP_URL_API)", () => {
    expect(trustedOrigins(origin, '')).toEqual([origin]);
    expect(trustedOrigins(origin, '/api-prefix')).toEqual([origin]);
    expect(trustedOrigins(origin, 'https://casino.test/')).toEqual([origin]);
    const both = trustedOrigins(origin, 'https://api.casino.test/v1');
    expect(both).toEqual([origin, 'https://api.casino.test']);
    const message = { origin: 'https://api.casino.test', data: { token: '2|xyz' } };
    expect(tokenFromMessage(message, both)).toBe('2|xyz');
    expect(tokenFromMessage(message, [origin])).toBeNull();
  });

  it('ignores messages without a token (the provider error case, other scripts)', () => {
    expect(tokenFromMessage({ origin, data: { error: 'access_denied' } }, origins)).toBeNull();
    expect(tokenFromMessage({ origin, data: 'token' }, origins)).toBeNull();
    expect(tokenFromMessage({ origin, data: null }, origins)).toBeNull();
    expect(tokenFromMessage({ origin, data: { token: '' } }, origins)).toBeNull();
  });
});

describe('the form alert', () => {
  it("prefers the answer's error, then its message, else the default", async () => {
    const { formAlertText } = await import('../../../src/components/useForm');
    expect(formAlertText({ error: 'E', message: 'M' }, 'D')).toBe('E');
    expect(formAlertText({ message: 'M' }, 'D')).toBe('M');
    expect(formAlertText({ message: '' }, 'D')).toBe('D');
    expect(formAlertText(null, 'There were some problems with your input.')).toBe(
      'There were some problems with your input.',
    );
  });
});
