import { describe, expect, it } from 'vitest';
import { defaultValues } from '../../engine/index';
import { boardOfResult } from './board';
import { gemMinerParams } from './params';
import { GemMinerSimulation } from './simulation';

const ROCKS = [[2], [2], [0], [2], [0], [0], [1], [0]];
const run = (sim: GemMinerSimulation, seconds: number) => {
  for (let t = 0; t < seconds * 60; t++) sim.update(1 / 60);
};

describe('Gem Miner simulation', () => {
  it('swings until the answer, then reveals the dug tile with dust and sparks; the end reveals the shaft', () => {
    const sim = new GemMinerSimulation(undefined, defaultValues(gemMinerParams));
    sim.setBoard(boardOfResult({ difficulty: 'medium', dug: [], status: 'playing' }));
    expect(sim.columns).toBe(3);
    sim.digStarted(1, 0);
    run(sim, 1);
    expect(sim.miner.digging).toBe(true);
    expect(sim.miner.x).toBeCloseTo(1.5);
    sim.setBoard(boardOfResult({ difficulty: 'medium', dug: [1], status: 'playing' }));
    expect(sim.tiles[0]![1]!.face).toBe('gem');
    expect(sim.settled).toBe(false);
    run(sim, 0.5);
    expect(sim.particles.length).toBeGreaterThan(0);
    run(sim, 3);
    expect(sim.settled).toBe(true);
    expect(sim.miner.y).toBe(1); // down in the hole it dug

    sim.digStarted(2, 1);
    sim.setBoard(
      boardOfResult({ difficulty: 'medium', dug: [1, 2], status: 'lost', rocks: ROCKS }),
    );
    run(sim, 4);
    expect(sim.settled).toBe(true);
    const faces = sim.tiles.map((row) => row.map((t) => t.face));
    expect(faces[1]).toEqual(['gem-unpicked', 'gem-unpicked', 'rock']);
    expect(faces.flat()).not.toContain('hidden');

    // A new game starts from a whole shaft at once.
    sim.setBoard(boardOfResult({ difficulty: 'easy', dug: [], status: 'playing' }));
    expect(sim.columns).toBe(4);
    expect(sim.tiles.flat().every((t) => t.face === 'hidden' && t.reveal === 1)).toBe(true);
  });
});
