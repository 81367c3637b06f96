import { describe, expect, it } from 'vitest';
import { layoutSpace } from '../../engine/index';
import { defaultValues } from '../../engine/headless/index';
import { boardGeometry } from './board';
import { plinkoLayout, shortMultiplierLabel } from './layout';
import { plinkoParams } from './params';
import { PLINKO_RISKS, plinkoMultipliersE4, type PlinkoRisk } from './rules';

// Widths of a bold condensed face (DejaVu Sans Condensed Bold, the narrow face the test browser
// has), in ems: digits, the point, "×" and "k".
const EM: Record<string, number> = { '.': 0.32, '×': 0.75, k: 0.6 };
const measure = (text: string, px: number) =>
  [...text].reduce((sum, char) => sum + (EM[char] ?? 0.626) * px, 0);

const { pegSpacing, pegRadius } = defaultValues(plinkoParams);
const full = (e4: number) => `${Number((e4 / 10_000).toFixed(2))}×`;

function layOut(width: number, height: number, rows: number, risk: PlinkoRisk) {
  const board = boardGeometry(rows, pegSpacing, pegRadius);
  const multipliers = plinkoMultipliersE4(rows, risk);
  const space = layoutSpace(width, height);
  const layout = plinkoLayout(
    space,
    board,
    multipliers.map(full),
    multipliers.map(shortMultiplierLabel),
    measure,
  );
  return { board, layout };
}

describe('plinko layout', () => {
  it('shortens labels: no "×", thousands as k', () => {
    expect(shortMultiplierLabel(10_000_000)).toBe('1k');
    expect(shortMultiplierLabel(1_300_000)).toBe('130');
    expect(shortMultiplierLabel(2_000)).toBe('0,2');
  });

  for (const rows of [8, 12, 16]) {
    for (const risk of PLINKO_RISKS) {
      it(`${rows} rows, ${risk}: on a 390 px phone the buckets fill the width with labels of 10 px or more inside them`, () => {
        const { board, layout } = layOut(390, 468, rows, risk);
        const first = layout.buckets[0]!;
        const last = layout.buckets.at(-1)!;
        expect(last.x + last.width - first.x).toBeGreaterThanOrEqual(0.9 * 390);
        expect(first.x).toBeGreaterThanOrEqual(0);
        expect(last.x + last.width).toBeLessThanOrEqual(390);
        expect(layout.labelPx).toBeGreaterThanOrEqual(10);
        expect(layout.labelsRotated).toBe(false);
        for (const label of layout.labels) {
          expect(measure(label.text, layout.labelPx)).toBeLessThanOrEqual(first.width);
        }
        // The outer pegs and the buckets stay inside the canvas, under the history row.
        const half = ((rows + 1) / 2) * board.spacing + board.pegRadius;
        expect(layout.board.x - half * layout.board.scale).toBeGreaterThanOrEqual(0);
        expect(layout.board.x + half * layout.board.scale).toBeLessThanOrEqual(390);
        expect(layout.board.y + board.bounds.top * layout.board.scale).toBeGreaterThan(
          layout.history.y,
        );
        expect(first.y + first.height).toBeLessThanOrEqual(468);
      });
    }
  }

  it('a phone on its side: the board as tall as the canvas, the chips in a column, labels upright', () => {
    const { board, layout } = layOut(844, 250, 16, 'high');
    const first = layout.buckets[0]!;
    expect(first.y + first.height).toBeLessThanOrEqual(250);
    expect(layout.board.y + board.bounds.top * layout.board.scale).toBeGreaterThanOrEqual(0);
    expect(layout.history.dx).toBe(0);
    expect(layout.history.x).toBeGreaterThan(layout.buckets.at(-1)!.x);
    expect(layout.labelsRotated).toBe(true);
    expect(layout.labelPx).toBeGreaterThanOrEqual(10);
    // Upright, each label runs along its bucket's height.
    for (const label of layout.labels) {
      expect(measure(label.text, layout.labelPx)).toBeLessThanOrEqual(first.height);
    }
  });

  it('a desktop canvas: full labels with "×" across wide buckets', () => {
    const { layout } = layOut(1072, 736, 16, 'medium');
    expect(layout.labelsRotated).toBe(false);
    expect(layout.labels[0]!.text).toBe('110×');
    expect(layout.labelPx).toBeGreaterThan(12);
    expect(layout.history.scale).toBe(1);
  });
});
