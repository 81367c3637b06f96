// Where the plinko view draws the board, its buckets and the history strip for the canvas it
// gets (CSS pixels). Pure: the physics keeps its own world units; only the view is scaled.
import type { LayoutSpace, Rect } from '../../engine/index';
import type { BoardGeometry } from './board';
import { formatShortDecimal } from '../fairness/money';

export const PLINKO_LAYOUT = {
  /** Space around the board and the history strip. */
  margin: 8,
  /** Portrait: the board keeps this far from the canvas's sides (a phone's edge hides what touches it). */
  sideMargin: 8,
  /** History chips as drawn (scaled down to fit), newest first. */
  chip: { width: 72, height: 36, gap: 6, count: 6 },
  /** Between neighbouring buckets. */
  bucketGap: 1.5,
  /** Bucket labels: font size in CSS px (never below the minimum, so they stay readable). */
  labelPx: { min: 10, max: 16 },
  minBucketHeight: 22,
} as const;

/** How wide `text` is at `fontPx` in the labels' font (CSS px). */
export type MeasureLabel = (text: string, fontPx: number) => number;

export interface PlinkoLayout {
  /** The board container: world units to CSS px, and where the world's origin (the drop point) goes. */
  board: { scale: number; x: number; y: number };
  /** Each bucket's box, left to right. */
  buckets: Rect[];
  /** Each bucket's label text and its centre. */
  labels: { text: string; x: number; y: number }[];
  /** Labels turned upright (reading upwards) in buckets too narrow for them across. */
  labelsRotated: boolean;
  labelPx: number;
  /** History chips: the newest chip's centre, the step to the next one, and their scale. */
  history: { x: number; y: number; dx: number; dy: number; scale: number };
}

interface LabelChoice {
  texts: readonly string[];
  px: number;
  /** Turned a quarter (reading upwards): each label then runs along its bucket's height. */
  rotated: boolean;
  /** The widest label at px. */
  length: number;
}

/**
 * The labels for buckets `width` wide: the largest font (within the limits) at which the full
 * labels fit across, else the short ones, else the short ones turned upright (a phone on its
 * side, where buckets are narrower than any number). `rotated` given: keep that choice.
 */
function chooseLabels(
  labels: readonly string[],
  compact: readonly string[],
  measure: MeasureLabel,
  width: number,
  rotated?: boolean,
): LabelChoice {
  const { min, max } = PLINKO_LAYOUT.labelPx;
  const preferred = Math.max(min, Math.min(max, Math.round(width * 0.55)));
  const widest = (texts: readonly string[], px: number) =>
    Math.max(...texts.map((text) => measure(text, px)));
  if (!rotated) {
    // A label may use its bucket's whole width but half a pixel on each side.
    for (const texts of [labels, compact]) {
      // Text width grows in proportion to the font size.
      const fitted = (preferred * (width - 1)) / widest(texts, preferred);
      const px = Math.floor(Math.min(preferred, fitted) * 10) / 10;
      if (px >= min) return { texts, px, rotated: false, length: widest(texts, px) };
    }
    if (rotated === false)
      return { texts: compact, px: min, rotated, length: widest(compact, min) };
  }
  // Upright, digits (about 0.75 of the font size tall) must fit across the bucket.
  const px = Math.max(min, Math.min(preferred, Math.floor(((width - 2) / 0.75) * 10) / 10));
  return { texts: compact, px, rotated: true, length: widest(compact, px) };
}

/**
 * Portrait: the history chips in a row on top and the board as wide as the canvas under them.
 * Landscape: the chips in a column on the right and the board as tall as the canvas.
 * `labels` are the buckets' full labels and `compact` their short forms (used when the full
 * ones do not fit across a bucket).
 */
export function plinkoLayout(
  space: LayoutSpace,
  board: BoardGeometry,
  labels: readonly string[],
  compact: readonly string[],
  measure: MeasureLabel,
): PlinkoLayout {
  const { margin, chip } = PLINKO_LAYOUT;
  const gaps = (chip.count - 1) * chip.gap;
  let area: Rect;
  let history: PlinkoLayout['history'];
  if (space.portrait) {
    const scale = Math.min(1, (space.width - 2 * margin - gaps) / (chip.count * chip.width));
    const rowWidth = chip.count * chip.width * scale + gaps;
    const rowHeight = chip.height * scale;
    history = {
      x: (space.width - rowWidth) / 2 + (chip.width * scale) / 2,
      y: margin + rowHeight / 2,
      dx: chip.width * scale + chip.gap,
      dy: 0,
      scale,
    };
    const top = 2 * margin + rowHeight;
    const side = PLINKO_LAYOUT.sideMargin;
    area = { x: side, y: top, width: space.width - 2 * side, height: space.height - top - margin };
  } else {
    const scale = Math.min(1, (space.height - 2 * margin - gaps) / (chip.count * chip.height));
    const columnWidth = chip.width * scale;
    history = {
      x: space.width - margin - columnWidth / 2,
      y: margin + (chip.height * scale) / 2,
      dx: 0,
      dy: chip.height * scale + chip.gap,
      scale,
    };
    area = {
      x: margin,
      y: margin,
      width: space.width - columnWidth - 3 * margin,
      height: space.height - 2 * margin,
    };
  }

  const s = board.spacing;
  // The last row's outer pegs stand over the outer buckets' edges: fit the pegs, not the walls.
  const halfWidth = ((board.rows + 1) / 2) * s + board.pegRadius;
  const top = board.bounds.top;
  const bucketTop = board.landingY - s * 0.35;
  const fitScale = (bucketHeight: number) =>
    Math.max(
      0.01,
      Math.min(area.width / (2 * halfWidth), (area.height - bucketHeight) / (bucketTop - top)),
    );

  const bucketWidth = (scale: number) => Math.max(1, scale * s - PLINKO_LAYOUT.bucketGap);
  const bucketHeight = (pitch: number, labels: LabelChoice) =>
    labels.rotated
      ? Math.ceil(labels.length) + 8
      : Math.max(PLINKO_LAYOUT.minBucketHeight, Math.ceil(labels.px * 1.3) + 8, pitch * 0.7);
  const guess = fitScale(PLINKO_LAYOUT.minBucketHeight);
  const first = chooseLabels(labels, compact, measure, bucketWidth(guess));
  const height = Math.round(bucketHeight(guess * s, first));
  const scale = fitScale(height);
  // The board a little smaller after making room for the buckets: shrink the font to fit again.
  const width = bucketWidth(scale);
  const chosen = chooseLabels(labels, compact, measure, width, first.rotated);
  const contentHeight = (bucketTop - top) * scale + height;
  const originY = area.y + (area.height - contentHeight) / 2 - top * scale;
  const originX = area.x + area.width / 2;
  const buckets = board.bucketX.map((bx) => ({
    x: originX + bx * scale - width / 2,
    y: originY + bucketTop * scale,
    width,
    height,
  }));
  return {
    board: { scale, x: originX, y: originY },
    buckets,
    labels: buckets.map((box, i) => ({
      text: chosen.texts[i] ?? '',
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    })),
    labelsRotated: chosen.rotated,
    labelPx: chosen.px,
    history,
  };
}

/** A bucket label where room is short: no "×", thousands as "k" (5000 -> "0,5", 10_000_000 -> "1k"). */
export function shortMultiplierLabel(multiplierE4: number): string {
  const value = Number((multiplierE4 / 10_000).toFixed(2));
  return value >= 1000 ? `${formatShortDecimal(value / 1000, 1)}k` : formatShortDecimal(value);
}
