// `npm test`: typecheck, lint, the dependency check, unit, integration and browser tests, then the
// game kit's proof, failing fast. Steps that do not disturb each other run side by side (one group
// at a time): typecheck, lint and the dependency check; the client build and the unit tests (which
// read nothing of dist/); and last the files that must not run beside another file of their suite
// (the -alone projects of vitest.config.ts), one at a time, beside the game kit held to one worker:
// they share the machine with one busy core, which every test must bear anyway.
// In a group the first step's output shows as it comes, the others' once the group is done, each
// whole. Every step's wall time shows after it and in a table at the end.
// Ends with one line `N passed, N failed` summing every suite, so a run that executed nothing shows.
import fs from 'node:fs';
import path from 'node:path';
import { countTests, failedTests, root, run, runBuffered, vitestArgs } from './lib.mjs';

const resultsDir = path.join(root, '.test-results');
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function countVitest(project) {
  const report = path.join(resultsDir, `${project}.json`);
  const counts = countTests(report);
  for (const key of Object.keys(totals)) totals[key] += counts[key];
  failures.push(...failedTests(report));
}

/** A step: its name and its command (`reports`: the Vitest projects whose tests it counts). */
const step = (name, command, args) => ({ name, command, args });
const npmScript = (name, script) => step(name, 'npm', ['run', '--silent', script]);
/** One Vitest project, by its exact name (`workers`: files at a time, the config's 2 unless given). */
const vitest = (project, workers) => ({
  ...step(project, 'npx', [
    ...vitestArgs(project, path.join(resultsDir, `${project}.json`), [], { exact: true }),
    ...(workers ? ['--maxWorkers', String(workers)] : []),
  ]),
  reports: [project],
});
/**
 * The parallel integration files run three at a time in npm test: at two, their waits on a
 * database left part of the two cores idle (1.37 cores busy on average); at three 1.88, and the
 * phase took 164-215 s instead of 205-272 s (29 Nov 2026).
 */
const PARALLEL_INTEGRATION_FILES = 3;
/**
 * The parallel browser files run three at a time too: at two they kept 1.50 cores busy on average
 * (each file waits on its pages, its server and Chromium's other processes), at three 1.83, and the
 * project took 355 s instead of 475 s (29 Nov 2026). The files that time what they see run alone
 * afterwards (e2e-alone): instant mode's 300 ms round read 460 ms on a saturated machine when it
 * was among the parallel files, so it has a file of its own there.
 */
const PARALLEL_BROWSER_FILES = 3;
/** Steps run one after another as one step (the first failure ends it). */
const chain = (name, steps) => ({ name, steps, reports: steps.flatMap((s) => s.reports ?? []) });

const groups = [
  // src/i18n/resources.d.ts, which typecheck writes when stale and lint reads, first.
  [step('i18n types', process.execPath, ['scripts/i18n-types.mjs'])],
  [
    // tsc alone: `npm run typecheck` would write the i18n and wire types again.
    step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
    npmScript('lint', 'lint'),
    // Every listed package is imported somewhere, and every imported one is listed (knip).
    npmScript('dependencies', 'deps'),
    // That games/shared/wire/api.gen.ts is committed fresh is a unit test's (wire-types.test.ts):
    // the same check as `tsx scripts/wire-types.ts --check`, 40 core-seconds, not made twice.
  ],
  [vitest('unit'), step('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])],
  [vitest('integration', PARALLEL_INTEGRATION_FILES)],
  [step('chromium', process.execPath, ['scripts/ensure-chromium.mjs'])],
  [vitest('e2e', PARALLEL_BROWSER_FILES)],
  [
    chain('alone', [vitest('integration-alone'), vitest('e2e-alone')]),
    // The game kit's proof in a temporary copy: scaffold, play, verify, remove (one test). One
    // test file at a time, so that it keeps one core busy, not both.
    {
      ...step('game kit', process.execPath, ['scripts/check-scaffold.mjs']),
      env: { GAME_KIT_MAX_WORKERS: '1' },
    },
  ],
];

const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const timings = [];
const failedSteps = [];
const started = Date.now();

async function runStep(s, buffered) {
  const start = Date.now();
  if (s.steps) {
    let result = { code: 0, output: '' };
    for (const one of s.steps) {
      console.log(`\n=== ${s.name}: ${one.name} ===`);
      const next = await runStep(one, buffered);
      const took = `=== ${s.name}: ${one.name}: ${seconds(next.ms)} ===\n`;
      if (!buffered) process.stdout.write(took);
      result = { code: next.code, output: result.output + next.output + (buffered ? took : '') };
      if (next.code !== 0) break;
    }
    return { ...result, ms: Date.now() - start };
  }
  const options = s.env ? { env: { ...process.env, ...s.env } } : {};
  const result = buffered
    ? await runBuffered(s.command, s.args, options)
    : { code: await run(s.command, s.args, options), output: '' };
  return { ...result, ms: Date.now() - start };
}

for (const group of groups) {
  const names = group.map(({ name }) => name);
  console.log(`\n=== ${names.join(' + ')}${group.length > 1 ? ' (side by side)' : ''} ===`);
  const groupStart = Date.now();
  const results = await Promise.all(group.map((s, i) => runStep(s, i > 0)));
  group.forEach((s, i) => {
    const { code, output, ms } = results[i];
    if (i > 0) {
      console.log(`\n=== ${s.name} (output) ===`);
      if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    }
    console.log(`=== ${s.name}: ${seconds(ms)}${code === 0 ? '' : ` (failed, exit ${code})`} ===`);
    timings.push([s.name, ms, code]);
    for (const report of s.reports ?? []) countVitest(report);
    if (s.name === 'game kit' && code === 0) totals.passed += 1;
    if (code !== 0) {
      failedSteps.push(s.name);
      if (!s.reports) totals.failed += 1;
    }
  });
  if (group.length > 1)
    console.log(`=== ${names.join(' + ')}: ${seconds(Date.now() - groupStart)} ===`);
  if (failedSteps.length) break;
}

const width = Math.max(...timings.map(([name]) => name.length));
console.log(
  '\nstep wall times (side by side: typecheck + lint + dependencies, unit + build, alone + game kit)',
);
for (const [name, ms, code] of timings) {
  console.log(`  ${name.padEnd(width)}  ${seconds(ms).padStart(6)}${code === 0 ? '' : '  failed'}`);
}
console.log(`  ${'total'.padEnd(width)}  ${seconds(Date.now() - started).padStart(6)}`);

if (failedSteps.length) console.error(`\nnpm test stopped at '${failedSteps.join("', '")}'.`);
if (failures.length) console.error(`failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failedSteps.length ? 1 : 0);
