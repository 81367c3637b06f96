// The betting table's art: its colours, the felt's cells, the labels' font and fit, and the chip
// stacks (BettingTable in tableView.ts lays them out and keeps them).
import { BitmapText, Container, Graphics, Sprite, type Texture } from 'pixi.js';
import type { Rect } from '../../engine/index';
import { LABEL_FONT, installLabelFont } from './labelFont';
import { chipLabel } from './selection';
import type { TableCell } from './table';

export const COLOURS = {
  felt: 0x0d5c37,
  rim: 0x083b24,
  line: 0xe9dcb0,
  red: 0xc62a3f,
  black: 0x18232b,
  green: 0x138a3b,
  ink: 0xffffff,
  cursor: 0xf5c542,
  over: 0xff7a8a,
} as const;
/** A chip's colour by its value, as casinos colour them (cents from, colour). */
const CHIP_COLOURS: readonly [number, number][] = [
  [50_000, 0x7b3fc4],
  [10_000, 0x1d1d1d],
  [2_500, 0x1f8a4c],
  [500, 0xc62a3f],
  [100, 0x2a6fd6],
  [0, 0x7d8a97],
];
const chipColour = (cents: number) => CHIP_COLOURS.find(([from]) => cents >= from)![1];

export interface ChipStack {
  root: Container;
  /** The chips under the top one, the top one, and the top one's white marks. */
  discs: Container;
  label: BitmapText;
  drawn: string;
}

/** The baked frames the table draws with (games/roulette/art.ts). */
export interface TableArt {
  /** A chip's body in white, tinted by its value. */
  chip: Texture;
  /** A chip's white marks, drawn untinted over the top chip. */
  chipMarks: Texture;
  /** The felt's grain, a tile repeated over the table. */
  felt: Texture;
}

export const newText = (fill: number = COLOURS.ink) => {
  installLabelFont();
  const text = new BitmapText({ text: '', style: { fontFamily: LABEL_FONT, fontSize: 14, fill } });
  text.anchor.set(0.5);
  return text;
};

/** Sets a label's size and turn so it fits its cell (upright text turns in a tall cell). */
export function fitLabel(text: BitmapText, cell: Rect, px: number): void {
  text.rotation = 0;
  text.style.fontSize = px;
  text.scale.set(1);
  text.position.set(cell.x + cell.width / 2, cell.y + cell.height / 2);
  const across = cell.width - 6;
  if (text.width <= across) return;
  const turn = cell.height > cell.width;
  const room = turn ? cell.height - 6 : across;
  if (turn) text.rotation = -Math.PI / 2;
  if (text.width > room) text.scale.set(Math.max(0.5, room / text.width));
}

/** A cell of the felt: its colour, and a diamond in the red and black boxes. */
export function drawCell(g: Graphics, cell: TableCell): void {
  const r = cell.rect;
  const fill =
    cell.fill === 'felt'
      ? COLOURS.felt
      : cell.fill === 'red'
        ? COLOURS.red
        : cell.fill === 'black'
          ? COLOURS.black
          : COLOURS.green;
  g.rect(r.x, r.y, r.width, r.height).fill(fill);
  const type = cell.spot.type;
  if (type === 'red' || type === 'black') {
    // The red and black boxes show a diamond in their colour.
    const cx = r.x + r.width / 2;
    const cy = r.y + r.height / 2;
    const hw = Math.min(r.width * 0.34, r.height * 0.5);
    const hh = Math.min(r.height * 0.3, r.width * 0.22);
    g.poly([cx - hw, cy, cx, cy - hh, cx + hw, cy, cx, cy + hh])
      .fill(type === 'red' ? COLOURS.red : COLOURS.black)
      .stroke({ color: COLOURS.line, width: 1, alpha: 0.7 });
  }
}

/** An empty stack: its discs and its label, drawn by drawChipStack. */
export function newChipStack(): ChipStack {
  const root = new Container();
  const discs = new Container();
  const label = newText();
  root.addChild(discs, label);
  return { root, discs, label, drawn: '' };
}

/** A stack of `count` chips (at most 3 show) worth `cents` in all, of radius `r`. */
export function drawChipStack(
  stack: ChipStack,
  cents: number,
  count: number,
  r: number,
  art: TableArt,
): void {
  const key = `${cents}:${count}:${r}`;
  if (stack.drawn === key) return;
  stack.drawn = key;
  const colour = chipColour(cents);
  for (const old of stack.discs.removeChildren()) old.destroy();
  // The chips under the top one show as edges below it.
  for (let i = count - 1; i >= 0; i--) {
    const chip = new Sprite({ texture: art.chip, anchor: 0.5, tint: colour });
    chip.setSize(2 * r);
    chip.y = i * 2.5;
    stack.discs.addChild(chip);
  }
  const marks = new Sprite({ texture: art.chipMarks, anchor: 0.5 });
  marks.setSize(2 * r);
  stack.discs.addChild(marks);
  const label = stack.label;
  label.text = chipLabel(cents);
  label.style.fontSize = Math.max(8, Math.round(r * 0.82));
  label.scale.set(1);
  if (label.width > r * 1.3) label.scale.set((r * 1.3) / label.width);
}
