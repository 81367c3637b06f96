// Every game's simulation, params and headless adapter, and the engine's headless runner, import
// and run in plain Node (`node --import tsx`): no DOM global, and pixi.js (or any other view
// package but matter-js) never loaded. A child process does it (plain-node-child.ts): this
// project's Vitest defines a `navigator` before any test (tests/support/node-globals.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYABLE_GAMES } from '../../../games/shared/registry/catalog';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const child = path.join(import.meta.dirname, 'plain-node-child.ts');

interface Report {
  registered: string[];
  games: string[];
  imported: string[];
  rounds: Record<string, { rounds: number; mismatches: number }>;
  errors: string[];
  packages: string[];
  required: string[];
  domGlobals: string[];
}

function runChild(extra?: string): Report {
  const env: NodeJS.ProcessEnv = { ...process.env, PLAIN_NODE_EXTRA: extra ?? '' };
  // Nothing of Vitest's process may reach the child (a preload, a loader).
  delete env.NODE_OPTIONS;
  const run = spawnSync(process.execPath, ['--import', 'tsx', child], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Report;
}

describe('headless in plain Node', () => {
  it('imports and runs every simulation and the headless runner without pixi.js or a DOM', () => {
    const report = runChild();
    expect(report.errors).toEqual([]);
    expect([...report.registered].sort()).toEqual(PLAYABLE_GAMES.map((game) => game.id).sort());
    for (const id of report.games) {
      expect(report.imported).toContain(`games/${id}/simulation.ts`);
      expect(report.imported).toContain(`games/${id}/headless.ts`);
    }
    expect(report.imported).toContain('engine/headless/runHeadless.ts');
    for (const id of report.registered) {
      expect(report.rounds[id], id).toMatchObject({ rounds: 2, mismatches: 0 });
    }
    // The rules' hashes and the physics: nothing of the view.
    expect(
      report.packages.filter((name) => !['@noble/hashes', 'matter-js'].includes(name)),
    ).toEqual([]);
    expect(report.required).toEqual([]);
    expect(report.domGlobals).toEqual([]);
  });

  it('would see a view package: the engine index (which loads pixi.js and howler) is refused', () => {
    const report = runChild('engine/index.ts');
    // Node resolves a module's imports side by side: whichever view package is asked for first
    // is the one refused (howler was, once in a CI run).
    expect(report.errors).toEqual([
      expect.stringMatching(/^engine\/index\.ts: .*barred in a headless run: (pixi\.js|howler) /),
    ]);
  });
});
