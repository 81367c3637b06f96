// Plinko board geometry in world pixels: x = 0 is the centre line, y grows downwards from the drop
// point. Row i (0-based) has i + 3 pegs one spacing apart; the ball on row i meets the peg whose
// index is (rights so far + 1), so after the last row it sits over bucket = number of rights.

export interface Point {
  x: number;
  y: number;
}

export interface BoardGeometry {
  rows: number;
  /** Distance between neighbouring pegs, horizontally and between rows. */
  spacing: number;
  pegRadius: number;
  /** Every peg centre, row by row. */
  pegs: Point[];
  /** y of each row's peg centres. */
  rowY: number[];
  /** Where balls are dropped (above the centre peg of row 0). */
  drop: Point;
  /** A ball whose centre crosses this line has landed in the bucket under it. */
  landingY: number;
  /** x of each bucket's centre, 0..rows. */
  bucketX: number[];
  /** Bucket width (= spacing). */
  bucketWidth: number;
  /** Extent of the board for the view: left, right, top, bottom. */
  bounds: { left: number; right: number; top: number; bottom: number };
}

export function boardGeometry(rows: number, spacing: number, pegRadius: number): BoardGeometry {
  const pegs: Point[] = [];
  const rowY: number[] = [];
  for (let row = 0; row < rows; row++) {
    const y = (row + 1) * spacing;
    rowY.push(y);
    for (let index = 0; index < row + 3; index++) pegs.push({ x: pegX(row, index, spacing), y });
  }
  const bucketX = Array.from({ length: rows + 1 }, (_, bucket) => (bucket - rows / 2) * spacing);
  const landingY = (rows + 0.75) * spacing;
  const half = ((rows + 1) / 2) * spacing + spacing;
  return {
    rows,
    spacing,
    pegRadius,
    pegs,
    rowY,
    drop: { x: 0, y: 0 },
    landingY,
    bucketX,
    bucketWidth: spacing,
    bounds: { left: -half, right: half, top: -spacing * 0.5, bottom: landingY + spacing },
  };
}

/** x of peg `index` (0 = leftmost) of row `row`. */
export function pegX(row: number, index: number, spacing: number): number {
  return (index - (row + 2) / 2) * spacing;
}

/** x of the peg the path meets on `row`: (rights before that row - row / 2) * spacing. */
export function pathPegX(path: string, row: number, spacing: number): number {
  let rights = 0;
  for (let i = 0; i < row; i++) if (path[i] === 'R') rights += 1;
  return (rights - row / 2) * spacing;
}

/** The bucket whose column contains x (the board's own reading, used to check a landing). */
export function bucketUnder(x: number, rows: number, spacing: number): number {
  return Math.round(x / spacing + rows / 2);
}
