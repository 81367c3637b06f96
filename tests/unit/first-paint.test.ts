import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstPaintLocale, withLobby, withoutLobby } from '../../server/http/firstPaint';
import { LOCALES } from '../../server/i18n/messages';

const indexHtml = fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
const catalog = (locale: string) =>
  JSON.parse(
    fs.readFileSync(
      path.join(import.meta.dirname, '..', '..', 'locales', `${locale}.json`),
      'utf8',
    ),
  ) as { home: { heading: string }; lobby: Record<string, string> };

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

  it('gives every other page the brand and an empty main', () => {
    const page = withoutLobby(indexHtml);
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
