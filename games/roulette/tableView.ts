// The betting table in the scene: the felt with its numbers and outside bets, the chip stacks the
// panel's list holds, and the finger (or mouse) on it: a tap places the chosen chip, a stack
// dragged to another spot moves there, a long press takes a spot's chips back. The keyboard
// cursor does the same from the arrows, Enter and Delete. It changes nothing itself: it reports
// to the panel, which changes its list and hands it back (one source of truth).
import {
  BitmapText,
  Container,
  Graphics,
  Rectangle,
  TilingSprite,
  type FederatedPointerEvent,
} from 'pixi.js';
import { formatMoney } from '../shared/format/amount';
import type { RouletteSceneConfig } from './channel';
import { GESTURE, TableGesture, type GestureEvent } from './gesture';
import { coveredPockets } from './rules';
import { chipsOn, totalCents } from './selection';
import {
  COLOURS,
  drawCell,
  drawChipStack,
  fitLabel,
  newChipStack,
  newText,
  type ChipStack,
  type TableArt,
} from './tableArt';
import {
  layoutTable,
  spotKey,
  zoneAt,
  zoneToward,
  type Direction,
  type TableLayout,
  type TableOrientation,
  type TableSpot,
  type TableZone,
} from './table';

/** After this long a press on a stack starts drawing its long-press ring. */
const RING_AFTER_MS = 120;

export interface TableActions {
  place(spot: TableSpot): void;
  move(from: TableSpot, to: TableSpot): void;
  remove(spot: TableSpot): void;
  cursor(spot: TableSpot): void;
}

export class BettingTable {
  readonly root = new Container({ label: 'betting-table' });
  /**
   * The felt, its grain and its labels: drawn again only by a layout or a change of language, so
   * kept as one picture (a quad a frame while the wheel spins, not every cell, label and the grain).
   */
  private readonly base = new Container({ label: 'table-felt' });
  private readonly felt = new Graphics();
  /** The felt's grain over the cells (its texture set by useArt). */
  private readonly grain = new TilingSprite({ alpha: 0.35 });
  private art: TableArt | null = null;
  private readonly labels = new Container({ label: 'table-labels' });
  private readonly marks = new Graphics();
  private readonly chips = new Container({ label: 'chips' });
  private readonly pressRing = new Graphics();
  private readonly ghost: ChipStack;
  private readonly hit = new Container({ label: 'table-hit' });
  private readonly numberLabels: BitmapText[] = [];
  private readonly outsideLabels = new Map<string, BitmapText>();
  private readonly stacks = new Map<string, ChipStack>();
  private readonly readoutLayer = new Container({ label: 'table-readouts' });
  /** The readouts in the table's empty corners: caption and value of the total and the chip. */
  private readonly readouts = [0, 1].map(() => ({
    caption: newText(COLOURS.line),
    value: newText(),
  }));
  private readonly gesture = new TableGesture();
  private layout: TableLayout | null = null;
  private chipRadius = 12;
  private config: RouletteSceneConfig | null = null;
  /** The spot a press started on, the spot a pointer is over, the drag's target. */
  private pressZone: TableZone | null = null;
  private hoverZone: TableZone | null = null;
  private dragTarget: TableZone | null = null;
  private cursorZone: TableZone | null = null;
  private cursorShown = false;
  private winning: number | null = null;
  private marksDrawn = '';
  /** The long-press ring has something drawn (see drawPressRing). */
  private ringShown = false;

  constructor(private readonly actions: TableActions) {
    this.ghost = newChipStack();
    this.ghost.root.visible = false;
    this.ghost.root.alpha = 0.92;
    for (let n = 0; n <= 36; n++) {
      const label = newText();
      this.numberLabels.push(label);
      label.text = String(n);
      this.labels.addChild(label);
    }
    for (const key of ['column:1', 'column:2', 'column:3', 'dozen:1', 'dozen:2', 'dozen:3']) {
      const label = newText(COLOURS.line);
      if (key.startsWith('column')) label.text = '2:1';
      this.outsideLabels.set(key, label);
      this.labels.addChild(label);
    }
    for (const key of ['low', 'even', 'odd', 'high']) {
      const label = newText(COLOURS.line);
      this.outsideLabels.set(key, label);
      this.labels.addChild(label);
    }
    for (const readout of this.readouts) this.readoutLayer.addChild(readout.caption, readout.value);
    this.hit.eventMode = 'static';
    this.hit.cursor = 'pointer';
    this.hit.on('pointerdown', (e) => this.onDown(e));
    this.hit.on('globalpointermove', (e) => this.onMove(e));
    this.hit.on('pointerup', (e) => this.onUp(e));
    this.hit.on('pointerupoutside', (e) => this.onUp(e));
    this.hit.on('pointercancel', () => this.handle(this.gesture.cancel()));
    this.hit.on('pointerleave', () => {
      if (!this.gesture.active) this.hoverZone = null;
    });
    this.base.addChild(this.felt, this.grain, this.labels);
    this.root.addChild(
      this.base,
      this.readoutLayer,
      this.marks,
      this.chips,
      this.pressRing,
      this.ghost.root,
      this.hit,
    );
  }

  /** The baked chips and felt, once the scene has its sheet (before the first layout). */
  useArt(art: TableArt): void {
    this.art = art;
    this.grain.texture = art.felt;
    this.grain.tileScale.set(0.5);
  }

  /** The table's spots and cells as laid out (null before the first layout). */
  get placed(): TableLayout | null {
    return this.layout;
  }

  get chipSize(): number {
    return this.chipRadius;
  }

  /** Lays the table out with its corner at (x, y) and number cells of the given size. */
  place(
    orientation: TableOrientation,
    x: number,
    y: number,
    cellWidth: number,
    cellHeight: number,
    lineReach: number,
  ): void {
    const layout = layoutTable(orientation, x, y, cellWidth, cellHeight, lineReach);
    this.layout = layout;
    const cell = Math.min(cellWidth, cellHeight);
    this.chipRadius = Math.max(8, Math.min(18, cell * 0.42));
    const b = layout.bounds;
    this.hit.hitArea = new Rectangle(
      b.x - lineReach,
      b.y - lineReach,
      b.width + 2 * lineReach,
      b.height + 2 * lineReach,
    );
    this.drawFelt(layout);
    this.drawReadouts();
    if (this.cursorZone) {
      const key = this.cursorZone.key;
      this.cursorZone = layout.zones.find((z) => z.key === key) ?? null;
    }
    this.pressZone = null;
    this.hoverZone = null;
    this.dragTarget = null;
    this.gesture.cancel();
    this.ghost.root.visible = false;
    for (const stack of this.stacks.values()) stack.drawn = '';
    this.drawStacks();
    this.marksDrawn = '';
  }

  /** The panel's list and state. */
  configure(config: RouletteSceneConfig): void {
    const labelsChanged = JSON.stringify(config.labels) !== JSON.stringify(this.config?.labels);
    this.config = config;
    if (config.locked && this.gesture.active) this.handle(this.gesture.cancel());
    if (labelsChanged && this.layout) this.drawFelt(this.layout);
    this.drawReadouts();
    this.drawStacks();
    this.marksDrawn = '';
  }

  /** The winning number, marked on the table (null: none). */
  setWinning(pocket: number | null): void {
    this.winning = pocket;
  }

  /** The keyboard: the arrows move the cursor over the spots (it shows from the first one). */
  moveCursor(direction: Direction): void {
    const layout = this.layout;
    if (!layout) return;
    const start = layout.zones.find((z) => z.key === 'straight:17') ?? layout.zones[0]!;
    const from = this.cursorZone ?? start;
    this.cursorZone = this.cursorShown ? zoneToward(layout, from, direction) : from;
    this.cursorShown = true;
    this.actions.cursor(this.cursorZone.spot);
  }

  /** Enter on the cursor's spot: one chip there. False when the cursor is not shown. */
  placeAtCursor(): boolean {
    if (!this.cursorShown || !this.cursorZone || this.config?.locked) return false;
    this.actions.place(this.cursorZone.spot);
    return true;
  }

  /** Delete on the cursor's spot: its chips back. */
  removeAtCursor(): boolean {
    if (!this.cursorShown || !this.cursorZone || this.config?.locked) return false;
    this.actions.remove(this.cursorZone.spot);
    return true;
  }

  /** A long press becomes one after the press held still: checked every step. */
  update(now: number): void {
    this.handle(this.gesture.poll(now));
  }

  render(now: number): void {
    this.drawPressRing(now);
    const focus = this.dragTarget ?? this.pressZone ?? this.hoverZone;
    const key = [
      focus?.key,
      this.cursorShown ? this.cursorZone?.key : '',
      this.winning,
      this.dragging(),
    ].join('|');
    if (key !== this.marksDrawn) {
      this.marksDrawn = key;
      this.drawMarks(focus);
    }
  }

  /** The scene hides: no press, hover or cursor carries over to the next visit. */
  reset(): void {
    this.gesture.cancel();
    this.pressZone = null;
    this.hoverZone = null;
    this.dragTarget = null;
    this.cursorShown = false;
    this.ghost.root.visible = false;
    this.pressRing.clear();
    this.ringShown = false;
    this.marksDrawn = '';
    for (const stack of this.stacks.values()) stack.root.alpha = 1;
  }

  private dragging(): boolean {
    return this.gesture.dragging;
  }

  private bets() {
    return this.config?.bets ?? [];
  }

  private onDown(e: FederatedPointerEvent): void {
    const layout = this.layout;
    if (!layout || this.config?.locked) return;
    const zone = zoneAt(layout, e.global.x, e.global.y);
    if (!zone) return;
    const onChips = chipsOn(this.bets(), zone.spot) > 0;
    const at = { x: e.global.x, y: e.global.y };
    if (!this.gesture.down(e.pointerId, at, performance.now(), onChips)) return;
    this.pressZone = zone;
    this.cursorShown = false;
  }

  private onMove(e: FederatedPointerEvent): void {
    const layout = this.layout;
    if (!layout) return;
    const at = { x: e.global.x, y: e.global.y };
    if (this.gesture.active) {
      this.handle(this.gesture.move(e.pointerId, at));
    } else if (e.pointerType === 'mouse') {
      this.hoverZone = this.config?.locked ? null : zoneAt(layout, at.x, at.y);
    }
  }

  private onUp(e: FederatedPointerEvent): void {
    this.handle(this.gesture.up(e.pointerId, { x: e.global.x, y: e.global.y }));
  }

  private handle(event: GestureEvent | null): void {
    if (!event) return;
    const from = this.pressZone;
    const layout = this.layout;
    switch (event.kind) {
      case 'tap':
        this.pressZone = null;
        if (from && !this.config?.locked) this.actions.place(from.spot);
        break;
      case 'longpress':
        if (from && chipsOn(this.bets(), from.spot) > 0) this.actions.remove(from.spot);
        this.pressZone = null;
        break;
      case 'dragstart':
      case 'drag': {
        if (!from || !layout) break;
        const stack = this.stacks.get(from.key);
        if (stack) stack.root.alpha = 0.3;
        const at = event.kind === 'drag' ? { x: event.x, y: event.y } : from.anchor;
        this.dragTarget = zoneAt(layout, at.x, at.y);
        const cents = chipsOn(this.bets(), from.spot);
        this.drawStack(this.ghost, cents);
        // Over a spot the stack shows where it will land; off the table it follows the finger.
        const shown = this.dragTarget?.anchor ?? at;
        this.ghost.root.position.set(shown.x, shown.y);
        this.ghost.root.visible = true;
        break;
      }
      case 'drop': {
        const target = layout ? zoneAt(layout, event.x, event.y) : null;
        this.endDrag();
        if (from && target && target.key !== from.key && !this.config?.locked) {
          this.actions.move(from.spot, target.spot);
        }
        break;
      }
      case 'cancel':
        this.endDrag();
        break;
    }
  }

  private endDrag(): void {
    this.pressZone = null;
    this.dragTarget = null;
    this.ghost.root.visible = false;
    for (const stack of this.stacks.values()) stack.root.alpha = 1;
  }

  private drawFelt(layout: TableLayout): void {
    const g = this.felt.clear();
    const b = layout.bounds;
    const W = layout.numberWidth;
    const H = layout.numberHeight;
    g.roundRect(b.x - 3, b.y - 3, b.width + 6, b.height + 6, 6).fill(COLOURS.rim);
    this.grain.position.set(b.x, b.y);
    this.grain.setSize(b.width, b.height);
    for (const cell of layout.cells) drawCell(g, cell);
    for (const cell of layout.cells) {
      const r = cell.rect;
      g.rect(r.x, r.y, r.width, r.height).stroke({ color: COLOURS.line, width: 1, alpha: 0.8 });
    }
    const numberPx = Math.round(Math.max(10, Math.min(20, H * 0.5, W * 0.36)));
    const outsidePx = Math.round(Math.max(10, Math.min(16, Math.min(W, H) * 0.4)));
    const labels = this.config?.labels;
    for (const cell of layout.cells) {
      const key = spotKey(cell.spot);
      if (cell.spot.type === 'straight') {
        const n = cell.spot.selection[0]!;
        fitLabel(this.numberLabels[n]!, cell.rect, numberPx);
        continue;
      }
      const label = this.outsideLabels.get(key);
      if (!label) continue;
      if (labels) {
        const type = cell.spot.type;
        if (type === 'dozen') label.text = labels.dozens[cell.spot.selection[0]! - 1]!;
        else if (type === 'low' || type === 'high' || type === 'even' || type === 'odd') {
          label.text = labels[type];
        }
      }
      fitLabel(label, cell.rect, outsidePx);
    }
    if (this.base.isCachedAsTexture) this.base.updateCacheTexture();
    else this.base.cacheAsTexture(true);
  }

  /** The chips' total (red while it cannot be spun) and the chip a tap places, in the corners. */
  private drawReadouts(): void {
    const layout = this.layout;
    const config = this.config;
    if (!layout) return;
    const values = [
      { caption: config?.labels.total ?? '', cents: totalCents(this.bets()), over: config?.over },
      { caption: config?.labels.chip ?? '', cents: config?.chipCents ?? 0, over: false },
    ];
    this.readouts.forEach((readout, i) => {
      const box = layout.corners[i]!;
      const { caption, cents, over } = values[i]!;
      const px = Math.max(9, Math.min(16, box.height * 0.3, box.width * 0.2));
      readout.caption.text = caption.toLocaleUpperCase();
      readout.value.text = formatMoney(cents / 100);
      readout.value.style.fill = over ? COLOURS.over : COLOURS.ink;
      const side = box.height < 2.6 * px;
      for (const [text, size] of [
        [readout.caption, px * 0.8],
        [readout.value, px],
      ] as const) {
        text.style.fontSize = Math.round(size);
        text.scale.set(1);
        const room = (side ? box.width / 2 : box.width) - 6;
        if (text.width > room) text.scale.set(room / text.width);
      }
      // Side by side in a low box (upright), one above the other otherwise.
      if (side) {
        readout.caption.position.set(box.x + box.width * 0.25, box.y + box.height / 2);
        readout.value.position.set(box.x + box.width * 0.7, box.y + box.height / 2);
      } else {
        readout.caption.position.set(box.x + box.width / 2, box.y + box.height / 2 - px * 0.6);
        readout.value.position.set(box.x + box.width / 2, box.y + box.height / 2 + px * 0.55);
      }
    });
  }

  /** One stack per spot with chips, at the spot's anchor, showing its total. */
  private drawStacks(): void {
    const layout = this.layout;
    if (!layout) return;
    const anchors = new Map(layout.zones.map((z) => [z.key, z]));
    const seen = new Set<string>();
    for (const bet of this.bets()) {
      const zone = anchors.get(spotKey(bet));
      if (!zone) continue;
      seen.add(zone.key);
      let stack = this.stacks.get(zone.key);
      if (!stack) {
        stack = newChipStack();
        this.stacks.set(zone.key, stack);
        this.chips.addChild(stack.root);
      }
      stack.root.position.set(zone.anchor.x, zone.anchor.y);
      stack.root.alpha = this.dragging() && this.pressZone?.key === zone.key ? 0.3 : 1;
      this.drawStack(stack, bet.amountCents);
    }
    for (const [key, stack] of this.stacks) {
      if (seen.has(key)) continue;
      stack.root.destroy({ children: true });
      this.stacks.delete(key);
    }
  }

  private drawStack(stack: ChipStack, cents: number): void {
    const chip = this.config?.chipCents ?? 0;
    const count = chip > 0 ? Math.min(3, Math.max(1, Math.round(cents / chip))) : 1;
    if (this.art) drawChipStack(stack, cents, count, this.chipRadius, this.art);
  }

  private drawPressRing(now: number): void {
    const press = this.gesture.pressed(now);
    const zone = this.pressZone;
    const t =
      press?.pressing && zone && chipsOn(this.bets(), zone.spot) > 0
        ? (press.heldMs - RING_AFTER_MS) / (GESTURE.longPressMs - RING_AFTER_MS)
        : 0;
    // An empty ring is not cleared again: a cleared drawing is a change the engine would draw.
    if (t <= 0 || !zone) {
      if (this.ringShown) this.pressRing.clear();
      this.ringShown = false;
      return;
    }
    const g = this.pressRing.clear();
    this.ringShown = true;
    const r = this.chipRadius + 6;
    const { x, y } = zone.anchor;
    g.circle(x, y, r).stroke({ color: COLOURS.ink, width: 3, alpha: 0.25 });
    g.moveTo(x, y - r)
      .arc(x, y, r, -Math.PI / 2, -Math.PI / 2 + Math.min(1, t) * 2 * Math.PI)
      .stroke({ color: COLOURS.over, width: 3 });
  }

  /** What the spot under the finger, the pointer or the cursor covers; the cursor; the winner. */
  private drawMarks(focus: TableZone | null): void {
    const g = this.marks.clear();
    const layout = this.layout;
    if (!layout) return;
    const numberCell = (n: number) =>
      layout.cells.find((c) => c.spot.type === 'straight' && c.spot.selection[0] === n);
    if (focus) {
      for (const n of coveredPockets(focus.spot.type, focus.spot.selection) ?? []) {
        const r = numberCell(n)?.rect;
        if (r) g.rect(r.x, r.y, r.width, r.height).fill({ color: COLOURS.ink, alpha: 0.28 });
      }
      const own = layout.cells.find((c) => spotKey(c.spot) === focus.key);
      if (own && focus.spot.type !== 'straight') {
        const r = own.rect;
        g.rect(r.x, r.y, r.width, r.height).fill({ color: COLOURS.ink, alpha: 0.2 });
      }
    }
    if (this.winning !== null) {
      const r = numberCell(this.winning)?.rect;
      if (r) {
        g.rect(r.x + 1.5, r.y + 1.5, r.width - 3, r.height - 3).stroke({
          color: COLOURS.ink,
          width: 3,
        });
        const d = Math.min(r.width, r.height) * 0.16;
        g.circle(r.x + r.width - d - 3, r.y + d + 3, d).fill(COLOURS.ink);
      }
    }
    const cursor = this.cursorShown ? this.cursorZone : null;
    if (cursor) {
      const isCell = layout.cells.some((c) => spotKey(c.spot) === cursor.key);
      if (isCell) {
        const r = cursor.rect;
        g.rect(r.x + 1, r.y + 1, r.width - 2, r.height - 2).stroke({
          color: COLOURS.cursor,
          width: 3,
        });
      } else {
        g.circle(cursor.anchor.x, cursor.anchor.y, this.chipRadius + 3).stroke({
          color: COLOURS.cursor,
          width: 3,
        });
      }
    }
  }
}
