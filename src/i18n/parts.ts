// The messages of a locale come in two parts: what the first screen (the lobby, the top bar, the
// dialogs) can show, loaded before it paints, and the sections only screens loaded later show,
// fetched beside those screens' code (scripts/build/localeParts.ts splits the JSON at build time).

type Messages = Record<string, unknown>;

/** Sections that only lazily loaded screens show. */
export const LATER_SECTIONS = [
  'admin',
  'dev',
  'earn',
  'explore',
  'game_settings',
  'giveaways',
  'play',
  'profile',
  'ranking',
  'wallet',
] as const;

/** Keys of those sections that the first screen shows after all (the top bar's admin link). */
export const FIRST_KEYS = ['admin.title'] as const;

export type MessagesPart = 'first' | 'later';

/** One part of a locale's messages (`later`: LATER_SECTIONS without FIRST_KEYS). */
export function messagesPart(messages: Messages, part: MessagesPart): Messages {
  const laterSections: readonly string[] = LATER_SECTIONS;
  const firstKeys: readonly string[] = FIRST_KEYS;
  const kept: Messages = {};
  for (const [section, value] of Object.entries(messages)) {
    if (!laterSections.includes(section)) {
      if (part === 'first') kept[section] = value;
      continue;
    }
    const entries = Object.entries(value as Messages).filter(
      ([key]) => firstKeys.includes(`${section}.${key}`) === (part === 'first'),
    );
    if (entries.length > 0) kept[section] = Object.fromEntries(entries);
  }
  return kept;
}
