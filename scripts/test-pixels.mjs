// `npm run test:pixels [-- --update] [<id> ...]`: the scenes' pixel tests
// (tests/e2e/scene-pixels.test.ts), for every game or the ones named. `--update` rewrites the
// references (games/<id>/pixels/<state>.png) that differ from what the scenes draw now: review
// them as images before committing. The client is built first when its sources changed.
import fs from 'node:fs';
import path from 'node:path';
import { clientBuildIsStale, root, run } from './lib.mjs';

const args = process.argv.slice(2);
const update = args.includes('--update');
const ids = args.filter((arg) => arg !== '--update');
const games = fs
  .readdirSync(path.join(root, 'games'), { withFileTypes: true })
  .filter((entry) => fs.existsSync(path.join(root, 'games', entry.name, 'game.ts')))
  .map((entry) => entry.name);
const unknown = ids.filter((id) => !games.includes(id));
if (unknown.length) {
  console.error(`Usage: npm run test:pixels -- [--update] [<id> ...], ids of: ${games.join(', ')}`);
  process.exit(2);
}

const env = { ...process.env };
if (update) env.UPDATE_PIXELS = '1';
if (ids.length) env.GAMES_UNDER_TEST = ids.join(',');

if (clientBuildIsStale() && (await run('npx', ['vite', 'build', '--logLevel', 'warn'])) !== 0) {
  process.exit(1);
}
if ((await run(process.execPath, ['scripts/ensure-chromium.mjs'])) !== 0) process.exit(1);
const code = await run(
  'npx',
  ['vitest', 'run', '--project', 'e2e', 'tests/e2e/scene-pixels.test.ts'],
  {
    env,
  },
);
if (update && code === 0) {
  console.log(
    'References written where they differed: review them (git diff --stat games/*/pixels).',
  );
}
process.exit(code);
