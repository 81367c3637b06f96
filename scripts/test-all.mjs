// `npm test`: typecheck, lint, the dependency check, unit, integration and browser tests, in that
// order, failing fast.
// Ends with one line `N passed, N failed` summing every suite, so a run that executed nothing shows.
import fs from 'node:fs';
import path from 'node:path';
import { root, run } from './lib.mjs';

const resultsDir = path.join(root, '.test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };

function countVitest(project) {
  const file = path.join(resultsDir, `${project}.json`);
  if (!fs.existsSync(file)) return;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

/** `project`'s files; `integration*` is both integration projects (vitest.config.ts). */
function vitest(project) {
  return run('npx', [
    'vitest',
    'run',
    '--project',
    project === 'integration' ? 'integration*' : project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(resultsDir, `${project}.json`)}`,
  ]);
}

const steps = [
  ['typecheck', () => run('npm', ['run', '--silent', 'typecheck'])],
  ['lint', () => run('npm', ['run', '--silent', 'lint'])],
  // Every listed package is imported somewhere, and every imported one is listed (knip).
  ['dependencies', () => run('npm', ['run', '--silent', 'deps'])],
  ['unit', () => vitest('unit')],
  ['integration', () => vitest('integration')],
  ['chromium', () => run(process.execPath, ['scripts/ensure-chromium.mjs'])],
  ['build', () => run('npx', ['vite', 'build', '--logLevel', 'warn'])],
  ['e2e', () => vitest('e2e')],
  // The game kit's proof in a temporary copy: scaffold, play, verify, remove (one test).
  ['game kit', () => run(process.execPath, ['scripts/check-scaffold.mjs'])],
];

let failedStep;
for (const [name, step] of steps) {
  console.log(`\n=== ${name} ===`);
  const code = await step();
  if (['unit', 'integration', 'e2e'].includes(name)) countVitest(name);
  if (name === 'game kit' && code === 0) totals.passed += 1;
  if (code !== 0) {
    failedStep = name;
    if (!['unit', 'integration', 'e2e'].includes(name)) totals.failed += 1;
    break;
  }
}

if (failedStep) console.error(`\nnpm test stopped at '${failedStep}'.`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failedStep ? 1 : 0);
