import { describe, expect, it } from 'vitest';
import { defaultValues } from '../../../engine/index';
import { clampTarget, diceQuote, flipCondition } from '../../../games/dice/diceForm';
import { diceParams } from '../../../games/dice/params';
import { DiceSimulation } from '../../../games/dice/simulation';
import { boardOfResult, moveCursor, randomHiddenTile, tileFaces } from '../../../games/mines/board';
import { minesParams } from '../../../games/mines/params';
import { MinesSimulation } from '../../../games/mines/simulation';
import { rouletteParams } from '../../../games/roulette/params';
import { RouletteSimulation } from '../../../games/roulette/simulation';
import { WHEEL_ORDER, pocketAngle, pocketAt } from '../../../games/roulette/wheel';
import { seededRandom } from '../../../engine/index';

const STEP = 1 / 60;

describe('dice panel numbers', () => {
  it('quotes multiplier, chance and payout as the server pays them', () => {
    expect(diceQuote(4950, 'under', 100)).toEqual({
      winChance: 49.5,
      multiplier: 2,
      payoutCents: 200,
    });
    expect(diceQuote(7500, 'under', 250).multiplier).toBe(1.32);
    expect(diceQuote(9800, 'under', 100).multiplier).toBe(1.0102); // 99/98 rounded down
    expect(diceQuote(1, 'under', 100).multiplier).toBe(9900);
    expect(diceQuote(3000, 'over', 100).winChance).toBe(70);
  });

  it('keeps targets inside the 0.01..98 chance and flips keeping the chance', () => {
    expect(clampTarget(0, 'under')).toBe(1);
    expect(clampTarget(9900, 'under')).toBe(9800);
    expect(clampTarget(100, 'over')).toBe(200);
    expect(clampTarget(10_000, 'over')).toBe(9999);
    expect(flipCondition(3000, 'under')).toEqual({ targetHundredths: 7000, condition: 'over' });
    expect(flipCondition(200, 'over')).toEqual({ targetHundredths: 9800, condition: 'under' });
  });

  it('the rolling marker ends exactly on the server roll, whatever the tuning', () => {
    const random = seededRandom(6);
    for (let i = 0; i < 50; i++) {
      const values = {
        ...defaultValues(diceParams),
        rollSeconds: 0.1 + random() * 2.9,
        overshoot: random() * 3,
      };
      const sim = new DiceSimulation({}, values);
      const roll = Math.floor(random() * 10_001) / 100;
      let done = false;
      sim.startRoll(roll, true, () => (done = true));
      for (let s = 0; s < 60 * 4 && !done; s++) {
        sim.update(STEP);
        expect(sim.value).toBeGreaterThanOrEqual(0);
        expect(sim.value).toBeLessThanOrEqual(100);
      }
      expect(done).toBe(true);
      expect(sim.value).toBe(roll);
      expect(sim.settled).toEqual({ roll, win: true });
    }
  });
});

describe('mines board', () => {
  it('shows revealed tiles, and the whole board once the game is over', () => {
    const active = boardOfResult({ status: 'active', revealed: [3, 4], mines_count: 2 });
    expect(active).toEqual({ status: 'active', revealed: [3, 4], mines: null });
    const faces = tileFaces(active);
    expect(faces.filter((f) => f === 'gem')).toHaveLength(2);
    expect(faces.filter((f) => f === 'hidden')).toHaveLength(23);

    const lost = boardOfResult({ status: 'lost', revealed: [3, 9], mines: [9, 20] });
    const end = tileFaces(lost);
    expect(end[3]).toBe('gem');
    expect(end[9]).toBe('mine');
    expect(end[20]).toBe('mine-unpicked');
    expect(end.filter((f) => f === 'gem-unpicked')).toHaveLength(22);
    expect(end).not.toContain('hidden');
  });

  it('moves the keyboard cursor inside the grid and picks only hidden random tiles', () => {
    expect(moveCursor(12, -1, -1)).toBe(6);
    expect(moveCursor(0, -1, 0)).toBe(0);
    expect(moveCursor(24, 1, 1)).toBe(24);
    expect(moveCursor(4, 1, 0)).toBe(4);
    const board = { status: 'active' as const, revealed: [0, 1, 2], mines: null };
    const random = seededRandom(3);
    for (let i = 0; i < 200; i++) {
      const tile = randomHiddenTile(board, random())!;
      expect(tile).toBeGreaterThanOrEqual(3);
      expect(tile).toBeLessThan(25);
    }
    const full = { ...board, revealed: Array.from({ length: 25 }, (_, i) => i) };
    expect(randomHiddenTile(full, 0.5)).toBeNull();
  });

  it('flips changed tiles and staggers the end-of-game reveal', () => {
    const sim = new MinesSimulation({}, defaultValues(minesParams));
    sim.setBoard({ status: 'active', revealed: [5], mines: null });
    expect(sim.tiles[5]!.flip).toBe(0);
    expect(sim.settled).toBe(false);
    for (let i = 0; i < 60; i++) sim.update(STEP);
    expect(sim.settled).toBe(true);
    sim.setBoard({ status: 'lost', revealed: [5, 6], mines: [6] });
    expect(sim.tiles.filter((t) => t.delay > 0).length).toBeGreaterThan(20);
    for (let i = 0; i < 600 && !sim.settled; i++) sim.update(STEP);
    expect(sim.settled).toBe(true);
    expect(sim.tiles.map((t) => t.face)).not.toContain('hidden');
  });
});

describe('roulette wheel', () => {
  it('has the European order and maps angles back to pockets', () => {
    expect(WHEEL_ORDER).toHaveLength(37);
    expect([...WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, i) => i));
    for (const pocket of WHEEL_ORDER) {
      expect(pocketAt(pocketAngle(pocket))).toBe(pocket);
      expect(pocketAt(pocketAngle(pocket) - 6 * Math.PI + 0.05)).toBe(pocket);
    }
  });

  it('the ball settles on the server pocket for every pocket and any tuning', () => {
    const random = seededRandom(37);
    for (const pocket of WHEEL_ORDER) {
      const values = {
        ...defaultValues(rouletteParams),
        spinSeconds: 0.5 + random() * 3,
        wheelTurns: Math.round(random() * 24) / 4,
        ballTurns: 1 + Math.round(random() * 18) / 2,
      };
      const sim = new RouletteSimulation({}, values);
      // Start from wherever the previous spin left the wheel.
      sim.wheelAngle = random() * 10;
      sim.ballRelative = random() * 10;
      let landed: number | null = null;
      sim.spin(pocket, (p) => (landed = p));
      expect(sim.settledPocket).toBeNull();
      for (let s = 0; s < 60 * 5 && landed === null; s++) sim.update(STEP);
      expect(landed).toBe(pocket);
      expect(sim.settledPocket).toBe(pocket);
      expect(sim.spinning).toBe(false);
    }
  });
});
