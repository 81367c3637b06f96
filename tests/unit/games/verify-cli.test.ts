import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
    ];
    for (const [args, expected] of cases) {
      const { code, stdout, stderr } = verify(...args, ...SEEDS);
      expect(code, stderr).toBe(0);
      expect(stdout.endsWith('\n')).toBe(true);
      expect(stdout.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(stdout)).toEqual(expected);
    }
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
