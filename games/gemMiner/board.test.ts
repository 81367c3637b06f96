import { describe, expect, it } from 'vitest';
import {
  boardOfResult,
  currentLevel,
  patternTile,
  patternTiles,
  randomTile,
  tileFaces,
} from './board';

const ROCKS = [[2], [2], [0], [2], [0], [0], [1], [0]];

describe('Gem Miner board', () => {
  it('shows dug tiles while playing and nothing else', () => {
    const board = boardOfResult({ difficulty: 'medium', dug: [0, 1], status: 'playing' });
    expect(currentLevel(board)).toBe(2);
    const faces = tileFaces(board);
    expect(faces[0]).toEqual(['gem', 'hidden', 'hidden']);
    expect(faces[1]).toEqual(['hidden', 'gem', 'hidden']);
    expect(
      faces
        .slice(2)
        .flat()
        .every((f) => f === 'hidden'),
    ).toBe(true);
  });

  it('reveals the whole shaft at the end, the rock that ended it among the dug', () => {
    const board = boardOfResult({
      difficulty: 'medium',
      dug: [0, 2],
      status: 'lost',
      rocks: ROCKS,
    });
    expect(currentLevel(board)).toBe(-1);
    const faces = tileFaces(board);
    expect(faces[0]).toEqual(['gem', 'gem-unpicked', 'rock-unpicked']);
    expect(faces[1]).toEqual(['gem-unpicked', 'gem-unpicked', 'rock']);
    expect(faces[7]).toEqual(['rock-unpicked', 'gem-unpicked', 'gem-unpicked']);
    expect(faces.flat().includes('hidden')).toBe(false);
  });

  it('digs auto-play patterns, a random tile inside the level', () => {
    expect(patternTiles('zigzag', 'easy')).toEqual([0, 3, 0, 3, 0, 3, 0, 3]);
    expect(patternTiles('right', 'hard')).toEqual(Array(8).fill(1));
    expect(patternTile([3, -1], 0, 'easy', 0.5)).toBe(3);
    expect(patternTile([3, -1], 0, 'medium', 0.99)).toBe(2); // tile 3 is not on a medium level
    expect(patternTile([3, -1], 1, 'expert', 0.4)).toBe(1);
    for (const r of [0, 0.3, 0.999999]) expect(randomTile('hard', r)).toBeLessThan(2);
  });
});
