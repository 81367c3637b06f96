import { describe, expect, it } from 'vitest';
import { knownMessageKey, pickLocale, translate, translateCount } from '../../server/i18n/messages';

describe('the server locale (Accept-Language)', () => {
  it('takes the best supported locale by q-value, nearest by CLDR language distance', () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'en'],
      ['', 'en'],
      ['es-ES,es;q=0.9', 'es'],
      ['de, fr;q=0.5', 'fr'],
      ['fr;q=0.2, es;q=0.8', 'es'],
      ['pt-BR', 'pt-BR'],
      ['pt-PT', 'pt-BR'],
      ['PT-br', 'pt-BR'],
      ['zh', 'zh-CN'],
      ['zh-Hans', 'zh-CN'],
      ['es-419', 'es'],
      ['fr;q=0', 'en'],
      ['*', 'en'],
      ['ja', 'en'],
      ['not a tag!!, es', 'es'],
    ];
    for (const [header, locale] of cases) expect(pickLocale(header), String(header)).toBe(locale);
  });

  it('fills {{placeholders}}, falls back to en and keeps a parameter named like an option', () => {
    expect(translate('fr', 'validation.between', { field: 'x', min: 1, max: 3 })).toBe(
      'Le champ x doit être compris entre 1 et 3.',
    );
    // The typecheck refuses a key the server's en catalogue lacks (the line below would be an
    // unused @ts-expect-error otherwise); at run time the key itself comes back.
    // @ts-expect-error 'no.such.key' is not a MessageKey
    expect(translate('es', 'no.such.key')).toBe('no.such.key');
    // Laravel's "(and N more errors)", in the locale's plural form.
    expect(translateCount('en', 'error.more_errors', 1, { message: 'A.' })).toBe(
      'A. (and 1 more error)',
    );
    expect(translateCount('en', 'error.more_errors', 3, { message: 'A.' })).toBe(
      'A. (and 3 more errors)',
    );
    expect(translateCount('fr', 'error.more_errors', 2, { message: 'A.' })).toBe(
      'A. (et 2 autres erreurs)',
    );
    // A key from outside the server (a game's rule issue) is checked at run time instead.
    expect(knownMessageKey('games.mines.tile_revealed', 'error.invalid_input')).toBe(
      'games.mines.tile_revealed',
    );
    expect(knownMessageKey('no.such.key', 'error.invalid_input')).toBe('error.invalid_input');
    expect(translate('en', 'validation.required', { field: 'count', count: 2, lng: 'fr' })).toBe(
      'The count field is required.',
    );
  });
});
