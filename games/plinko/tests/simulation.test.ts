import { describe, expect, it } from 'vitest';
import { defaultValues, runHeadless } from '../../../engine';
import { boardGeometry, bucketUnder, pathPegX } from '../board';
import { gapUnder, nextDirection } from '../guidance';
import { plinkoParams } from '../params';
import { headlessScene } from '../headless';
import { PlinkoSimulation, type PlinkoLanding } from '../simulation';

describe('plinko board geometry', () => {
  it('puts row i with i + 3 pegs, and the path peg after k rights at (k - i/2) spacings', () => {
    const board = boardGeometry(8, 36, 5);
    expect(board.pegs).toHaveLength(3 + 4 + 5 + 6 + 7 + 8 + 9 + 10);
    expect(board.bucketX).toHaveLength(9);
    expect(pathPegX('RRLRLLLL', 3, 36)).toBe((2 - 1.5) * 36);
    expect(bucketUnder(board.bucketX[6]!, 8, 36)).toBe(6);
    expect(bucketUnder(board.bucketX[6]! + 17, 8, 36)).toBe(6);
    expect(bucketUnder(board.bucketX[6]! + 19, 8, 36)).toBe(7);
  });

  it('reads the gap a ball crosses a row in, and plans directions that keep the bucket reachable', () => {
    const board = boardGeometry(8, 36, 5);
    expect(gapUnder(board, 2, -1)).toBe(1);
    expect(gapUnder(board, 2, 1)).toBe(2);
    expect(gapUnder(board, 2, -500)).toBe(0);
    // On the path: the server's direction.
    expect(nextDirection('LRLRLRLR', 4, 3, 1)).toBe(1);
    expect(nextDirection('LRLRLRLR', 4, 4, 2)).toBe(-1);
    // Off the path (one right too many): back towards it; no rights left to take: left only.
    expect(nextDirection('LRLRLRLR', 4, 4, 3)).toBe(-1);
    expect(nextDirection('RRRRLLLL', 4, 5, 4)).toBe(-1);
    expect(nextDirection('LLLLRRRR', 4, 5, 1)).toBe(1);
  });
});

describe('plinko simulation', () => {
  it('refuses a path that does not end in the given bucket, or has the wrong length', () => {
    const sim = new PlinkoSimulation({ rows: 8 }, defaultValues(plinkoParams));
    expect(() => sim.drop({ path: 'RRLRLLLL', bucket: 4 })).toThrow(RangeError);
    expect(() => sim.drop({ path: 'RRLRLLL' })).toThrow(RangeError);
    expect(() => sim.drop({ path: 'RRLRLLLX' })).toThrow(RangeError);
    expect(sim.inFlight).toBe(0);
    sim.dispose();
  });

  it('locks rows and risk while balls fly, reports the server bucket on landing, then unlocks', () => {
    const landings: PlinkoLanding[] = [];
    let setDuringFlight: boolean | null = null;
    const run = runHeadless(headlessScene, {
      data: { rows: 16, risk: 'high', seed: 3 },
      seconds: 30,
      onStep: (sim, step) => {
        if (step === 1) {
          sim.onLanding((landing) => landings.push(landing));
          sim.drop({ path: 'RRLRLLLLRLLLRLLL', bucket: 5, tag: 'vector' });
          sim.drop({ path: 'LLLLLLLLLLLLLLLL', tag: 'edge' });
        }
        if (step === 2) setDuringFlight = sim.setBoard(8, 'low');
        return step > 2 && sim.inFlight === 0;
      },
    });
    expect(setDuringFlight).toBe(false);
    expect(run.sim.rows).toBe(16);
    expect(landings.map((l) => [l.tag, l.bucket, l.forced])).toEqual(
      expect.arrayContaining([
        ['vector', 5, false],
        ['edge', 0, false],
      ]),
    );
    expect(run.sim.offTarget).toBe(0);
    expect(run.sim.history.slice(0, 2).sort()).toEqual([0, 5]);
    expect(run.sim.setBoard(8, 'low')).toBe(true);
    expect([run.sim.rows, run.sim.risk, run.sim.board.rows]).toEqual([8, 'low', 8]);
    run.sim.dispose();
  });

  it('lands an instant drop in its bucket at the next step, unflown, beside a ball in flight', () => {
    const sim = new PlinkoSimulation({ rows: 8, seed: 5 }, defaultValues(plinkoParams));
    const landings: PlinkoLanding[] = [];
    sim.onLanding((landing) => landings.push(landing));
    sim.drop({ path: 'LLLLLLLL', tag: 'flown' });
    const id = sim.drop({ path: 'RRRLRRLR', bucket: 6, tag: 'instant', instant: true });
    expect(sim.inFlight).toBe(2);
    // Rows and risk stay locked until it has landed.
    expect(sim.setBoard(16, 'low')).toBe(false);
    sim.update(1 / 60);
    expect(landings).toEqual([
      { id, bucket: 6, tag: 'instant', x: sim.board.bucketX[6], steps: 0, forced: false },
    ]);
    expect(sim.history).toEqual([6]);
    expect(sim.balls.map((ball) => ball.tag)).toEqual(['flown']);
    expect(sim.inFlight).toBe(1);
    expect(sim.offTarget).toBe(0);
    // A path that does not end in its bucket is refused as for a flown ball.
    expect(() => sim.drop({ path: 'RRRLRRLR', bucket: 2, instant: true })).toThrow(RangeError);
    sim.dispose();
  });
});
