// Browser tests drive Debian's Chromium (npx playwright install cannot download here).
// Installs the `chromium` package when /usr/bin/chromium is missing.
import fs from 'node:fs';
import { run } from './lib.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

if (fs.existsSync(CHROMIUM)) process.exit(0);

if (process.getuid?.() !== 0) {
  console.error(
    `Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`,
  );
  process.exit(1);
}
console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's chromium package…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
if ((await run('apt-get', ['update'], { env })) !== 0) process.exit(1);
if ((await run('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { env })) !== 0)
  process.exit(1);
if (!fs.existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
