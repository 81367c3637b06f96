import {
  BitmapFontManager,
  Container,
  Sprite,
  type ContainerOptions,
  TextStyle,
  type PointData,
  type Texture,
  type TextStyleOptions,
} from 'pixi.js';
import { NUMBER_GLYPHS } from './glyphs';

export interface SpriteTextOptions extends Omit<ContainerOptions, 'children'> {
  text?: string;
  /** Font family, size and weight; a plain colour fill tints the glyphs. No stroke or shadow. */
  style: TextStyle | TextStyleOptions;
  /** 0 to 1 on each axis, as a Text's anchor. */
  anchor?: number | PointData;
  /** Every character the text will show: drawn into the font's atlas now (default: numbers). */
  glyphs?: string;
  /** The longest words it will show, in glyphs: their sprites are made now (default 0). */
  capacity?: number;
}

/** How wide `text` is in `style` as a SpriteText lays it out, in the text's own pixels. */
export function spriteTextWidth(text: string, style: TextStyle): number {
  const layout = BitmapFontManager.getLayout(text, style);
  return layout.width * layout.scale;
}

/**
 * Text whose words change while things move (a live multiplier, a result chip), drawn with a
 * bitmap font's glyphs as sprites. A `BitmapText` lays its glyphs out again as a new shape when
 * its words change, and the render group that holds it rebuilds its draw instructions: a
 * multiplier readout changing every few frames rebuilt the whole stage's. Here a change swaps
 * glyph textures within the font's one atlas page and moves sprites, which Pixi updates in place;
 * glyphs left over are kept, transparent, for the next longer words.
 */
export class SpriteText extends Container {
  /** Placed by the anchor, scaled from the font's size to the style's. */
  private readonly glyphs = new Container({ label: 'glyphs' });
  private readonly sprites: Sprite[] = [];
  private _style: TextStyle;
  private _text = '';
  private readonly _anchor: { x: number; y: number };
  private size = { width: 0, height: 0 };

  constructor({
    text = '',
    style,
    anchor = 0,
    glyphs = NUMBER_GLYPHS,
    capacity = 0,
    ...container
  }: SpriteTextOptions) {
    super(container);
    this._style = this.watch(style instanceof TextStyle ? style : new TextStyle(style));
    this._anchor = typeof anchor === 'number' ? { x: anchor, y: anchor } : { ...anchor };
    const font = BitmapFontManager.getFont(glyphs, this._style);
    const blank = Object.values(font.chars).find((glyph) => glyph.texture)?.texture;
    for (let i = 0; blank && i < capacity; i++) this.sprite(i, blank).alpha = 0;
    this.addChild(this.glyphs);
    this.text = text;
  }

  get text(): string {
    return this._text;
  }

  set text(value: string) {
    if (value === this._text) return;
    this._text = value;
    this.layOut();
  }

  get style(): TextStyle {
    return this._style;
  }

  /**
   * A new style, or a change to this one (`text.style.fill = …`), lays the words out again (a new
   * size) or tints them (a new fill).
   */
  set style(value: TextStyle | TextStyleOptions) {
    this._style.off('update', this.restyled, this);
    this._style = this.watch(value instanceof TextStyle ? value : new TextStyle(value));
    this.layOut();
  }

  get anchor(): PointData {
    return this._anchor;
  }

  set anchor(value: number | PointData) {
    const next = typeof value === 'number' ? { x: value, y: value } : value;
    if (next.x === this._anchor.x && next.y === this._anchor.y) return;
    this._anchor.x = next.x;
    this._anchor.y = next.y;
    this.placeGlyphs();
  }

  /** The words' laid-out size in the text's own pixels (transparent spare glyphs left out). */
  get textWidth(): number {
    return this.size.width;
  }

  get textHeight(): number {
    return this.size.height;
  }

  override destroy(options?: Parameters<Container['destroy']>[0]): void {
    this._style.off('update', this.restyled, this);
    super.destroy(options);
  }

  private watch(style: TextStyle): TextStyle {
    style.on('update', this.restyled, this);
    return style;
  }

  private restyled(): void {
    this.layOut();
  }

  private layOut(): void {
    const style = this._style;
    const font = BitmapFontManager.getFont(this._text, style);
    const layout = BitmapFontManager.getLayout(this._text, style);
    const scale = layout.scale;
    this.size = {
      width: layout.width * scale,
      height: (layout.height + layout.offsetY) * scale,
    };
    let lineHeight = font.lineHeight;
    let fontSize = font.fontMetrics.fontSize;
    if (style.lineHeight) {
      fontSize = style.fontSize / scale;
      lineHeight = style.lineHeight / scale;
    }
    // As Pixi's own bitmap text pipe places a line within its height.
    let shiftY = (lineHeight - fontSize) / 2;
    if (shiftY - font.baseLineOffset < 0) shiftY = 0;
    let used = 0;
    let y = font.baseLineOffset;
    for (const line of layout.lines) {
      line.chars.forEach((char, i) => {
        const glyph = font.chars[char];
        if (!glyph?.texture) return;
        const sprite = this.sprite(used++, glyph.texture);
        sprite.position.set(
          Math.round(line.charPositions[i]! + glyph.xOffset),
          Math.round(y + glyph.yOffset + shiftY),
        );
        sprite.alpha = 1;
      });
      y += lineHeight;
    }
    for (let i = used; i < this.sprites.length; i++) this.sprites[i]!.alpha = 0;
    this.glyphs.scale.set(scale);
    this.glyphs.tint = font.applyFillAsTint ? style._fill.color : 0xffffff;
    this.placeGlyphs();
  }

  /** The glyph sprite at `index` showing `texture`: a new sprite only past the longest words. */
  private sprite(index: number, texture: Texture): Sprite {
    const kept = this.sprites[index];
    if (kept) {
      kept.texture = texture;
      return kept;
    }
    const sprite = new Sprite(texture);
    this.sprites.push(sprite);
    this.glyphs.addChild(sprite);
    return sprite;
  }

  private placeGlyphs(): void {
    const padding = this._style.padding * this.glyphs.scale.x;
    this.glyphs.position.set(
      -this._anchor.x * this.size.width - padding,
      -this._anchor.y * this.size.height - padding,
    );
  }
}
