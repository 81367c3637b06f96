import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYABLE_GAMES, gameTitleKey } from '../../games/shared/registry/catalog';
import {
  firstPaintLocale,
  hasSessionCookie,
  withGame,
  withLobby,
  withoutLobby,
} from '../../server/http/firstPaint';
import { LOCALES } from '../../server/i18n/messages';

const indexHtml = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
const catalog = (locale: string) =>
  JSON.parse(
    fs.readFileSync(
      path.join(import.meta.dirname, '..', '..', 'locales', `${locale}.json`),
      'utf8',
    ),
  ) as {
    home: { heading: string };
    lobby: Record<string, string>;
    game: Record<string, string>;
    games: Record<string, { title: string }>;
  };

describe("the host page's first paint", () => {
  it('starts in the locale the app will start in: a known locale cookie, else English', () => {
    expect(firstPaintLocale(undefined)).toBe('en');
    expect(firstPaintLocale('locale=fr')).toBe('fr');
    expect(firstPaintLocale('token=abc; locale=pt-BR; other=1')).toBe('pt-BR');
    expect(firstPaintLocale('locale=de')).toBe('en');
    expect(firstPaintLocale('locale=%7A%68-CN')).toBe('zh-CN');
    // Accept-Language is not read, as the app does not read it.
    expect(firstPaintLocale('')).toBe('en');
  });

  it("paints the lobby's banner in every locale, every placeholder filled", () => {
    for (const locale of LOCALES) {
      const page = withLobby(indexHtml, locale);
      const words = catalog(locale);
      expect(page, locale).not.toMatch(/\{\{|<!-- \/?lobby -->/);
      expect(page, locale).toContain(`<h1 id="originals-title">${words.home.heading}</h1>`);
      expect(page, locale).toContain('<section class="originals"');
      expect(page, locale).toContain('<span class="topbar__app-name">');
    }
  });

  it('escapes the words it writes into the page', () => {
    const page = withLobby(indexHtml, 'fr');
    // "Retour à l'accueil"-style apostrophes and any markup arrive as text.
    expect(page).not.toMatch(/<li>[^<]*'[^<]*<\/li>/);
    const template = '<!-- lobby --><p>{{lobby.how_title}}</p><!-- /lobby -->';
    expect(withLobby(template, 'en')).toBe(`<p>${catalog('en').lobby.how_title}</p>`);
  });

  it("paints a game's header and stage, with the guest's note for a guest only", () => {
    for (const locale of LOCALES) {
      const words = catalog(locale);
      for (const game of PLAYABLE_GAMES) {
        for (const guest of [true, false]) {
          const page = withGame(indexHtml, gameTitleKey(game), locale, guest);
          const where = `${game.id} ${locale} ${guest ? 'guest' : 'player'}`;
          expect(page, where).not.toMatch(/\{\{|<!-- \/?(lobby|game|guest) -->/);
          expect(page, where).not.toContain('originals');
          expect(page, where).toContain(
            `<h1 class="game-header__name">${words.games[game.id]!.title}</h1>`,
          );
          expect(page, where).toContain('<main class="page game-page"');
          expect(page.includes('game-page__guest'), where).toBe(guest);
          if (guest) expect(page, where).toContain(words.game.login_to_bet);
        }
      }
    }
  });

  it('paints a game page as any other page when the host page has no game block', () => {
    const own = '<div><!-- lobby --><p>{{lobby.how_title}}</p><!-- /lobby --></div>';
    expect(withGame(own, 'games.dice.title', 'en', true)).toBe(
      '<div><main class="page" aria-busy="true"></main></div>',
    );
  });

  it('tells a signed-in visitor by the session cookie', () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie('locale=fr')).toBe(false);
    expect(hasSessionCookie('token=; locale=fr')).toBe(false);
    expect(hasSessionCookie('locale=fr; token=abc.def')).toBe(true);
  });

  it('gives every other page the brand and an empty main', () => {
    const page = withoutLobby(indexHtml);
    expect(page).not.toContain('game-page');
    expect(withLobby(indexHtml, 'en')).not.toContain('game-page');
    expect(page).not.toContain('originals');
    expect(page).not.toContain('{{');
    expect(page).toContain('<main class="page" aria-busy="true"></main>');
    expect(page).toContain('<span class="topbar__app-name">');
  });

  it('fails loudly when the template names a message no catalogue has', () => {
    const template = '<!-- lobby --><p>{{lobby.no_such_words}}</p><!-- /lobby -->';
    expect(() => withLobby(template, 'en')).toThrow(/lobby\.no_such_words/);
  });
});
