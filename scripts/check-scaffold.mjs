// The game kit's proof, run by `npm test` in a temporary copy of the tree: `npm run new-game`
// scaffolds a sample game of each kind, and with no other edit it typechecks, lints, passes its
// own tests, is in the lobby, serves its scene, settles its bets through the ledger and verifies
// from the CLI; `--remove` takes it away and the copy is exactly as it was.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { everyGameFilter, testsLoopingOverGames } from './gameTests.mjs';
import { root, runBuffered } from './lib.mjs';

const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-kit-'));
// npm test runs the kit beside the suites' -alone files with GAME_KIT_MAX_WORKERS=1: one test
// file at a time, so it keeps one core busy, not both.
const WORKERS = process.env.GAME_KIT_MAX_WORKERS
  ? ['--maxWorkers', process.env.GAME_KIT_MAX_WORKERS]
  : [];

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
const sh = (command, args, options = {}) => {
  console.log(`[kit] ${command} ${args.join(' ')}`);
  const start = Date.now();
  const result = spawnSync(command, args, { cwd: copy, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
  console.log(`[kit] ${command} ${args.join(' ')}: ${seconds(start)}`);
};
/**
 * Commands that do not disturb each other, side by side: the first one's output shows as it
 * comes, the others' once all are done, each whole. Throws when any of them failed.
 */
async function together(...commands) {
  const start = Date.now();
  const results = await Promise.all(
    commands.map(async ([command, args], i) => {
      console.log(
        `[kit] ${command} ${args.join(' ')}${i > 0 ? ' (side by side, output below)' : ''}`,
      );
      const begun = Date.now();
      if (i === 0) {
        const { status } = await new Promise((resolve) => {
          const child = spawn(command, args, { cwd: copy, stdio: 'inherit' });
          child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0) }));
          child.on('error', () => resolve({ status: 1 }));
        });
        return { command, args, code: status, output: '', took: seconds(begun) };
      }
      const { code, output } = await runBuffered(command, args, { cwd: copy });
      return { command, args, code, output, took: seconds(begun) };
    }),
  );
  for (const { command, args, code, output, took } of results) {
    if (output) console.log(`[kit] output of ${command} ${args.join(' ')}:\n${output.trimEnd()}`);
    console.log(`[kit] ${command} ${args.join(' ')}: ${took}${code ? `, exit ${code}` : ''}`);
  }
  console.log(`[kit] side by side: ${seconds(start)}`);
  const failed = results.filter(({ code }) => code !== 0);
  if (failed.length) {
    const names = failed.map(({ command, args }) => `${command} ${args.join(' ')}`);
    throw new Error(`${names.join('; ')} failed`);
  }
}
const capture = (command, args) =>
  execFileSync(command, args, {
    cwd: copy,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });

// One scaffolded game per kind, with the options its template's verifier asks for and an edit of
// its pay table that leaves its stated RTP as it was (`drift`). The instant one is the
// walk-through of docs/developers/game-kit.md, `npm run new-game -- sample --kind instant`. The
// kit's no-game-id test lets this file, and only it, name these ids
// (tests/unit/kit/registry.test.ts).
const SCAFFOLDS = [
  { id: 'sample', kind: 'instant', verify: [], drift: ['match: 19_800', 'match: 19_700'] },
  {
    id: 'kitStepped',
    kind: 'stepped',
    verify: ['--levels', '5'],
    drift: ['158_400', '158_000'],
  },
  { id: 'kitLive', kind: 'live', verify: [], drift: ['crashScale: 99', 'crashScale: 98'] },
];
// One already in the tree (after that walk-through) is a game of the tree, covered by the suites
// like the others: it is neither scaffolded again nor checked or removed here.
const present = SCAFFOLDS.filter(({ id }) => fs.existsSync(path.join(root, 'games', id)));
for (const { id } of present) console.log(`[kit] games/${id} is in the tree: not scaffolded again`);
const scaffolded = SCAFFOLDS.filter((game) => !present.includes(game));
const SEEDS = [
  '--server-seed',
  '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  '--client-seed',
  'bb62964774',
  '--nonce',
  '1',
];

/**
 * A scaffolded game's stated RTP is held to its pay table by its own rules test, which passed as
 * generated: with the table changed and the RTP not, that test fails, on its RTP check. Each
 * rules.ts is as it was afterwards.
 */
function tableDriftFails(games) {
  const start = Date.now();
  const report = path.join(copy, '.drift.json');
  const edited = games.map(({ id, drift: [from, to] }) => {
    const file = path.join(copy, 'games', id, 'rules.ts');
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(from)) throw new Error(`games/${id}/rules.ts has no \`${from}\` to change`);
    fs.writeFileSync(file, text.replace(from, to));
    return { id, file, text };
  });
  try {
    const tests = edited.map(({ id }) => `games/${id}/rules.test.ts`);
    console.log(`[kit] pay tables changed, RTP not: ${tests.join(' ')} must fail`);
    spawnSync(
      'npx',
      [
        'vitest',
        'run',
        ...WORKERS,
        '--project',
        'unit',
        '--reporter',
        'json',
        '--outputFile',
        report,
        ...tests,
      ],
      { cwd: copy, stdio: 'ignore' },
    );
    const { testResults } = JSON.parse(fs.readFileSync(report, 'utf8'));
    for (const { id } of edited) {
      const file = testResults.find(({ name }) => name.endsWith(`games/${id}/rules.test.ts`));
      const failing = (file?.assertionResults ?? [])
        .filter(({ status }) => status === 'failed')
        .map(({ title }) => title);
      if (!failing.some((title) => title.includes('RTP'))) {
        const which = failing.join('; ') || 'none';
        throw new Error(`games/${id}: no RTP test failed with its pay table changed (${which})`);
      }
      console.log(`[kit] games/${id} with its pay table changed fails: ${failing.join('; ')}`);
    }
  } finally {
    for (const { file, text } of edited) fs.writeFileSync(file, text);
    fs.rmSync(report, { force: true });
  }
  console.log(`[kit] pay tables changed, RTP not: ${seconds(start)}`);
}

let failed = false;
const started = Date.now();
try {
  // The tracked and untracked-but-not-ignored files, as they are in the working tree.
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => f && fs.existsSync(path.join(root, f)));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(copy, file));
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  const git = (...args) => capture('git', args);
  git('init', '-q');
  git('add', '-A');
  git('-c', 'user.name=kit', '-c', 'user.email=kit@example.test', 'commit', '-qm', 'before');

  for (const { id, kind } of scaffolded)
    sh('npx', ['tsx', 'scripts/new-game/index.ts', id, '--kind', kind, '--skip-wire-types']);
  // The checks of `npm test` that see a new game: all of the static ones, its own tests, and
  // every unit, integration and browser test that loops over the games (found by what it reads).
  // As in npm test: the i18n types (which typecheck writes and lint reads) first, then the
  // static checks side by side, then the unit tests beside the build (they read nothing of dist/).
  sh(process.execPath, ['scripts/i18n-types.mjs']);
  // Lint sees one file at a time: the files the scaffold wrote or changed are what is new to it
  // (npm test has linted the rest). Typecheck and the dependency check see the whole tree.
  const changed = git('status', '--porcelain', '--untracked-files=all')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
  const linted = changed.filter((file) => /\.(ts|tsx|mjs|js)$/.test(file));
  const formatted = changed.filter((file) => /\.(ts|tsx|mjs|js|json|md|css)$/.test(file));
  await together(
    ['npm', ['run', '--silent', 'typecheck']],
    ['npx', ['eslint', '--max-warnings', '0', ...linted]],
    ['npx', ['prettier', '--check', ...formatted]],
    ['npm', ['run', '--silent', 'deps']],
  );
  await together(
    [
      'npx',
      [
        'vitest',
        'run',
        ...WORKERS,
        '--project',
        'unit',
        ...scaffolded.map(({ id }) => `games/${id}`),
        ...testsLoopingOverGames(copy, 'unit'),
      ],
    ],
    ['npx', ['vite', 'build', '--logLevel', 'warn']],
  );
  tableDriftFails(scaffolded);
  // The tests that play every game in turn play only the scaffolded ones here: npm test has just
  // played the others (tests/support/gamesUnderTest.ts).
  // They have no reference images: the pixel tests draw their states without comparing them
  // (tests/e2e/scene-pixels.test.ts).
  const onlyScaffolded = {
    env: {
      ...process.env,
      GAMES_UNDER_TEST: scaffolded.map(({ id }) => id).join(','),
      PIXELS_MISSING_REFERENCES: 'allow',
    },
  };
  // `integration*`: both integration projects (vitest.config.ts runs some files alone); `e2e*`
  // the browser project(s). Only their every-game tests: the rest of those files does not see a
  // new game, and npm test has just run it.
  const looping = (project) => [
    'vitest',
    'run',
    ...WORKERS,
    '--project',
    `${project}*`,
    ...everyGameFilter,
    ...testsLoopingOverGames(copy, project),
  ];
  sh('npx', looping('integration'), onlyScaffolded);
  sh('npx', looping('e2e'), onlyScaffolded);
  for (const { id, verify } of scaffolded) {
    const printed = capture('npx', ['tsx', 'scripts/verify.ts', id, ...verify, ...SEEDS]);
    const outcome = JSON.parse(printed);
    if (typeof outcome !== 'object' || Object.keys(outcome).length === 0) {
      throw new Error(`verify ${id} printed ${printed}`);
    }
    console.log(`[kit] npm run verify -- ${id}: ${printed.trim()}`);
  }

  for (const { id } of scaffolded)
    sh('npx', ['tsx', 'scripts/new-game/index.ts', id, '--remove', '--skip-wire-types']);
  // The wire types once for the three (npm run typecheck wrote them with the scaffolded games).
  sh('npx', ['tsx', 'scripts/wire-types.ts']);
  const left = git('status', '--porcelain');
  if (left.trim()) throw new Error(`the tree is not back as it was after --remove:\n${left}`);
  console.log(
    `[kit] scaffold, play, verify and remove: the tree is back as it was (${seconds(started)})`,
  );
} catch (error) {
  failed = true;
  console.error(`[kit] ${error.message}`);
} finally {
  fs.rmSync(copy, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
