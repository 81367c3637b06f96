import { defineConfig } from 'vitest/config';
import { lobbyRtps } from './scripts/build/lobbyRtps';
import { localeParts } from './scripts/build/localeParts';
import { EVERY_GAME_TAG } from './tests/support/gamesUnderTest';
import SlowFilesFirst from './tests/support/sequencer';

/** The projects that start servers share one server bundle per run. */
const SERVER_BUNDLE_SETUP = ['tests/support/serverBundleSetup.ts'];

/**
 * Integration files that time what they see (a crash or a feed within a budget in ms) or run
 * several server processes (instances, cluster workers killed and restarted): they run one at a
 * time once the others are done, so no other suite's load moves their clocks.
 */
const INTEGRATION_ALONE = [
  'tests/integration/bets-warm.test.ts',
  'tests/integration/cluster.test.ts',
  'tests/integration/crash-recovery.test.ts',
  'tests/integration/db-listen.test.ts',
  'tests/integration/games-minerFrenzy.test.ts',
  'tests/integration/giveaways-instances.test.ts',
  'tests/integration/live-bets-instances.test.ts',
  'tests/integration/live-bets.test.ts',
  'tests/integration/live-instances.test.ts',
  'tests/integration/rate-limit.test.ts',
  'tests/integration/redis-outage.test.ts',
];

/**
 * Browser files that time what they see (a row within a budget in ms, a bounded stop, the
 * balance against a ball's landing) or load the page on purpose (frames running late): one at a
 * time after the others, which run two or three at a time (three in npm test).
 */
const E2E_ALONE = [
  'tests/e2e/engine.test.ts',
  'tests/e2e/instant-mode.test.ts',
  'tests/e2e/live-bets.test.ts',
  'tests/e2e/plinko.test.ts',
  'tests/e2e/react-layer.test.ts',
  'tests/e2e/shutdown.test.ts',
];

/**
 * The files a worker runs one after another share their modules (Vitest's `isolate: false`): the
 * test support, and for the integration files the whole server they run in-process, are imported
 * once per worker, not once per file (1.5 s each). Nothing a server keeps may outlive it in a
 * module: server/http/routeHooks.ts is why admin routes no longer leak a rate limiter into the
 * next server.
 */
const SHARED_MODULES = { isolate: false } as const;

/** What every browser project shares. */
const browserTests = {
  environment: 'node',
  ...SHARED_MODULES,
  globalSetup: SERVER_BUNDLE_SETUP,
  testTimeout: 90_000,
  hookTimeout: 120_000,
  // A page on a busy machine can take seconds to show what a step waits for: every
  // expect.poll waits up to 15 s unless it says otherwise (Vitest's default is 1 s).
  expect: { poll: { timeout: 15_000 } },
} as const;

export default defineConfig({
  test: {
    // Two cores: the projects that allow it run two files at once (Vitest's default is one fewer
    // than the cores).
    maxWorkers: 2,
    tags: [
      {
        name: EVERY_GAME_TAG,
        description:
          'Plays or checks every game of the registry (GAMES_UNDER_TEST narrows it): what the ' +
          "game kit's check runs again for the games it scaffolds (scripts/check-scaffold.mjs).",
      },
    ],
    // Long files first where no earlier run says which are long (a fresh clone).
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        // The shell's messages load as two parts per locale (src/i18n/parts.ts).
        // The lobby tiles' RTPs, worked out from the rules as the build does.
        plugins: [localeParts(), lobbyRtps()],
        test: {
          name: 'unit',
          // A game's own tests sit in its folder (games/<id>/*.test.ts).
          include: ['tests/unit/**/*.test.{ts,tsx}', 'games/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Shared modules: the whole project took 186 core-seconds isolated, 144 shared (29 Nov
          // 2026). A file that reads a store or a global another file of its worker may have
          // changed (the cookie jar, the locale, the current celebration) sets it first.
          ...SHARED_MODULES,
          setupFiles: ['tests/support/node-globals.ts'],
          // Some tests simulate 100,000 rounds or start CLIs: 2-8 s of CPU each here, 48 s seen with
          // the machine's load at 18 (Vitest's default of 5 s failed beside one busy core).
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: INTEGRATION_ALONE,
          ...SHARED_MODULES,
          environment: 'node',
          globalSetup: SERVER_BUNDLE_SETUP,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time: most of a suite's time is spent waiting on its database.
          fileParallelism: true,
        },
      },
      {
        test: {
          name: 'integration-alone',
          include: INTEGRATION_ALONE,
          ...SHARED_MODULES,
          environment: 'node',
          globalSetup: SERVER_BUNDLE_SETUP,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // After the other integration files, one at a time, with the machine to themselves.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The lobby tiles' RTPs (explore.test.ts formats one as the tile does).
        plugins: [lobbyRtps()],
        test: {
          ...browserTests,
          name: 'e2e',
          // A server per worker and one Chromium for the files that use serverAndBrowser().
          globalSetup: [...SERVER_BUNDLE_SETUP, 'tests/support/sharedE2eSetup.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          exclude: E2E_ALONE,
          fileParallelism: true,
        },
      },
      {
        test: {
          ...browserTests,
          name: 'e2e-alone',
          include: E2E_ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
