/**
 * The games a test that plays every game in turn plays: all of them, or only the ids listed in
 * GAMES_UNDER_TEST (comma-separated). The game kit's check (scripts/check-scaffold.mjs) sets it
 * to the games it scaffolds: `npm test` has played every other game in the same run already.
 */
const listed = process.env.GAMES_UNDER_TEST?.split(',').filter(Boolean);

export function gamesUnderTest<Game extends { id: string }>(games: readonly Game[]): Game[] {
  return listed ? games.filter((game) => listed.includes(game.id)) : [...games];
}

/**
 * The games such a loop must have reached, so that it cannot pass by skipping them all: `ids`
 * when every game is played, else every game listed.
 */
export function gamesToReach(ids: string[]): string[] {
  return listed ?? ids;
}
