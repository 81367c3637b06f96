import { Container, Graphics, Rectangle, Sprite, Text, Texture, type Renderer } from 'pixi.js';
import { INK } from './atlas';
import { GEM_KINDS } from './rules';
import { ASTEROID_COUNT } from './simulation';

/** One colour per gem kind, highest kind first (GEM_KINDS' order). */
const GEM_COLOURS = [
  0xff3b5c, 0xff8a3d, 0xffd23d, 0x7be36b, 0x2fd6b0, 0x3db4ff, 0x6b7bff, 0xb86bff, 0xe0e6f0,
];
export const gemColour = (kind: number) =>
  GEM_COLOURS[(GEM_KINDS as readonly number[]).indexOf(kind)] ?? INK;
/** The strip's height above the field, in CSS pixels. */
export const STRIP_HEIGHT = 44;
const SLOT_HEIGHT = STRIP_HEIGHT - 12;
/** Room around a slot's box in its picture for the lit stroke. */
const SLOT_MARGIN = 3;
const LABEL_STYLE = { fontFamily: 'system-ui, sans-serif', fontWeight: '800' as const };
/** Short enough for a phone's slot: 10000 -> '10k×', 50 -> '50×'. */
const gemLabel = (kind: number) => (kind >= 1000 ? `${kind / 1000}k×` : `${kind}×`);

/**
 * The strip over the asteroids field: one slot per rock, filled in the server's order as gems
 * come out (the won three lit), and the round's clock on the right. Each slot is a sprite showing
 * a picture of its box and label, drawn once per kind and state at the current size: a gem coming
 * out swaps a texture instead of re-rendering a text and a box mid-round.
 */
export class GemStrip {
  readonly root = new Container({ label: 'gems' });
  private readonly slots: { sprite: Sprite; drawn: string }[] = [];
  private readonly art = new Map<string, Texture>();
  private slotSize = 36;
  private font = 14;
  private readonly clock: Text;

  constructor(private readonly renderer: () => Renderer | null) {
    for (let i = 0; i < ASTEROID_COUNT; i++) {
      const sprite = new Sprite();
      this.root.addChild(sprite);
      this.slots.push({ sprite, drawn: '' });
    }
    // A fixed resolution: otherwise each step of the engine's dynamic resolution re-renders it.
    this.clock = new Text({
      text: '',
      style: { ...LABEL_STYLE, fontSize: 14, fill: 0x8fa3d8 },
      resolution: 2,
    });
    this.clock.anchor.set(1, 0.5);
    this.root.addChild(this.clock);
  }

  /** The strip as drawn: each slot's gem kind, '' while empty (for the layout report). */
  get kinds(): string {
    return this.slots.map(({ drawn }) => drawn.split(':')[0]).join(',');
  }

  /** Spreads the slots over a canvas `width` wide; a new slot size draws the pictures again. */
  layout(width: number): void {
    const slot = Math.min(44, (width - 90) / ASTEROID_COUNT);
    const left = (width - slot * ASTEROID_COUNT) / 2 - 30;
    this.slots.forEach(({ sprite }, i) => {
      sprite.position.set(left + i * slot + 2 - SLOT_MARGIN, 6 - SLOT_MARGIN);
    });
    const font = Math.max(10, Math.round(slot * 0.3));
    if (slot - 4 !== this.slotSize || font !== this.font) {
      this.slotSize = slot - 4;
      this.font = font;
      this.dropArt();
    }
    this.clock.position.set(width - 10, STRIP_HEIGHT / 2);
  }

  /** Shows the gems out so far, the kind that won (0: none yet) lit. */
  draw(revealed: readonly number[], litKind: number): void {
    this.slots.forEach((slot, i) => {
      const kind = revealed[i];
      const lit = kind !== undefined && kind === litKind;
      const drawn = `${kind ?? ''}:${lit}`;
      if (slot.drawn === drawn) return;
      slot.drawn = drawn;
      slot.sprite.texture = this.picture(drawn, kind, lit);
    });
  }

  setClock(text: string): void {
    if (this.clock.text !== text) this.clock.text = text;
  }

  /** Forgets the slot pictures (the size changed, or the scene goes); slots draw from scratch. */
  dropArt(): void {
    for (const slot of this.slots) {
      slot.sprite.texture = Texture.EMPTY;
      slot.drawn = '';
    }
    for (const texture of this.art.values()) texture.destroy(true);
    this.art.clear();
  }

  /** A slot's box (empty, a gem, or the lit gem) with its label, rendered once per size. */
  private picture(key: string, kind: number | undefined, lit: boolean): Texture {
    const cached = this.art.get(key);
    if (cached) return cached;
    const renderer = this.renderer();
    if (!renderer) return Texture.EMPTY;
    const picture = new Container();
    picture.boundsArea = new Rectangle(
      -SLOT_MARGIN,
      -SLOT_MARGIN,
      this.slotSize + 2 * SLOT_MARGIN,
      SLOT_HEIGHT + 2 * SLOT_MARGIN,
    );
    const box = new Graphics().roundRect(0, 0, this.slotSize, SLOT_HEIGHT, 6);
    picture.addChild(box);
    if (kind === undefined) {
      box.fill({ color: 0x1b2440 }).stroke({ color: 0x34406a, width: 1 });
    } else {
      box.fill({ color: gemColour(kind), alpha: lit ? 1 : 0.35 });
      if (lit) box.stroke({ color: 0xffffff, width: 3 });
      const label = new Text({
        text: gemLabel(kind),
        style: { ...LABEL_STYLE, fontSize: this.font, fill: lit ? 0x0b0f1e : INK },
      });
      label.anchor.set(0.5);
      label.position.set(this.slotSize / 2, SLOT_HEIGHT / 2);
      picture.addChild(label);
    }
    const texture = renderer.generateTexture({ target: picture, resolution: 2, antialias: true });
    picture.destroy({ children: true });
    this.art.set(key, texture);
    return texture;
  }
}
