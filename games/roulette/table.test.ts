import { describe, expect, it } from 'vitest';
import { layoutSpace, type Rect } from '../../engine/index';
import { GESTURE, TableGesture } from './gesture';
import { ROULETTE_LAYOUT, rouletteLayout } from './layout';
import { RED_NUMBERS, ROULETTE_BET_TYPES, coveredPockets } from './rules';
import {
  addChip,
  changeTable,
  chipLabel,
  chipsOn,
  tableIssue,
  toWire,
  totalCents,
  type TableState,
} from './selection';
import {
  layoutTable,
  numberColour,
  spotKey,
  zoneAt,
  zoneToward,
  type Direction,
  type TableLayout,
  type TableOrientation,
  type TableSpot,
} from './table';

const ORIENTATIONS: TableOrientation[] = ['vertical', 'horizontal'];
const table = (orientation: TableOrientation, w = 84, h = 30) =>
  layoutTable(orientation, 10, 20, w, h, Math.max(4, Math.min(10, 0.2 * Math.min(w, h))));
const centre = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });
const at = (layout: TableLayout, key: string) => {
  const zone = layout.zones.find((z) => z.key === key);
  if (!zone) throw new Error(`no spot ${key}`);
  return zone;
};
const keyAt = (layout: TableLayout, x: number, y: number) => zoneAt(layout, x, y)?.key ?? null;
const inside = (outer: Rect, inner: Rect) =>
  inner.x >= outer.x - 1e-6 &&
  inner.y >= outer.y - 1e-6 &&
  inner.x + inner.width <= outer.x + outer.width + 1e-6 &&
  inner.y + inner.height <= outer.y + outer.height + 1e-6;

describe('the betting table (games/roulette/table.ts)', () => {
  it('has every bet of the rules once, each a selection the rules accept', () => {
    for (const orientation of ORIENTATIONS) {
      const layout = table(orientation);
      const keys = layout.zones.map((z) => z.key);
      expect(new Set(keys).size, orientation).toBe(keys.length);
      const count = (type: string) => layout.zones.filter((z) => z.spot.type === type).length;
      // 0-36; 24 side by side + 33 one above the other + 0 with 1, 2, 3; 12 rows; 22 squares;
      // 11 pairs of rows; 3 dozens, 3 columns and the six even chances.
      expect(ROULETTE_BET_TYPES.map(count), orientation).toEqual([
        37, 60, 12, 22, 11, 3, 3, 1, 1, 1, 1, 1, 1,
      ]);
      for (const zone of layout.zones) {
        expect(coveredPockets(zone.spot.type, zone.spot.selection), zone.key).not.toBeNull();
        expect(spotKey(zone.spot)).toBe(zone.key);
        // The spot's zone is on the table (a line's reaches a little past its edge at most).
        expect(
          inside(layout.bounds, zone.rect) ||
            zone.spot.type === 'street' ||
            zone.spot.type === 'six_line',
          zone.key,
        ).toBe(true);
      }
    }
  });

  it("answers each spot at its chip's place, whatever the table's size", () => {
    for (const orientation of ORIENTATIONS) {
      for (const [w, h] of [
        [84, 30],
        [40, 52],
        [72, 58],
        [30, 18],
      ] as const) {
        const layout = table(orientation, w, h);
        for (const zone of layout.zones) {
          expect(keyAt(layout, zone.anchor.x, zone.anchor.y), `${orientation} ${w}x${h}`).toBe(
            zone.key,
          );
        }
        const b = layout.bounds;
        expect(zoneAt(layout, b.x - 20, b.y - 20)).toBeNull();
        expect(zoneAt(layout, b.x + b.width + 20, b.y + b.height / 2)).toBeNull();
      }
    }
  });

  it('lies as a real table: upright 0 on top and 1 2 3 under it; on its side 0 at the left and 3 on top', () => {
    const upright = table('vertical');
    const n = (layout: TableLayout, number: number) => at(layout, `straight:${number}`).rect;
    expect(n(upright, 0).y).toBeLessThan(n(upright, 1).y);
    expect(n(upright, 1).x).toBeLessThan(n(upright, 2).x);
    expect(n(upright, 2).x).toBeLessThan(n(upright, 3).x);
    expect(n(upright, 1).y).toBe(n(upright, 3).y);
    expect(n(upright, 4).y).toBeGreaterThan(n(upright, 1).y);
    expect(n(upright, 34).x).toBe(n(upright, 1).x);
    // Column bets under their column, dozens and even chances on the outer (left) side.
    expect(at(upright, 'column:1').rect.x).toBe(n(upright, 34).x);
    expect(at(upright, 'column:1').rect.y).toBeGreaterThan(n(upright, 34).y);
    expect(at(upright, 'dozen:1').rect.x + at(upright, 'dozen:1').rect.width).toBeCloseTo(
      n(upright, 1).x,
    );
    expect(at(upright, 'red').rect.x).toBeLessThan(at(upright, 'dozen:1').rect.x);

    const side = table('horizontal');
    expect(n(side, 0).x).toBeLessThan(n(side, 1).x);
    expect(n(side, 3).y).toBeLessThan(n(side, 2).y);
    expect(n(side, 2).y).toBeLessThan(n(side, 1).y);
    expect(n(side, 36).x).toBeGreaterThan(n(side, 33).x);
    expect(n(side, 36).y).toBe(n(side, 3).y);
    expect(at(side, 'column:3').rect.x).toBeGreaterThan(n(side, 36).x);
    expect(at(side, 'column:3').rect.y).toBe(n(side, 36).y);
    expect(at(side, 'dozen:2').rect.y).toBeGreaterThan(n(side, 1).y);
    expect(at(side, 'even').rect.y).toBeGreaterThan(at(side, 'dozen:2').rect.y);
  });

  it('colours the numbers as the wheel: 18 red, 18 black, the zero green', () => {
    const colours = Array.from({ length: 37 }, (_, i) => numberColour(i));
    expect(colours.filter((c) => c === 'red')).toHaveLength(18);
    expect(colours[0]).toBe('green');
    for (const n of RED_NUMBERS) expect(numberColour(n)).toBe('red');
    const cells = table('vertical').cells.filter((c) => c.spot.type === 'straight');
    for (const cell of cells) expect(cell.fill).toBe(numberColour(cell.spot.selection[0]!));
  });

  it('places inside bets on the lines: a middle is a straight, a line a split, a crossing a corner', () => {
    for (const orientation of ORIENTATIONS) {
      const layout = table(orientation);
      const one = at(layout, 'straight:1').rect;
      const two = at(layout, 'straight:2').rect;
      const four = at(layout, 'straight:4').rect;
      const five = at(layout, 'straight:5').rect;
      expect(keyAt(layout, centre(one).x, centre(one).y)).toBe('straight:1');
      // Between 1 and 2, 1 and 4, and where 1, 2, 4 and 5 meet.
      const mid = (a: Rect, b: Rect) => ({
        x: (centre(a).x + centre(b).x) / 2,
        y: (centre(a).y + centre(b).y) / 2,
      });
      expect(keyAt(layout, mid(one, two).x, mid(one, two).y)).toBe('split:1-2');
      expect(keyAt(layout, mid(one, four).x, mid(one, four).y)).toBe('split:1-4');
      expect(keyAt(layout, mid(one, five).x, mid(one, five).y)).toBe('corner:1-2-4-5');
      // A little inside the cell, off the line: still the number.
      const inward = orientation === 'vertical' ? { x: 0, y: 0.2 } : { x: 0.2, y: 0 };
      expect(
        keyAt(layout, centre(one).x + inward.x * one.width, centre(one).y + inward.y * one.height),
      ).toBe('straight:1');
    }
  });

  it('the arrows reach every spot from the cursor, moving along the lines', () => {
    for (const orientation of ORIENTATIONS) {
      const layout = table(orientation);
      const start = at(layout, 'straight:1');
      const right = orientation === 'vertical' ? 'right' : 'up';
      expect(zoneToward(layout, start, right).key).toBe('split:1-2');
      expect(zoneToward(layout, zoneToward(layout, start, right), right).key).toBe('straight:2');
      const seen = new Set([start.key]);
      const queue = [start];
      while (queue.length) {
        const zone = queue.shift()!;
        for (const direction of ['left', 'right', 'up', 'down'] as Direction[]) {
          const next = zoneToward(layout, zone, direction);
          if (!seen.has(next.key)) {
            seen.add(next.key);
            queue.push(next);
          }
        }
      }
      expect(seen.size, orientation).toBe(layout.zones.length);
    }
  });
});

describe('a finger on the table (games/roulette/gesture.ts)', () => {
  it('tells a tap, a drag of a stack and a long press apart', () => {
    const g = new TableGesture();
    expect(g.down(1, { x: 10, y: 10 }, 0, false)).toBe(true);
    expect(g.down(2, { x: 50, y: 50 }, 5, false)).toBe(false); // one finger at a time
    expect(g.move(1, { x: 14, y: 13 })).toBeNull(); // within the slop
    expect(g.up(1, { x: 14, y: 13 })).toEqual({ kind: 'tap', x: 10, y: 10 });

    g.down(1, { x: 10, y: 10 }, 0, true);
    expect(g.move(1, { x: 40, y: 10 })).toEqual({ kind: 'dragstart', x: 10, y: 10 });
    expect(g.move(1, { x: 80, y: 30 })).toEqual({ kind: 'drag', x: 80, y: 30 });
    expect(g.poll(GESTURE.longPressMs * 2)).toBeNull(); // a drag never becomes a long press
    expect(g.up(1, { x: 90, y: 30 })).toEqual({ kind: 'drop', x: 90, y: 30 });

    // Sliding off a spot with no chips is nothing, not a tap.
    g.down(1, { x: 10, y: 10 }, 0, false);
    expect(g.move(1, { x: 40, y: 10 })).toEqual({ kind: 'cancel' });
    expect(g.up(1, { x: 40, y: 10 })).toBeNull();

    g.down(1, { x: 10, y: 10 }, 1000, true);
    expect(g.poll(1000 + GESTURE.longPressMs - 1)).toBeNull();
    expect(g.poll(1000 + GESTURE.longPressMs)).toEqual({ kind: 'longpress', x: 10, y: 10 });
    expect(g.poll(1000 + GESTURE.longPressMs + 100)).toBeNull(); // once
    expect(g.move(1, { x: 60, y: 10 })).toBeNull(); // held: no drag after it
    expect(g.up(1, { x: 60, y: 10 })).toBeNull(); // and no tap
    expect(g.active).toBe(false);

    // Held on a spot without chips: nothing to take back, and lifting the finger taps.
    g.down(1, { x: 10, y: 10 }, 0, false);
    expect(g.poll(GESTURE.longPressMs * 3)).toBeNull();
    expect(g.up(1, { x: 11, y: 10 })).toEqual({ kind: 'tap', x: 10, y: 10 });

    g.down(3, { x: 0, y: 0 }, 0, true);
    expect(g.cancel()).toEqual({ kind: 'cancel' });
    expect(g.up(3, { x: 0, y: 0 })).toBeNull();
  });
});

describe('the chips on the table (games/roulette/selection.ts)', () => {
  const straight = (n: number): TableSpot => ({ type: 'straight', selection: [n] });
  const red: TableSpot = { type: 'red', selection: [] };

  it('stacks chips on a spot, and sends the wire format the rules parse', () => {
    let bets = addChip([], straight(17), 200);
    bets = addChip(bets, { type: 'split', selection: [1, 2] }, 200);
    bets = addChip(bets, { type: 'split', selection: [2, 1] }, 50); // same spot, other order
    bets = addChip(bets, red, 100);
    expect(bets).toHaveLength(3);
    expect(totalCents(bets)).toBe(550);
    expect(chipsOn(bets, { type: 'split', selection: [2, 1] })).toBe(250);
    expect(toWire(bets)).toEqual([
      { type: 'straight', selection: [17], amount: 2 },
      { type: 'split', selection: [1, 2], amount: 2.5 },
      { type: 'red', selection: [], amount: 1 },
    ]);
  });

  it('places, moves, takes back and clears, and Undo takes each change back', () => {
    let state: TableState = { bets: [], history: [] };
    state = changeTable(state, { kind: 'place', spot: straight(17), cents: 100 });
    state = changeTable(state, { kind: 'place', spot: straight(17), cents: 100 });
    state = changeTable(state, { kind: 'place', spot: red, cents: 50 });
    expect(state.bets.map((b) => [spotKey(b), b.amountCents])).toEqual([
      ['straight:17', 200],
      ['red', 50],
    ]);
    // Moving a stack: the whole stack, joining what is on the new spot.
    state = changeTable(state, { kind: 'move', from: straight(17), to: straight(20) });
    expect(state.bets.map((b) => [spotKey(b), b.amountCents])).toEqual([
      ['red', 50],
      ['straight:20', 200],
    ]);
    state = changeTable(state, { kind: 'move', from: red, to: straight(20) });
    expect(state.bets.map((b) => [spotKey(b), b.amountCents])).toEqual([['straight:20', 250]]);
    // Changes that change nothing are not remembered.
    const same = changeTable(state, { kind: 'move', from: straight(20), to: straight(20) });
    expect(same).toBe(state);
    expect(changeTable(state, { kind: 'remove', spot: straight(1) })).toBe(state);
    expect(changeTable(state, { kind: 'place', spot: straight(1), cents: 0 })).toBe(state);
    state = changeTable(state, { kind: 'remove', spot: straight(20) });
    expect(state.bets).toEqual([]);
    state = changeTable(state, { kind: 'undo' });
    expect(totalCents(state.bets)).toBe(250);
    state = changeTable(state, { kind: 'clear' });
    expect(state.bets).toEqual([]);
    for (const total of [250, 250, 250, 200, 100, 0]) {
      state = changeTable(state, { kind: 'undo' });
      expect(totalCents(state.bets)).toBe(total);
    }
    expect(changeTable(state, { kind: 'undo' })).toBe(state);
  });

  it('says when the chips cannot be spun: over the balance, over the table limit, too many spots', () => {
    const bets = addChip(addChip([], straight(1), 60_000), red, 50_000);
    expect(tableIssue(bets, 100_000)).toEqual({
      key: 'balance',
      totalCents: 110_000,
      balanceCents: 100_000,
    });
    expect(tableIssue(bets, 110_000)).toBeNull();
    expect(tableIssue(bets, null)).toBeNull(); // a guest: no balance to check
    const big = addChip(bets, straight(2), 900_000);
    expect(tableIssue(big, null)).toEqual({
      key: 'limit',
      totalCents: 1_010_000,
      limitCents: 1_000_000,
    });
    let many: ReturnType<typeof addChip> = [];
    for (let a = 1; a <= 36; a++) many = addChip(many, straight(a), 1);
    for (let a = 1; a <= 35; a++)
      if (a % 3 !== 0) many = addChip(many, { type: 'split', selection: [a, a + 1] }, 1);
    for (let a = 1; a <= 33; a++) many = addChip(many, { type: 'split', selection: [a, a + 3] }, 1);
    for (let a = 1; a <= 32; a++) {
      if (a % 3 !== 0)
        many = addChip(many, { type: 'corner', selection: [a, a + 1, a + 3, a + 4] }, 1);
    }
    expect(many.length).toBeGreaterThan(100);
    expect(tableIssue(many, 1_000_000)).toEqual({ key: 'count', limit: 100 });
  });

  it('labels a stack as short as a chip shows it', () => {
    expect(chipLabel(500)).toBe('5');
    expect(chipLabel(250)).toBe('2,5');
    expect(chipLabel(25)).toBe('0,25');
    expect(chipLabel(120_000)).toBe('1,2k');
    expect(chipLabel(1_000_000)).toBe('10k');
  });
});

describe('where the wheel and the table go (games/roulette/layout.ts)', () => {
  const check = (width: number, height: number) => {
    const space = layoutSpace(width, height);
    const placed = rouletteLayout(space);
    const t = placed.table;
    const layout = layoutTable(
      placed.orientation,
      t.x,
      t.y,
      t.cellWidth,
      t.cellHeight,
      placed.lineReach,
    );
    const canvas = { x: 0, y: 0, width, height };
    const where = `${width} x ${height}`;
    expect(inside(canvas, layout.bounds), where).toBe(true);
    expect(inside(canvas, placed.wheel), where).toBe(true);
    expect(inside(canvas, placed.spinWheel), where).toBe(true);
    // The wheel and the table do not overlap between spins.
    const w = placed.wheel;
    const b = layout.bounds;
    const apart =
      w.y + w.height <= b.y + 0.01 || w.x + w.width <= b.x + 0.01 || b.x + b.width <= w.x + 0.01;
    expect(apart, where).toBe(true);
    expect(t.cellHeight, where).toBeGreaterThanOrEqual(ROULETTE_LAYOUT.cell.minHeight);
    return { placed, layout };
  };

  it('upright: the wheel above, the table 3 columns wide under it across the width', () => {
    for (const [width, height] of [
      [390, 594],
      [360, 500],
      [430, 700],
    ] as const) {
      const { placed, layout } = check(width, height);
      expect(placed.orientation).toBe('vertical');
      expect(layout.bounds.width / width).toBeGreaterThanOrEqual(0.95);
      expect(placed.wheel.y + placed.wheel.height).toBeLessThanOrEqual(layout.bounds.y);
      // Rows a fingertip can aim at, and a wheel still worth watching.
      expect(layout.numberHeight).toBeGreaterThanOrEqual(24);
      expect(placed.wheel.width).toBeGreaterThanOrEqual(0.22 * height);
      // While the ball runs the wheel is drawn larger, over the table.
      expect(placed.spinWheel.width).toBeGreaterThan(2 * placed.wheel.width);
    }
  });

  it('on its side: the table horizontal, beside the wheel on a phone and under it on a desktop', () => {
    const phone = check(844, 250);
    expect(phone.placed.orientation).toBe('horizontal');
    expect(phone.placed.wheel.x + phone.placed.wheel.width).toBeLessThanOrEqual(
      phone.layout.bounds.x,
    );
    for (const [width, height] of [
      [1070, 736],
      [912, 556],
    ] as const) {
      const desktop = check(width, height);
      expect(desktop.placed.orientation).toBe('horizontal');
      expect(desktop.placed.wheel.y + desktop.placed.wheel.height).toBeLessThanOrEqual(
        desktop.layout.bounds.y,
      );
      expect(desktop.layout.bounds.width / width).toBeGreaterThanOrEqual(0.8);
      expect(desktop.placed.wheel.height).toBeGreaterThanOrEqual(0.4 * height);
    }
  });
});
