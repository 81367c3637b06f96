import { describe, expect, it } from 'vitest';
import { i18next } from '../../../src/i18n';
import { initialLocale, langState, setLocale } from '../../../src/state/lang';
import { memoryCookies } from './support';

const LOCALES = ['en', 'es', 'fr', 'pt-BR', 'zh-CN'];

describe('the lang store', () => {
  it('starts with a saved locale that is offered', () => {
    expect(initialLocale('fr', LOCALES, 'en')).toEqual({ locale: 'fr', discardSaved: false });
  });

  it('discards a saved locale that is not offered, for the default en', () => {
    expect(initialLocale('xx', LOCALES, 'en')).toEqual({ locale: 'en', discardSaved: true });
    expect(initialLocale(undefined, LOCALES, 'en')).toEqual({ locale: 'en', discardSaved: false });
  });

  it('offers the five locales with en first', () => {
    expect(langState.locales).toEqual(LOCALES);
    expect(langState.locale).toBe('en');
  });

  it('setLocale loads the messages, switches i18next and saves the cookie for 365 days', async () => {
    const cookies = memoryCookies();
    await i18next.init({ lng: 'en', fallbackLng: 'en', resources: {} });
    await setLocale('es');
    expect(langState.locale).toBe('es');
    expect(i18next.language).toBe('es');
    expect(i18next.t('auth.login')).toBe('Iniciar sesión');
    expect(cookies.get('locale')).toEqual({ value: 'es', days: 365 });
  });

  it('ignores a locale that is not offered', async () => {
    const cookies = memoryCookies();
    await setLocale('de');
    expect(langState.locale).not.toBe('de');
    expect(cookies.has('locale')).toBe(false);
  });
});
