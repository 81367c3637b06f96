import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { installLeanFixedT } from '../../../src/i18n/leanFixedT';

const MESSAGES = {
  en: { nav: { home: 'Home', casino: 'Casino' }, rtp: 'RTP {{value}}', only_en: 'English only' },
  fr: { nav: { home: 'Accueil' }, rtp: 'TRJ {{value}}' },
};

/** A fixed t, untyped: these tests' keys are not the app's. */
type AnyT = (key: string, options?: unknown) => unknown;

/** Two instances with the same messages: i18next's own fixed t, and the lean one. */
async function both() {
  const make = async () => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: 'fr',
      fallbackLng: 'en',
      resources: {
        en: { translation: structuredClone(MESSAGES.en) },
        fr: { translation: structuredClone(MESSAGES.fr) },
      },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    return instance;
  };
  const reference = await make();
  const lean = await make();
  installLeanFixedT(lean);
  return { reference, lean };
}

describe("useTranslation's t (installLeanFixedT)", () => {
  it("gives what i18next's own fixed t gives, key by key and option by option", async () => {
    const { reference, lean } = await both();
    const calls: [string, unknown?][] = [
      ['nav.home'],
      ['nav.casino'], // missing in fr: English
      ['only_en'],
      ['no.such.key'],
      ['rtp', { value: '97,30 %' }],
      ['nav.home', { lng: 'en' }],
      ['home', { keyPrefix: 'nav' }],
      ['nav.home', 'a default value'],
      ['nav', { returnObjects: true }],
    ];
    for (const lng of ['fr', 'en']) {
      const expected = reference.getFixedT(lng, 'translation') as unknown as AnyT;
      const actual = lean.getFixedT(lng, 'translation') as unknown as AnyT;
      for (const [key, options] of calls) {
        // Twice: the second answer may come from what the first one remembered.
        for (let i = 0; i < 2; i++) {
          expect(actual(key, options), `${lng} ${key}`).toEqual(expected(key, options));
        }
      }
    }
  });

  it('forgets what it remembered when messages are added or the language changes', async () => {
    const { lean } = await both();
    const t = lean.getFixedT('fr', 'translation') as unknown as AnyT;
    expect(t('nav.casino')).toBe('Casino');
    lean.addResourceBundle('fr', 'translation', { nav: { casino: 'Le casino' } }, true, true);
    expect(t('nav.casino')).toBe('Le casino');
    expect(t('nav.home')).toBe('Accueil');
    lean.removeResourceBundle('fr', 'translation');
    expect(t('nav.home')).toBe('Home');
    await lean.changeLanguage('en');
    expect((lean.getFixedT('en', 'translation') as unknown as AnyT)('nav.home')).toBe('Home');
  });
});
