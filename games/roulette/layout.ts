// Where the roulette view puts the wheel and the betting table for the canvas it gets (CSS px).
// Pure: the wheel's own drawing and the simulation keep their units; only placement changes.
import type { LayoutSpace, Rect } from '../../engine/index';
import { tableUnits, type TableOrientation } from './table';

export const ROULETTE_LAYOUT = {
  margin: 8,
  gap: 8,
  /** A number cell's limits (CSS px): wide enough for a fingertip, never oversized. */
  cell: { minHeight: 18, maxWidth: 96, maxHeight: 60 },
  /** Upright: the wheel's share of the height at least (the table takes the rest). */
  portraitWheelShare: 0.24,
  /** Upright, while the ball runs, the wheel grows to this share of the height. */
  portraitSpinShare: 0.62,
} as const;

export interface RouletteLayout {
  orientation: TableOrientation;
  /** The table's top left corner and a number cell's size. */
  table: { x: number; y: number; cellWidth: number; cellHeight: number };
  /** The wheel's box (a square) between spins, and while the ball runs. */
  wheel: Rect;
  spinWheel: Rect;
  /** How far from a line a tap still counts as that line's bet. */
  lineReach: number;
}

const square = (cx: number, top: number, size: number): Rect => ({
  x: cx - size / 2,
  y: top,
  width: size,
  height: size,
});

const lineReachFor = (w: number, h: number) => Math.max(4, Math.min(10, 0.2 * Math.min(w, h)));

/** Upright: the wheel above, the table (3 columns x 12 rows) under it across the width. */
function portrait(space: LayoutSpace): RouletteLayout {
  const { margin, gap, cell } = ROULETTE_LAYOUT;
  const units = tableUnits('vertical');
  const width = space.width - 2 * margin;
  const height = space.height - 2 * margin;
  const cellWidth = Math.min(cell.maxWidth, width / units.w);
  const minWheel = Math.min(width, height * ROULETTE_LAYOUT.portraitWheelShare);
  const cellHeight = Math.max(
    cell.minHeight,
    Math.min(cell.maxHeight, cellWidth * 0.62, (height - gap - minWheel) / units.h),
  );
  const tableWidth = cellWidth * units.w;
  const tableHeight = cellHeight * units.h;
  const wheelSize = Math.max(0, Math.min(width, height - gap - tableHeight));
  const free = height - gap - tableHeight - wheelSize;
  const wheel = square(space.width / 2, margin + free / 2, wheelSize);
  const spinSize = Math.max(wheelSize, Math.min(width, height * ROULETTE_LAYOUT.portraitSpinShare));
  return {
    orientation: 'vertical',
    table: {
      x: (space.width - tableWidth) / 2,
      y: space.height - margin - tableHeight,
      cellWidth,
      cellHeight,
    },
    wheel,
    spinWheel: square(space.width / 2, wheel.y, spinSize),
    lineReach: lineReachFor(cellWidth, cellHeight),
  };
}

interface Candidate {
  layout: RouletteLayout;
  score: number;
}

/** On its side: the table horizontal, beside the wheel (a wide, low canvas) or under it. */
function landscape(space: LayoutSpace): RouletteLayout {
  const { margin, gap, cell } = ROULETTE_LAYOUT;
  const units = tableUnits('horizontal');
  const width = space.width - 2 * margin;
  const height = space.height - 2 * margin;
  const candidate = (
    wheelSize: number,
    cellWidth: number,
    cellHeight: number,
    beside: boolean,
  ): Candidate => {
    const tableWidth = cellWidth * units.w;
    const tableHeight = cellHeight * units.h;
    let wheel: Rect;
    let x: number;
    let y: number;
    if (beside) {
      const total = wheelSize + gap + tableWidth;
      const left = margin + (width - total) / 2;
      wheel = {
        x: left,
        y: margin + (height - wheelSize) / 2,
        width: wheelSize,
        height: wheelSize,
      };
      x = left + wheelSize + gap;
      y = margin + (height - tableHeight) / 2;
    } else {
      const total = wheelSize + gap + tableHeight;
      const top = margin + (height - total) / 2;
      wheel = square(space.width / 2, top, wheelSize);
      x = (space.width - tableWidth) / 2;
      y = top + wheelSize + gap;
    }
    return {
      layout: {
        orientation: 'horizontal',
        table: { x, y, cellWidth, cellHeight },
        wheel,
        spinWheel: wheel,
        lineReach: lineReachFor(cellWidth, cellHeight),
      },
      // A big enough cell to aim at comes first, then a big enough wheel to watch.
      score: Math.min(cellWidth, 1.4 * cellHeight) + wheelSize / 10,
    };
  };

  // Beside: the wheel takes up to 36% of the width, the table the rest.
  const besideWheel = Math.max(0, Math.min(height, width * 0.36));
  const besideCellW = Math.min(cell.maxWidth, (width - gap - besideWheel) / units.w);
  const besideCellH = Math.max(
    cell.minHeight,
    Math.min(cell.maxHeight, height / units.h, besideCellW * 1.25),
  );
  const beside = candidate(besideWheel, besideCellW, besideCellH, true);

  // Under: the table across the width, the wheel above it with at least 30% of the height.
  const underCellW = Math.min(cell.maxWidth, width / units.w);
  const underCellH = Math.max(
    cell.minHeight,
    Math.min(cell.maxHeight, underCellW * 0.8, (height * 0.7 - gap) / units.h),
  );
  const underWheel = Math.max(0, Math.min(width, height - gap - underCellH * units.h));
  const under = candidate(underWheel, underCellW, underCellH, false);

  return (beside.score >= under.score ? beside : under).layout;
}

export function rouletteLayout(space: LayoutSpace): RouletteLayout {
  return space.portrait ? portrait(space) : landscape(space);
}
