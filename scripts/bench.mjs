// `npm run bench [-- name ...]`: runs tests/bench/<name>.bench.ts (all of them without a name).
// Each benchmark prints its figures and the budget it is held to, and exits 1 when over budget.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, run } from './lib.mjs';

const dir = path.join(root, 'tests', 'bench');
const available = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length ? wanted : available;

const unknown = names.filter((n) => !available.includes(n));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
if (!names.length) {
  console.log('No benchmarks yet.');
  process.exit(0);
}
let failed = 0;
for (const name of names) {
  // The machine's load beside every benchmark: past about three times the cores, the figures are
  // the machine's, not the code's.
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(
    `\n=== bench: ${name} (load average ${load}, ${os.availableParallelism()} cores) ===`,
  );
  const code = await run(process.execPath, ['--import', 'tsx', path.join(dir, `${name}.bench.ts`)]);
  if (code !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
