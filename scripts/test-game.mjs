// `npm run test:game -- <id>`: one game's loop. Its own unit, integration and browser tests and
// every test that loops over the games, narrowed to this one (GAMES_UNDER_TEST). The client is
// built first when its sources changed since the last build. Typecheck and lint are npm test's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testsLoopingOverGames, testsOfGame } from './gameTests.mjs';
import { clientBuildIsStale, countTests, root, run, vitestArgs } from './lib.mjs';

const id = process.argv[2];
const games = fs
  .readdirSync(path.join(root, 'games'), { withFileTypes: true })
  .filter((entry) => fs.existsSync(path.join(root, 'games', entry.name, 'game.ts')))
  .map((entry) => entry.name);
if (!id || !games.includes(id)) {
  console.error(`Usage: npm run test:game -- <id>, one of: ${games.join(', ')}`);
  process.exit(2);
}

const env = { ...process.env, GAMES_UNDER_TEST: id };
const reports = fs.mkdtempSync(path.join(os.tmpdir(), `casino-test-${id}-`));
const started = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
let failed = false;

async function project(name) {
  const files = [
    ...new Set([...testsOfGame(root, name, id), ...testsLoopingOverGames(root, name)]),
  ];
  console.log(`\n=== ${name}: ${files.length} files ===`);
  const json = path.join(reports, `${name}.json`);
  const code = await run('npx', vitestArgs(name, json, files), { env });
  const counts = countTests(json);
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  if (code !== 0) failed = true;
}

const build = clientBuildIsStale()
  ? run('npx', ['vite', 'build', '--logLevel', 'warn'])
  : Promise.resolve(0);
await project('unit');
if ((await build) !== 0) failed = true;
if (!failed) await project('integration');
if (!failed && (await run(process.execPath, ['scripts/ensure-chromium.mjs'])) !== 0) failed = true;
if (!failed) await project('e2e');

fs.rmSync(reports, { recursive: true, force: true });
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${id}: ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failed ? 1 : 0);
