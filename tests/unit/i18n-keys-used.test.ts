// No locale key that no code uses, in both sets of catalogues: a key of locales/en.json or
// locales/server/en.json is a string literal somewhere in the sources, or one the code builds and
// a pattern below names (tests/support/localeKeys.ts). The other locales have en's keys
// (tests/unit/i18n-parity.test.ts), so en stands for them all.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  catalogueKeys,
  sourceLiterals,
  stringLiterals,
  stalePatterns,
  unusedKeys,
  type Tree,
} from '../support/localeKeys';

const root = path.resolve(import.meta.dirname, '..', '..');
/** Where code may use a key: the shell, games, engine, server and the new-game templates. */
const SOURCES = ['src', 'games', 'engine', 'server', 'scripts'];

/**
 * Keys the code builds from a part it knows only at run time, by where it builds them. `*` is any
 * text within a segment, `{a,b}` one of the words. Make a pattern as narrow as the code building
 * the keys, and drop it with that code.
 */
const BUILT: Record<'client' | 'server', string[]> = {
  client: [
    // games/shared/registry/catalog.ts: gameTitleKey; fieldLabelKey and choiceLabelKey (verifier inputs).
    'games.*.title',
    'games.*.field_*',
    // games/shared/panel/historyFormat.ts: a rules' describe() names `history…` words of its namespace.
    'games.*.history*',
    // A choice's label from the choice: the game's panel.tsx (minislot and plinko: and the
    // history's values, their rules.ts).
    'games.gemMiner.{difficulty,pattern}_*',
    'games.minislot.symbol_*',
    'games.plinko.risk_*',
    'games.roulette.type_*',
    // The mode (games/shared/panel/ModeTabs.tsx), why auto-bet stopped (AutoBetControls.tsx beside it).
    'game.{manual,auto}',
    'game.auto_stop_*',
    // src/pages/auth/OAuthButtons.tsx: each sign-in provider.
    'auth.oauth_*',
    // src/pages/RankingPage.tsx: the medal of ranks 1 to 3.
    'ranking.medal_*',
    // A pot's type (src/pages/earn/RakebackPage.tsx), a lock's status (LocksPage.tsx beside it).
    'earn.{claim,pot}_*',
    'earn.lock_status_*',
    // A section (src/pages/GiveawaysPage.tsx), a giveaway's status (its GiveawayCard.tsx and
    // src/pages/admin/GiveawaysSection.tsx).
    'giveaways.{section,status}.*',
    // src/components/DataView.tsx: a field's label when the locale has one.
    'data.*',
    // src/pages/settings/play/: LimitsForm.tsx (a limit's kind and period), PauseSettings.tsx.
    'play.{kind,period}_*',
    'play.{break,exclusion}_*',
  ],
  server: [
    // server/modules/auth/links.ts: each account mail's subject and text.
    'mail.*.{subject,text}',
    // server/modules/responsible-play/enforce.ts: a limit's name from its kind and period.
    'play.limits.*_*',
  ],
};
const CATALOGUES = { client: 'locales/en.json', server: 'locales/server/en.json' };

const keysOf = (file: string) =>
  catalogueKeys(JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Tree);

describe('locale keys that no code uses', () => {
  const literals = sourceLiterals(root, SOURCES);
  const sets = (['client', 'server'] as const).map((set) => ({
    set,
    keys: keysOf(CATALOGUES[set]),
  }));

  it.each(sets)('$set: every key is used', ({ set, keys }) => {
    expect(keys.length).toBeGreaterThan(50);
    expect(unusedKeys(keys, literals, BUILT[set])).toEqual([]);
  });

  it.each(sets)('$set: every pattern of built keys still matches a key', ({ set, keys }) => {
    expect(stalePatterns(keys, BUILT[set])).toEqual([]);
  });

  it('finds a key nobody uses, not a literal, a built or a plural one', () => {
    const keys = catalogueKeys({
      game: { amount: 'Amount', manual: 'Manual', gone: 'Gone' },
      earn: { pot_daily: 'Daily', pot_daily_text: 'Daily pot' },
      fairness: { bets_made_one: '{{count}} bet', bets_made_other: '{{count}} bets' },
      money: { not_zero: 'Not zero' },
    });
    // 'money.not' used makes no plural of money.not_zero: there is no money.not_other.
    const used = new Set(['game.amount', 'fairness.bets_made', 'money.not']);
    expect(unusedKeys(keys, used, BUILT.client)).toEqual(['game.gone', 'money.not_zero']);
    expect(stalePatterns(keys, ['game.{manual,auto}', 'game.auto_stop_*'])).toEqual([
      'game.auto_stop_*',
    ]);
    // Against the real sources: a control removed from a game's panel leaves its key behind; a
    // new history word is a built key.
    const client = [...sets[0]!.keys, 'games.dice.zz_removed_control', 'games.dice.history_push'];
    expect(unusedKeys(client, literals, BUILT.client)).toEqual(['games.dice.zz_removed_control']);
  });

  it('reads string literals, not comments or templates with a ${} part', () => {
    const source = [
      "// t('a.comment') is not a use",
      "const label = t('a.quoted');",
      'const other = t(`a.template`);',
      'const built = t(`a.${part}`);',
      'const link = <Trans i18nKey="a.attribute" />;',
    ].join('\n');
    expect(stringLiterals('file.tsx', source)).toEqual(['a.quoted', 'a.template', 'a.attribute']);
  });
});
