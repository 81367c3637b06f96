import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest in their project (measured in fresh-clone CI runs), longest first.
 * Two or three files run at a time: one of these started last keeps one worker busy alone for a minute.
 */
const SLOW_FILES = [
  // browser
  'games-layout.test.ts',
  'games-a11y.test.ts',
  'games-minerFrenzy.test.ts',
  'games-roulette.test.ts',
  'games-number-formats.test.ts',
  'games-idle.test.ts',
  'shell-guards.test.ts',
  'asteroids.test.ts',
  'scene-pixels.test.ts',
  'games-gemMiner.test.ts',
  'shell-flows.test.ts',
  'wallet-chain.test.ts',
  'engine-navigation.test.ts',
  'earn-pages.test.ts',
  // integration
  'chain-wallet-instances.test.ts',
  'admin-account.test.ts',
  'chain-wallet.test.ts',
  'auth-account-limits.test.ts',
  'images.test.ts',
  'malformed.test.ts',
  'money.test.ts',
  'responsible-play.test.ts',
];

/**
 * Vitest's order (projects in turn; with results of an earlier run, failed and then longest
 * files first), but where no earlier run is known (a fresh clone, as in CI) the files of
 * SLOW_FILES go first, so that no long file starts last.
 */
export default class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(
        `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`,
      ) !== undefined;
    if (sorted.every(known)) return sorted;
    const projectOrder = [...new Set(sorted.map((spec) => spec.project.name))];
    const rank = (spec: TestSpecification) => {
      const slow = SLOW_FILES.indexOf(path.basename(spec.moduleId));
      return slow === -1 ? SLOW_FILES.length : slow;
    };
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort(
        (a, b) =>
          projectOrder.indexOf(a.spec.project.name) - projectOrder.indexOf(b.spec.project.name) ||
          rank(a.spec) - rank(b.spec) ||
          a.index - b.index,
      )
      .map(({ spec }) => spec);
  }
}
