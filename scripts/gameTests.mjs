// Which test files concern one game: shared by `npm run test:game` and the game kit's check.
import fs from 'node:fs';
import path from 'node:path';

/** Every `*.test.ts(x)` file under `dir` of the tree at `base`, relative to `base`. */
export function testFilesUnder(base, dir) {
  const folder = path.join(base, dir);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)));
}

/**
 * The test files of a project (`unit`, `integration`, `e2e`) that loop over the games.
 * - Unit: those that read the registry, the catalog derived from it or every game's rules, or walk
 *   the OpenAPI document (whose routes the registry's games add), or read the locale files (where
 *   a game keeps its texts). They are cheap: the game kit's check runs them whole.
 * - Integration and browser: those with a test tagged every-game (`EVERY_GAME`,
 *   tests/support/gamesUnderTest.ts), which plays or checks every game; the kit's check runs only
 *   those tests (`--tags-filter`, everyGameFilter).
 * GAMES_UNDER_TEST narrows their loops to the games it lists.
 */
export function testsLoopingOverGames(base, project) {
  const reads =
    project === 'unit'
      ? /shared\/registry\/(catalog|gameRules)|games\/registry|openapi|\blocales\b/i
      : /\bEVERY_GAME\b/;
  const files = testFilesUnder(base, `tests/${project}`).filter((file) =>
    reads.test(fs.readFileSync(path.join(base, file), 'utf8')),
  );
  if (files.length === 0) throw new Error(`no ${project} test loops over the games`);
  return files;
}

/** The vitest arguments that run only the every-game tests of the files given with them. */
export const everyGameFilter = ['--tags-filter', 'every-game'];

/**
 * A game's own test files in a project: those in its folder (unit), and those whose path has the
 * game's id as a word of its own (`tests/e2e/plinko.test.ts`, `games-roulette-plinko.test.ts`).
 */
export function testsOfGame(base, project, id) {
  const own = (file) => file.split(/[/.-]/).includes(id);
  const inFolder = project === 'unit' ? testFilesUnder(base, `games/${id}`) : [];
  return [...inFolder, ...testFilesUnder(base, `tests/${project}`).filter(own)];
}
