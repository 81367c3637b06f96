import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { floats } from '../../../games/fairness/floats';
import { ASTEROIDS, GEM_KINDS, playAsteroids } from '../../../games/asteroids/rules';
import { GEM_MINER_VECTOR } from '../../support/gemMinerVector';

const root = path.resolve(import.meta.dirname, '../../..');
const SEEDS = [
  '--server-seed',
  '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  '--client-seed',
  'bb62964774',
  '--nonce',
  '1',
];

function verify(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts/verify.ts'), ...args],
    { cwd: root, encoding: 'utf8' },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Every case spawns Node with tsx (about half a second each on this machine).
describe('npm run verify', { timeout: 60_000 }, () => {
  it('prints one JSON line per game for the published vector', () => {
    const cases: [string[], unknown][] = [
      [['dice'], { roll: 77.18 }],
      [['roulette'], { pocket: 28 }],
      [['mines', '--mines', '3'], { mines: [19, 22, 7] }],
      [['plinko', '--rows', '16', '--risk', 'low'], { path: 'RRLRLLLLRLLLRLLL', bucket: 5 }],
      [['plinko', '--rows', '12', '--risk', 'high'], { path: 'RRLRLLLLRLLL', bucket: 4 }],
      // Mini slot: floor(f * 32) of 0.7717, 0.8891, 0.3081 on the strip; one cherry pays 1x.
      [['minislot'], { stops: [24, 28, 9], line: ['LEMON', 'BLANK', 'CHERRY'], multiplier: 1 }],
      // Miner Frenzy's crash point is limbo's: 1.28.
      [['minerFrenzy'], { crash: 1.28 }],
    ];
    for (const [args, expected] of cases) {
      const { code, stdout, stderr } = verify(...args, ...SEEDS);
      expect(code, stderr).toBe(0);
      expect(stdout.endsWith('\n')).toBe(true);
      expect(stdout.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(stdout)).toEqual(expected);
    }
  });

  // The vector's floats: 0.7717 0.8891 0.3081 0.8048 0.0353 0.1955 0.4974 0.2421 0.5972 0.4142
  // 0.1727 0.2555 0.9599 0.4120 0.3875 0.4320; one rock a level takes one float (easy: floor(f * 4),
  // medium: floor(f * 3), hard: floor(f * 2)); expert's two take floor(f * 3) of [0, 1, 2], then
  // floor(f * 2) of the two left.
  it('prints the rocks of every Gem Miner difficulty for the published vector', () => {
    const cases = GEM_MINER_VECTOR;
    for (const [difficulty, rocks] of cases) {
      const { code, stdout, stderr } = verify('gemMiner', '--difficulty', difficulty, ...SEEDS);
      expect(code, stderr).toBe(0);
      expect(stdout.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(stdout), difficulty).toEqual({ rocks });
    }
  });

  it('prints the asteroids round of the published vector: no win (tier 0), nine gems', () => {
    const { code, stdout, stderr } = verify('asteroids', ...SEEDS);
    expect(code, stderr).toBe(0);
    const outcome = JSON.parse(stdout) as { tier: number; gems: number[] };
    expect(Object.keys(outcome).sort()).toEqual(['gems', 'tier']);
    // floor(0.7717... * 1,000,000) lies past every winning ticket (494,211 of a million).
    expect(outcome.tier).toBe(0);
    expect(outcome.gems).toHaveLength(9);
    for (const kind of outcome.gems) expect(GEM_KINDS).toContain(kind);
    // A losing round shows no kind three times.
    for (const kind of new Set(outcome.gems)) {
      expect(outcome.gems.filter((k) => k === kind).length, String(kind)).toBeLessThanOrEqual(2);
    }
    // The placement is the one the rules make of the same floats.
    const f = floats(SEEDS[1]!, SEEDS[3]!, 1, ASTEROIDS.floatsNeeded);
    expect(outcome.gems).toEqual(playAsteroids(f).gems);
  });

  it('refuses bad arguments on stderr with exit code 2', () => {
    const bad: [string[], RegExp][] = [
      [[], /name the game/],
      [['crash', ...SEEDS], /unknown game 'crash'/],
      [['dice', '--client-seed', 'c', '--nonce', '1'], /--server-seed is required/],
      [['dice', '--server-seed', 's', '--client-seed', 'c', '--nonce', '-1'], /--nonce/],
      [['dice', '--server-seed', 's', '--client-seed', 'c', '--nonce', 'x'], /--nonce/],
      [['mines', ...SEEDS], /--mines is required/],
      [['mines', '--mines', '25', ...SEEDS], /--mines must be an integer from 1 to 24/],
      [['plinko', '--rows', '7', '--risk', 'low', ...SEEDS], /--rows/],
      [['plinko', '--rows', '8', '--risk', 'wild', ...SEEDS], /--risk must be one of/],
      [['gemMiner', ...SEEDS], /--difficulty must be one of easy, medium, hard, expert/],
      [['gemMiner', '--difficulty', 'insane', ...SEEDS], /--difficulty must be one of/],
      [['minislot', '--difficulty', 'easy', ...SEEDS], /Unknown option/],
      [['dice', '--colour', 'red', ...SEEDS], /Unknown option/],
    ];
    for (const [args, message] of bad) {
      const { code, stdout, stderr } = verify(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toMatch(message);
    }
  });
});
