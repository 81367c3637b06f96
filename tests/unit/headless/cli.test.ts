// `npm run headless -- <game>` (scripts/headless.ts) for every game of the registry, in plain Node:
// the simulation ends in what the rules decided, round after round, and the same seed plays the
// same rounds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAYABLE_GAMES } from '../../../games/shared/registry/catalog';
import { loadHeadlessGame, MissingHeadlessGame } from '../../../games/shared/headless/adapter';
import type { HeadlessSummary } from '../../../games/shared/headless/rounds';
import { gamesToReach, gamesUnderTest } from '../../support/gamesUnderTest';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const ROUNDS = 20;

/** The CLI as `npm run headless` runs it (tsx), in a plain Node process. */
function headless(...args: string[]) {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/headless.ts', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = run.stdout.trim().split('\n');
  return { ...run, lines, summary: () => JSON.parse(lines.at(-1)!) as HeadlessSummary };
}

const withoutMs = ({ ms: _ms, ...rest }: HeadlessSummary) => rest;

describe('npm run headless', () => {
  const games = gamesUnderTest(PLAYABLE_GAMES);

  it('every game of the registry has its headless adapter (games/<id>/headless.ts)', async () => {
    const reached: string[] = [];
    for (const game of games) {
      const adapter = await loadHeadlessGame(game.id);
      expect(typeof adapter.play, game.id).toBe('function');
      expect(Object.keys(adapter.params).length, game.id).toBeGreaterThan(0);
      reached.push(game.id);
    }
    expect(reached).toEqual(gamesToReach(PLAYABLE_GAMES.map((game) => game.id)));
    await expect(loadHeadlessGame('noSuchGame')).rejects.toThrow(MissingHeadlessGame);
  });

  it.each(games.map((game) => game.id))(
    `%s: ${ROUNDS} rounds, the simulation ends in the rules' outcome every time`,
    (id) => {
      const run = headless(id, '--rounds', String(ROUNDS), '--json');
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(run.lines).toHaveLength(1);
      const summary = run.summary();
      expect(summary).toMatchObject({ game: id, rounds: ROUNDS, mismatches: 0 });
      expect(Number.isFinite(summary.rtp)).toBe(true);
      expect(summary.wagered).toBeGreaterThan(0);
      expect(summary.returned).toBeGreaterThanOrEqual(0);
    },
  );

  it('plays the same rounds for the same seed, other rounds for another', () => {
    const id = games[0]!.id;
    const once = headless(id, '--rounds', '10', '--seed', '42');
    const again = headless(id, '--rounds', '10', '--seed', '42', '--json');
    const other = headless(id, '--rounds', '10', '--seed', '43');
    expect(once.lines).toHaveLength(11);
    expect(withoutMs(again.summary())).toEqual(withoutMs(once.summary()));
    expect(other.lines.slice(0, -1)).not.toEqual(once.lines.slice(0, -1));
  });

  it("runs the simulation with a params file's values (a heavier plinko ball falls sooner)", () => {
    const plinko = PLAYABLE_GAMES.find((game) => game.id === 'plinko');
    if (!gamesUnderTest(plinko ? [plinko] : []).length) return;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'headless-')), 'params.json');
    fs.writeFileSync(file, JSON.stringify({ gravity: 3.2 }));
    const steps = (lines: string[]) =>
      lines.slice(0, -1).map((line) => Number(/\| (\d+) steps \|/.exec(line)?.[1]));
    const defaults = headless('plinko', '--rounds', '10');
    const heavier = headless('plinko', '--rounds', '10', '--params', file);
    expect(heavier.summary().mismatches).toBe(0);
    const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
    expect(sum(steps(heavier.lines))).toBeLessThan(sum(steps(defaults.lines)));
    fs.writeFileSync(file, JSON.stringify({ gravity: 99 }));
    const refused = headless('plinko', '--params', file);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/gravity: is outside/);
  });

  it('refuses an unknown game with the usage', () => {
    const run = headless('noSuchGame');
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/unknown game 'noSuchGame'/);
    expect(run.stderr).toMatch(/usage: npm run headless -- <game>/);
  });
});
