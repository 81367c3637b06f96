import { describe, expect, it } from 'vitest';
import { isRuleIssue } from '../fairness/contract';
import { floats } from '../fairness/floats';
import { MULTIPLIER_SCALE } from '../fairness/money';
import {
  DIFFICULTIES,
  GEM_MINER,
  SHAFTS,
  gemMinerMultiplierE4,
  rocksPerLevel,
  rules,
  shaftRocks,
  type Difficulty,
  type GemMinerState,
} from './rules';

// The published seed pair (docs/fairness.md).
const VECTOR = {
  serverSeed: '18e93f4a7b5b58d2569765766d1b6c3296bbd8430d6f20249044d72f14720159',
  clientSeed: 'bb62964774',
  nonce: 1,
};

const vectorFloats = (difficulty: Difficulty) =>
  floats(VECTOR.serverSeed, VECTOR.clientSeed, VECTOR.nonce, rules.floatsNeeded({ difficulty }));

const played = (state: GemMinerState | ReturnType<typeof rules.step>): GemMinerState => {
  if (isRuleIssue(state)) throw new Error(`refused: ${state.key}`);
  return state;
};

describe('Gem Miner rocks', () => {
  it('decides the published vector (medium, issue #15)', () => {
    expect(rules.outcome({ difficulty: 'medium' }, vectorFloats('medium'))).toEqual({
      rocks: [[2], [2], [0], [2], [0], [0], [1], [0]],
    });
  });

  // The vector's floats: 0.7717 0.8891 0.3081 0.8048 0.0353 0.1955 0.4974 0.2421 0.5972 0.4142
  // 0.1727 0.2555 0.9599 0.4120 0.3875 0.4320 (easy: floor(f * 4); hard: floor(f * 2); expert:
  // floor(f * 3) from [0, 1, 2], then floor(f * 2) from the two left).
  it.each([
    ['easy', [[3], [3], [1], [3], [0], [0], [1], [0]]],
    ['medium', [[2], [2], [0], [2], [0], [0], [1], [0]]],
    ['hard', [[1], [1], [0], [1], [0], [0], [0], [0]]],
    [
      'expert',
      [
        [2, 1],
        [0, 2],
        [0, 1],
        [1, 0],
        [1, 0],
        [0, 1],
        [2, 0],
        [1, 0],
      ],
    ],
  ] as const)('draws %s from the vector', (difficulty, rocks) => {
    expect(rules.floatsNeeded({ difficulty })).toBe(8 * rocksPerLevel(difficulty));
    expect(shaftRocks(difficulty, vectorFloats(difficulty))).toEqual(rocks);
  });

  it('gives every level tiles - gems distinct rocks inside the level', () => {
    for (const difficulty of DIFFICULTIES) {
      const { tiles } = SHAFTS[difficulty];
      for (let nonce = 0; nonce < 50; nonce++) {
        const f = floats(VECTOR.serverSeed, 'spread', nonce, 16);
        for (const level of shaftRocks(difficulty, f)) {
          expect(level).toHaveLength(rocksPerLevel(difficulty));
          expect(new Set(level).size).toBe(level.length);
          for (const rock of level) expect(rock).toBeGreaterThanOrEqual(0);
          for (const rock of level) expect(rock).toBeLessThan(tiles);
        }
      }
    }
  });
});

describe('Gem Miner multipliers', () => {
  it('follows floor(100 * 0.99 * (tiles / gems)^k) / 100', () => {
    const table = Object.fromEntries(
      DIFFICULTIES.map((d) => [
        d,
        Array.from({ length: 8 }, (_, k) => gemMinerMultiplierE4(d, k + 1) / MULTIPLIER_SCALE),
      ]),
    );
    expect(table).toEqual({
      easy: [1.32, 1.76, 2.34, 3.12, 4.17, 5.56, 7.41, 9.88],
      medium: [1.48, 2.22, 3.34, 5.01, 7.51, 11.27, 16.91, 25.37],
      hard: [1.98, 3.96, 7.92, 15.84, 31.68, 63.36, 126.72, 253.44],
      expert: [2.97, 8.91, 26.73, 80.19, 240.57, 721.71, 2165.13, 6495.39],
    });
    expect(gemMinerMultiplierE4('hard', 0)).toBe(0);
  });
});

/**
 * Exact RTP of "dig `pattern` and cash out after `k` levels": every equally likely draw of the
 * first k levels (draw j of a level picks one of tiles - j indices, so the float (i + 0.5) /
 * (tiles - j) stands for index i), played through the rules themselves. A rock prunes the
 * branch (it pays 0 whatever the levels below hold). Returns the summed multiplier (e4) and how
 * many draws there are.
 */
function enumerate(difficulty: Difficulty, k: number, pattern: (level: number) => number) {
  const bet = { difficulty };
  const { tiles } = SHAFTS[difficulty];
  const r = rocksPerLevel(difficulty);
  const levelDraws: number[][] = [[]];
  for (let j = 0; j < r; j++) {
    const next: number[][] = [];
    for (const draw of levelDraws) {
      for (let i = 0; i < tiles - j; i++) next.push([...draw, (i + 0.5) / (tiles - j)]);
    }
    levelDraws.splice(0, levelDraws.length, ...next);
  }
  let sumE4 = 0n;
  const visit = (chosen: number[], depth: number) => {
    for (const draw of levelDraws) {
      const f = [...chosen, ...draw];
      const padded = [...f, ...Array<number>(rules.floatsNeeded(bet) - f.length).fill(0)];
      let state = rules.start(bet, padded);
      for (let level = 0; level <= depth; level++)
        state = played(rules.step(state, pattern(level), bet));
      if (state.status === 'lost') continue;
      if (depth + 1 < k) {
        visit(f, depth + 1);
        continue;
      }
      if (state.status === 'playing') state = played(rules.cashOut(state, bet));
      expect(rules.isOver(state)).toBe(true);
      sumE4 += BigInt(rules.multiplierE4(state, bet));
    }
  };
  visit([], 0);
  return { sumE4, draws: BigInt(levelDraws.length) ** BigInt(k) };
}

describe('Gem Miner RTP (exact, enumerated)', () => {
  const patterns: Record<string, (level: number) => number> = {
    'always tile 0': () => 0,
    'a zig-zag': (level) => level % 2,
  };
  for (const difficulty of DIFFICULTIES) {
    it(`${difficulty}: every cash-out level returns M(k) * (gems / tiles)^k, at most 99%`, () => {
      const { tiles, gems } = SHAFTS[difficulty];
      for (const [name, pattern] of Object.entries(patterns)) {
        for (let k = 1; k <= GEM_MINER.levels; k++) {
          const { sumE4, draws } = enumerate(difficulty, k, pattern);
          const m = BigInt(gemMinerMultiplierE4(difficulty, k));
          const label = `${difficulty}, ${name}, cash out after ${k}`;
          // sum / draws / 10^4 == m / 10^4 * (gems / tiles)^k
          expect(sumE4 * BigInt(tiles) ** BigInt(k), label).toBe(
            m * BigInt(gems) ** BigInt(k) * draws,
          );
          // RTP = sum / (draws * 10^4) <= 99 / 100
          expect(sumE4 * 100n <= 99n * draws * BigInt(MULTIPLIER_SCALE), label).toBe(true);
          const rtp = Number(sumE4) / Number(draws) / MULTIPLIER_SCALE;
          expect(rtp, label).toBeGreaterThan(0.985);
        }
      }
    });
  }
});

describe('Gem Miner play', () => {
  const bet = { difficulty: 'medium' as const };
  // Rocks [[2], [2], [0], [2], [0], [0], [1], [0]].
  const start = () => rules.start(bet, vectorFloats('medium'));

  it('hides the rocks until the end; a gem moves down, cash out needs a level', () => {
    const state = start();
    expect(rules.result(state, bet)).toEqual({
      difficulty: 'medium',
      level: 0,
      dug: [],
      status: 'playing',
      next_multiplier: 1.48,
    });
    expect(rules.cashOut(state, bet)).toMatchObject({
      field: 'game',
      key: 'games.gemMiner.no_level',
    });
    expect(rules.move.at?.of(state)).toBe(0);
    const one = played(rules.step(state, 0, bet));
    const two = played(rules.step(one, 1, bet));
    expect(rules.result(two, bet)).toEqual({
      difficulty: 'medium',
      level: 2,
      dug: [0, 1],
      status: 'playing',
      next_multiplier: 3.34,
    });
    expect(rules.multiplierE4(two, bet)).toBe(22_200);
    expect(rules.move.at?.of(two)).toBe(2);
    const cashed = played(rules.cashOut(two, bet));
    expect(rules.isOver(cashed)).toBe(true);
    expect(rules.multiplierE4(cashed, bet)).toBe(22_200);
    expect(rules.result(cashed, bet)).toMatchObject({
      status: 'cashed_out',
      level: 2,
      next_multiplier: null,
      rocks: [[2], [2], [0], [2], [0], [0], [1], [0]],
    });
    expect(rules.cashedOut(rules.result(cashed, bet))).toBe(true);
  });

  it('loses on a rock (multiplier 0) and shows the whole shaft', () => {
    const lost = played(rules.step(played(rules.step(start(), 0, bet)), 2, bet));
    expect(rules.status(lost)).toBe('lost');
    expect(rules.multiplierE4(lost, bet)).toBe(0);
    expect(rules.result(lost, bet)).toMatchObject({ level: 1, dug: [0, 2], status: 'lost' });
    expect(rules.result(lost, bet).rocks).toHaveLength(8);
    expect(rules.running(rules.result(lost, bet))).toBe(false);
  });

  it('cashes out by itself after the 8th level', () => {
    let state = start();
    for (const tile of [0, 0, 1, 0, 1, 1, 0, 1]) state = played(rules.step(state, tile, bet));
    expect(rules.status(state)).toBe('cleared');
    expect(rules.multiplierE4(state, bet)).toBe(253_700);
    expect(rules.result(state, bet)).toMatchObject({ level: 8, next_multiplier: null });
    expect(rules.cashedOut(rules.result(state, bet))).toBe(false);
    expect(rules.movesOf(rules.result(state, bet))).toEqual([0, 0, 1, 0, 1, 1, 0, 1]);
  });

  it('refuses a tile the level does not have', () => {
    expect(rules.step(start(), 3, bet)).toEqual({
      field: 'tile',
      key: 'validation.between',
      params: { min: 0, max: 2 },
    });
    expect(
      isRuleIssue(
        rules.step(rules.start({ difficulty: 'easy' }, vectorFloats('easy')), 3, {
          difficulty: 'easy',
        }),
      ),
    ).toBe(false);
  });

  it('parses the difficulty as a choice', () => {
    expect(rules.parse({ difficulty: 'expert' })).toEqual({
      ok: true,
      value: { difficulty: 'expert' },
    });
    expect(rules.parse({ difficulty: 'insane' }).ok).toBe(false);
    expect(rules.parse({}).ok).toBe(false);
  });
});
