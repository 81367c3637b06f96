import { describe, expect, it } from 'vitest';
import { CATALOGUES, LOCALES, translate } from '../../server/i18n/messages';

const PREFIXES = ['auth.', 'verify.', 'passwords.', 'settings.', 'two_factor.', 'oauth.', 'mail.'];
const accountKeys = Object.keys(CATALOGUES.en).filter((k) => PREFIXES.some((p) => k.startsWith(p)));

describe('accounts and sign-in messages', () => {
  it('exist in all five locales with the same placeholders', () => {
    expect(accountKeys.length).toBeGreaterThan(25);
    for (const locale of LOCALES) {
      for (const key of accountKeys) {
        const text = CATALOGUES[locale][key];
        expect(text, `${locale} ${key}`).toEqual(expect.any(String));
        const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(placeholders(text!), `${locale} ${key}`).toEqual(placeholders(CATALOGUES.en[key]!));
        if (locale !== 'en') {
          expect(text, `${locale} ${key} is translated`).not.toBe(CATALOGUES.en[key]);
        }
      }
    }
  });

  it('fills the mail templates', () => {
    const text = translate('fr', 'mail.reset.text', {
      name: 'Ana',
      app: 'Casino',
      link: 'https://x/password/reset/t',
    });
    expect(text).toContain('Bonjour Ana');
    expect(text).toContain('https://x/password/reset/t');
    expect(text).not.toMatch(/\{\w+\}/);
  });
});
