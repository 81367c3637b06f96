import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // A game's own tests sit in its folder (games/<id>/*.test.ts).
          include: ['tests/unit/**/*.test.{ts,tsx}', 'games/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/support/node-globals.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Several suites start real servers and databases; two cores run them one file at a time.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A page on a busy machine can take seconds to show what a step waits for: every
          // expect.poll waits up to 15 s unless it says otherwise (Vitest's default is 1 s).
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
