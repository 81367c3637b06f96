import { describe, expect, it } from 'vitest';
import { tokenFromMessage } from '../../../src/pages/auth/OAuthButtons';

describe('the OAuth popup message', () => {
  const origin = 'https://casino.test';

  it('takes the token only from the app origin', () => {
    expect(tokenFromMessage({ origin, data: { token: '1|abc' } }, origin)).toBe('1|abc');
    expect(
      tokenFromMessage({ origin: 'https://evil.test', data: { token: '1|abc' } }, origin),
    ).toBeNull();
    expect(
      tokenFromMessage({ origin: 'https://casino.test:444', data: { token: '1|abc' } }, origin),
    ).toBeNull();
  });

  it('ignores messages without a token (the provider error case, other scripts)', () => {
    expect(tokenFromMessage({ origin, data: { error: 'access_denied' } }, origin)).toBeNull();
    expect(tokenFromMessage({ origin, data: 'token' }, origin)).toBeNull();
    expect(tokenFromMessage({ origin, data: null }, origin)).toBeNull();
    expect(tokenFromMessage({ origin, data: { token: '' } }, origin)).toBeNull();
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
