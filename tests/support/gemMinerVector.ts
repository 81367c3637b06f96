// Gem Miner's rocks for the vector, one row per level (games/gemMiner/README.md, issue #15).
export const GEM_MINER_VECTOR: [string, number[][]][] = [
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
];
