// The betting table's geometry (pure, no Pixi): where every cell and every betting spot lies, in
// CSS pixels, for a table laid out vertically (a phone held upright: 0 on top, 12 rows of 3, the
// column bets under them, dozens and even chances in two columns on the left) or horizontally
// (0 on the left, 12 columns of 3, the column bets at the right end, dozens and even chances in
// two rows below), and which spot a point is on. Inside bets lie where a real table has them:
// a number's middle (straight), the line between two numbers (split), where four meet (corner),
// the row's outer edge (street) and that edge where two rows meet (six line).
import type { Rect } from '../../engine/index';
import { RED_NUMBERS, type RouletteBetType } from './rules';

/** One betting spot: a bet's type and selection, as the wire and the rules take them. */
export interface TableSpot {
  type: RouletteBetType;
  selection: number[];
}

export type TableOrientation = 'vertical' | 'horizontal';

export type EvenChance = 'low' | 'even' | 'red' | 'black' | 'odd' | 'high';
/** The even chances in table order (top to bottom upright, left to right on its side). */
export const EVEN_CHANCES: readonly EvenChance[] = ['low', 'even', 'red', 'black', 'odd', 'high'];

/** A cell as drawn on the felt. */
export interface TableCell {
  rect: Rect;
  spot: TableSpot;
  /** Numbers in their colour; outside bets on the felt (red and black show a diamond). */
  fill: 'red' | 'black' | 'green' | 'felt';
}

/** Where a tap places a spot's chips (`rect`), and where its stack is drawn (`anchor`). */
export interface TableZone {
  key: string;
  spot: TableSpot;
  rect: Rect;
  anchor: { x: number; y: number };
}

export interface TableLayout {
  orientation: TableOrientation;
  bounds: Rect;
  cells: TableCell[];
  /** Every spot, the line spots first: the first zone holding a point is the spot there. */
  zones: TableZone[];
  /** The two empty corners of the table's box (beside the zero and the column bets). */
  corners: [Rect, Rect];
  /** A number cell's size (CSS px). */
  numberWidth: number;
  numberHeight: number;
}

/** The table's proportions in number cells: how wide and tall it is for a cell of 1 x 1. */
export const TABLE_SHAPE = {
  /** The outside columns (upright) or rows (on its side), against a number cell. */
  outside: 0.72,
  /** The zero's row (upright) or column (on its side). */
  zero: 1.15,
  /** The column bets' row (upright) or column (on its side). */
  columnBets: 1,
} as const;

/** The table's size in units of a number cell's width (w) and height (h). */
export function tableUnits(orientation: TableOrientation): { w: number; h: number } {
  const { outside, zero, columnBets } = TABLE_SHAPE;
  return orientation === 'vertical'
    ? { w: 2 * outside + 3, h: zero + 12 + columnBets }
    : { w: zero + 12 + columnBets, h: 3 + 2 * outside };
}

/** A spot's key: its type and its numbers in order ('split:1-2', 'dozen:3', 'red'). */
export function spotKey(spot: TableSpot): string {
  if (spot.selection.length === 0) return spot.type;
  return `${spot.type}:${[...spot.selection].sort((a, b) => a - b).join('-')}`;
}

export const numberColour = (n: number): 'red' | 'black' | 'green' =>
  n === 0 ? 'green' : RED_NUMBERS.includes(n) ? 'red' : 'black';

const spot = (type: RouletteBetType, ...selection: number[]): TableSpot => ({ type, selection });
const centre = (r: Rect) => ({ x: r.x + r.width / 2, y: r.y + r.height / 2 });

/**
 * The table with its top left corner at (x, y), number cells `cellWidth` x `cellHeight` CSS px.
 * `lineReach` is how far (CSS px) on either side of a line a tap still counts as that line's
 * bet (split, corner, street, six line).
 */
export function layoutTable(
  orientation: TableOrientation,
  x: number,
  y: number,
  cellWidth: number,
  cellHeight: number,
  lineReach: number,
): TableLayout {
  const W = cellWidth;
  const H = cellHeight;
  const vertical = orientation === 'vertical';
  const outside = TABLE_SHAPE.outside * (vertical ? W : H);
  const zero = TABLE_SHAPE.zero * (vertical ? H : W);
  const columnBets = TABLE_SHAPE.columnBets * (vertical ? H : W);
  // The number area's corner, and the inside of the table in its own coordinates: u runs across
  // the three columns (0 at the outer edge beside the dozens, 3 at the far side), v along the 12
  // rows (0 at the zero).
  const nx = vertical ? x + 2 * outside : x + zero;
  const ny = y + (vertical ? zero : 0);
  const pu = vertical ? W : H;
  const pv = vertical ? H : W;
  const area = (u1: number, u2: number, v1: number, v2: number): Rect =>
    vertical
      ? { x: nx + u1 * W, y: ny + v1 * H, width: (u2 - u1) * W, height: (v2 - v1) * H }
      : { x: nx + v1 * W, y: ny + (3 - u2) * H, width: (v2 - v1) * W, height: (u2 - u1) * H };

  const cells: TableCell[] = [];
  const outsideZones: TableZone[] = [];
  const addCell = (rect: Rect, s: TableSpot, fill: TableCell['fill']) => {
    cells.push({ rect, spot: s, fill });
    return { key: spotKey(s), spot: s, rect, anchor: centre(rect) };
  };
  const straightZones: TableZone[] = [
    addCell(area(0, 3, -zero / pv, 0), spot('straight', 0), 'green'),
  ];
  for (let n = 1; n <= 36; n++) {
    const c = (n - 1) % 3;
    const r = Math.floor((n - 1) / 3);
    straightZones.push(addCell(area(c, c + 1, r, r + 1), spot('straight', n), numberColour(n)));
  }
  for (let c = 0; c < 3; c++) {
    outsideZones.push(
      addCell(area(c, c + 1, 12, 12 + columnBets / pv), spot('column', c + 1), 'felt'),
    );
  }
  for (let d = 0; d < 3; d++) {
    const rect = vertical
      ? { x: x + outside, y: ny + d * 4 * H, width: outside, height: 4 * H }
      : { x: nx + d * 4 * W, y: ny + 3 * H, width: 4 * W, height: outside };
    outsideZones.push(addCell(rect, spot('dozen', d + 1), 'felt'));
  }
  EVEN_CHANCES.forEach((type, i) => {
    const rect = vertical
      ? { x, y: ny + i * 2 * H, width: outside, height: 2 * H }
      : { x: nx + i * 2 * W, y: ny + 3 * H + outside, width: 2 * W, height: outside };
    outsideZones.push(addCell(rect, spot(type), 'felt'));
  });

  // The lines' spots: within lineReach of a line (not past the cells' middles).
  const eu = Math.min(lineReach / pu, 0.3);
  const ev = Math.min(lineReach / pv, 0.3);
  const lineZones: TableZone[] = [];
  const addLine = (s: TableSpot, u1: number, u2: number, v1: number, v2: number) => {
    const rect = area(u1, u2, v1, v2);
    lineZones.push({ key: spotKey(s), spot: s, rect, anchor: centre(rect) });
  };
  for (let r = 0; r < 12; r++) {
    const first = 3 * r + 1;
    for (let c = 0; c < 3; c++) {
      const n = first + c;
      // Beside its right neighbour, above the number below it, and the corner between four.
      if (c < 2) addLine(spot('split', n, n + 1), c + 1 - eu, c + 1 + eu, r + ev, r + 1 - ev);
      if (r < 11) addLine(spot('split', n, n + 3), c + eu, c + 1 - eu, r + 1 - ev, r + 1 + ev);
      if (c < 2 && r < 11) {
        addLine(
          spot('corner', n, n + 1, n + 3, n + 4),
          c + 1 - eu,
          c + 1 + eu,
          r + 1 - ev,
          r + 1 + ev,
        );
      }
    }
    // The row's outer edge: the street, and where it meets the next row, the six line.
    addLine(spot('street', first), -eu, eu, r + ev, r + 1 - ev);
    if (r < 11) addLine(spot('six_line', first, first + 3), -eu, eu, r + 1 - ev, r + 1 + ev);
  }
  for (let c = 0; c < 3; c++) addLine(spot('split', 0, c + 1), c + eu, c + 1 - eu, -ev, ev);

  const bounds = vertical
    ? { x, y, width: 2 * outside + 3 * W, height: zero + 12 * H + columnBets }
    : { x, y, width: zero + 12 * W + columnBets, height: 3 * H + 2 * outside };
  const corners: [Rect, Rect] = vertical
    ? [
        { x, y, width: 2 * outside, height: zero },
        { x, y: ny + 12 * H, width: 2 * outside, height: columnBets },
      ]
    : [
        { x, y: ny + 3 * H, width: zero, height: 2 * outside },
        { x: nx + 12 * W, y: ny + 3 * H, width: columnBets, height: 2 * outside },
      ];
  return {
    orientation,
    bounds,
    corners,
    cells,
    zones: [...lineZones, ...straightZones, ...outsideZones],
    numberWidth: W,
    numberHeight: H,
  };
}

const inside = (r: Rect, px: number, py: number) =>
  px >= r.x && px < r.x + r.width && py >= r.y && py < r.y + r.height;

/** The spot at a point of the canvas (CSS px), or null off the table. */
export function zoneAt(layout: TableLayout, px: number, py: number): TableZone | null {
  return layout.zones.find((zone) => inside(zone.rect, px, py)) ?? null;
}

export type Direction = 'left' | 'right' | 'up' | 'down';
const STEP: Record<Direction, [number, number]> = {
  left: [-1, 0],
  right: [1, 0],
  up: [0, -1],
  down: [0, 1],
};

/**
 * The spot the keyboard cursor goes to from `from` in a direction on the screen: the nearest
 * spot that way, keeping to its line (every spot is reachable: a line's spot lies between the
 * numbers it joins). The same spot when there is none that way.
 */
export function zoneToward(layout: TableLayout, from: TableZone, direction: Direction): TableZone {
  const [dx, dy] = STEP[direction];
  let best: TableZone = from;
  let bestScore = Infinity;
  for (const zone of layout.zones) {
    const ox = zone.anchor.x - from.anchor.x;
    const oy = zone.anchor.y - from.anchor.y;
    const along = ox * dx + oy * dy;
    if (along < 0.5) continue;
    const across = Math.abs(ox * dy - oy * dx);
    const score = along + 3 * across;
    if (score < bestScore) {
      bestScore = score;
      best = zone;
    }
  }
  return best;
}
