// Browser tests and benchmarks drive Debian's Chromium (npx playwright install cannot download
// here): the browser tests its headless shell (`chromium-headless-shell`, a third less CPU), the
// benchmarks, Lighthouse and the screenshots the full browser (`chromium`). Installs whichever
// package is missing.
import fs from 'node:fs';
import { run } from './lib.mjs';

const BROWSERS = [
  { path: process.env.CHROMIUM_PATH || '/usr/bin/chromium', pkg: 'chromium' },
  {
    path: process.env.TEST_CHROMIUM_PATH || '/usr/bin/chromium-headless-shell',
    pkg: 'chromium-headless-shell',
  },
];

const missing = BROWSERS.filter(({ path }) => !fs.existsSync(path));
if (missing.length === 0) process.exit(0);

const packages = missing.map(({ pkg }) => pkg);
const where = missing.map(({ path }) => path).join(' and ');
if (process.getuid?.() !== 0) {
  console.error(
    `Chromium is missing at ${where}. Install it with: sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`,
  );
  process.exit(1);
}
console.log(`Chromium is missing at ${where}: installing Debian's ${packages.join(' and ')}…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
if ((await run('apt-get', ['update'], { env })) !== 0) process.exit(1);
const install = ['install', '-y', '--no-install-recommends', ...packages];
if ((await run('apt-get', install, { env })) !== 0) process.exit(1);
const still = missing.filter(({ path }) => !fs.existsSync(path));
if (still.length) {
  console.error(`apt-get finished but ${still.map(({ path }) => path).join(' and ')} is missing.`);
  process.exit(1);
}
