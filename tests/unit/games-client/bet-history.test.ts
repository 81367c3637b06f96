// The bet history's words: every game's results read as messages of its own namespace, with
// every placeholder filled, in every locale; times in the player's locale.
import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  describeBet,
  formatBetTime,
  type Translate,
} from '../../../games/shared/panel/historyFormat';
import { GAME_RULES } from '../../../games/shared/registry/gameRules';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const LOCALES = ['en', 'es', 'fr', 'pt-BR', 'zh-CN'];

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    resources: Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        {
          translation: JSON.parse(
            fs.readFileSync(path.join(root, 'locales', `${locale}.json`), 'utf8'),
          ) as object,
        },
      ]),
    ),
  });
});

/** The history's t() in one locale (its keys are named at run time, past the typed ones). */
const translator = (locale: string): Translate => {
  const t = i18next.getFixedT(locale) as unknown as Translate;
  return (key, values) => t(key, values ?? {});
};

/** Results as the server writes them, one or more per game and outcome. */
const BETS: { game: string; params: Record<string, unknown>; result: Record<string, unknown> }[] = [
  { game: 'dice', params: { target: 50.5, condition: 'over' }, result: { roll: 77.18, win: true } },
  { game: 'dice', params: { target: 10, condition: 'under' }, result: { roll: 3, win: true } },
  { game: 'plinko', params: { rows: 16, risk: 'high' }, result: { path: 'RL', bucket: 7 } },
  { game: 'roulette', params: { bets: [{ type: 'red', amount: 1 }] }, result: { pocket: 17 } },
  {
    game: 'minislot',
    params: {},
    result: { line: ['SEVEN', 'BAR', 'CHERRY'], win: 'cherry1' },
  },
  { game: 'asteroids', params: {}, result: { multiplier: 50, gems: [] } },
  { game: 'asteroids', params: {}, result: { multiplier: 0, gems: [] } },
  {
    game: 'mines',
    params: { mines: 3 },
    result: { status: 'cashed_out', revealed: [1, 2], mines_count: 3 },
  },
  {
    game: 'mines',
    params: { mines: 1 },
    result: { status: 'lost', revealed: [4, 9], mines_count: 1 },
  },
  {
    game: 'mines',
    params: { mines: 24 },
    result: { status: 'cleared', revealed: [0], mines_count: 24 },
  },
  {
    game: 'mines',
    params: { mines: 3 },
    result: { status: 'active', revealed: [], mines_count: 3 },
  },
  {
    game: 'gemMiner',
    params: { difficulty: 'easy' },
    result: { status: 'cashed_out', level: 2, difficulty: 'easy' },
  },
  {
    game: 'gemMiner',
    params: { difficulty: 'expert' },
    result: { status: 'lost', level: 0, difficulty: 'expert' },
  },
  {
    game: 'gemMiner',
    params: { difficulty: 'hard' },
    result: { status: 'cleared', level: 8, difficulty: 'hard' },
  },
  {
    game: 'gemMiner',
    params: { difficulty: 'medium' },
    result: { status: 'playing', level: 1, difficulty: 'medium' },
  },
  {
    game: 'minerFrenzy',
    params: { auto_cashout: null },
    result: { status: 'cashed_out', multiplier: 1.5, crash_point: 2.3456 },
  },
  {
    game: 'minerFrenzy',
    params: { auto_cashout: 2 },
    result: { status: 'cashed_out', multiplier: 2, crash_point: 3 },
  },
  { game: 'minerFrenzy', params: {}, result: { status: 'crashed', crash_point: 1 } },
  { game: 'minerFrenzy', params: {}, result: { status: 'running' } },
];

describe('the bet history in words', () => {
  it('describes a result of every game whose rules have words (a new game falls back to its summary)', () => {
    const games = new Set(BETS.map((b) => b.game));
    const withWords = [...GAME_RULES.keys()].filter((id) => GAME_RULES.get(id)!.describe);
    expect(withWords.filter((id) => !games.has(id))).toEqual([]);
    for (const id of games) expect(GAME_RULES.get(id)?.describe, id).toBeDefined();
  });

  it('reads as words in English', () => {
    const t = translator('en');
    const text = (i: number) => describeBet(GAME_RULES.get(BETS[i]!.game), BETS[i]!, t);
    expect(text(0)).toBe('Rolled 77,18 · over 50,50');
    expect(text(2)).toBe('Slot 8 of 17 · risk: High');
    expect(text(3)).toBe('Ball on 17 · 1 bet');
    expect(text(4)).toBe('Seven · Bar · Cherry');
    expect(text(5)).toBe('Three 50,00× gems');
    expect(text(6)).toBe('No three of a kind');
    expect(text(7)).toBe('Cashed out after 2 gems · mines: 3');
    expect(text(8)).toBe('Hit a mine after 1 gem · mines: 1');
    expect(text(11)).toBe('Cashed out at level 2 of 8 · Easy');
    expect(text(12)).toBe('Hit a rock on level 1 of 8 · Expert');
    expect(text(15)).toBe('Cashed out at 1,50× · crashed at 2,34×');
    expect(text(16)).toBe('Auto cash-out at 2,00× · crashed at 3,00×');
    expect(text(17)).toBe('Derailed at 1,00×');
  });

  it.each(LOCALES)(
    '%s: no key, placeholder, status word or 4-decimal multiplier shows',
    (locale) => {
      const t = translator(locale);
      for (const bet of BETS) {
        const text = describeBet(GAME_RULES.get(bet.game), bet, t);
        expect(text, `${bet.game} ${JSON.stringify(bet.result)}`).not.toMatch(
          /\{\{|games\.|history_|_[a-z]+_|cashed_out|\d\.\d{4}x|undefined|NaN/,
        );
        expect(text.length).toBeGreaterThan(2);
      }
    },
  );

  it('falls back to nothing for an unknown game, and while its rules are not loaded', () => {
    const t = translator('en');
    expect(describeBet(undefined, { game: 'nope', params: {}, result: {} }, t)).toBe('');
    expect(describeBet(undefined, BETS[0]!, t)).toBe('');
    expect(describeBet(GAME_RULES.get('plinko'), BETS[0]!, t)).toBe('');
  });
});

describe('bet times', () => {
  const now = new Date(2026, 2, 5, 18, 0, 0);
  it('shows the time alone today and the date with the time before', () => {
    expect(formatBetTime(new Date(2026, 2, 5, 14, 5, 9).toISOString(), 'en-GB', now)).toBe(
      '14:05:09',
    );
    expect(formatBetTime(new Date(2026, 2, 4, 9, 7, 0).toISOString(), 'en-GB', now)).toBe(
      '04 March 2026, 09:07',
    );
    expect(formatBetTime(new Date(2026, 2, 4, 9, 7, 0).toISOString(), 'es', now)).toBe(
      '04 marzo 2026, 09:07',
    );
    expect(formatBetTime('not a date', 'en', now)).toBe('');
  });
});

describe("the fairness dialog's count of a revealed pair's bets", () => {
  it.each([
    ['en', '1 bet made', '3 bets made'],
    ['es', '1 apuesta hecha', '3 apuestas hechas'],
    ['fr', '1 mise faite', '3 mises faites'],
    ['pt-BR', '1 aposta feita', '3 apostas feitas'],
    ['zh-CN', '已投注 1 次', '已投注 3 次'],
  ])('%s: a plural message with its count', (locale, one, three) => {
    const t = translator(locale);
    expect(t('fairness.bets_made', { count: 1 })).toBe(one);
    expect(t('fairness.bets_made', { count: 3 })).toBe(three);
    expect(t('fairness.bets_made', { count: 1_000_000 })).not.toMatch(/\{\{|bets_made/);
  });
});
