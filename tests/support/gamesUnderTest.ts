/**
 * The games a test that plays every game in turn plays: all of them, or only the ids listed in
 * GAMES_UNDER_TEST (comma-separated). The game kit's check (scripts/check-scaffold.mjs) sets it
 * to the games it scaffolds: `npm test` has played every other game in the same run already.
 */
const listed = process.env.GAMES_UNDER_TEST?.split(',').filter(Boolean);

export function gamesUnderTest<Game extends { id: string }>(games: readonly Game[]): Game[] {
  return listed ? games.filter((game) => listed.includes(game.id)) : [...games];
}

/** Whether a game id is one of the games under test (for loops over ids). */
export function isUnderTest(id: string): boolean {
  return !listed || listed.includes(id);
}

/**
 * The games such a loop must have reached, so that it cannot pass by skipping them all: `ids`
 * when every game is played, else every game listed.
 */
export function gamesToReach(ids: string[]): string[] {
  return listed ?? ids;
}

/**
 * The tag of a test that plays or checks every game (narrowed by gamesUnderTest): the game kit's
 * check runs only these in the integration and browser projects (`--tags-filter`), so it plays
 * the games it scaffolds without running the rest of those files again.
 */
export const EVERY_GAME_TAG = 'every-game';

/** A test's or a suite's options with the every-game tag: `it(name, EVERY_GAME, fn)`. */
export const EVERY_GAME = { tags: [EVERY_GAME_TAG] };
