import { BitmapFont, BitmapText, Cache, Container, Sprite, Texture, TextureSource } from 'pixi.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { SpriteText } from '../../../engine/core/spriteText';

// A font made by hand (Node has no canvas to draw a dynamic one): every glyph 8 x 12 px on one
// page, drawn 1 px right of and 2 px below its pen position, advancing 9 px, at font size 16.
const FAMILY = 'sprite-text-test';
const GLYPHS = '0123456789.,×';
let page: TextureSource;

beforeAll(() => {
  page = new TextureSource({ width: 256, height: 16 });
  const chars = Object.fromEntries(
    [...GLYPHS].map((char, i) => [
      char,
      {
        id: char.codePointAt(0)!,
        page: 0,
        x: i * 10,
        y: 0,
        width: 8,
        height: 12,
        xOffset: 1,
        yOffset: 2,
        xAdvance: 9,
        kerning: {},
        letter: char,
      },
    ]),
  );
  const font = new BitmapFont({
    data: {
      chars,
      pages: [{ id: 0, file: '' }],
      lineHeight: 16,
      fontSize: 16,
      fontFamily: FAMILY,
      baseLineOffset: 0,
    },
    textures: [new Texture({ source: page })],
  });
  Cache.set(`${FAMILY}-bitmap`, font);
});

const shownGlyphs = (text: SpriteText) =>
  text.children[0]!.children.filter((glyph) => glyph.alpha > 0) as Sprite[];

describe('sprite text (a bitmap font drawn as glyph sprites)', () => {
  it("lays its glyphs out as Pixi's bitmap text measures them, at the style's size", () => {
    const style = { fontFamily: FAMILY, fontSize: 32, fill: 0xff0000 };
    const text = new SpriteText({ text: '12.5×', style, anchor: 0.5 });
    const bitmap = new BitmapText({ text: '12.5×', style, anchor: 0.5 });

    expect(text.textWidth).toBeCloseTo(bitmap.width, 6);
    expect(text.textHeight).toBeCloseTo(bitmap.height, 6);
    const glyphs = shownGlyphs(text);
    expect(glyphs).toHaveLength(5);
    // Pen positions 0, 9, 18, … plus the glyph's offset, in the font's units, scaled 32/16.
    expect(glyphs.map((glyph) => glyph.x)).toEqual([1, 10, 19, 28, 37]);
    expect(glyphs.every((glyph) => glyph.y === 2)).toBe(true);
    const layer = text.children[0]!;
    expect(layer.scale.x).toBe(2);
    expect(layer.x).toBeCloseTo(-text.textWidth / 2, 6);
    expect(layer.y).toBeCloseTo(-text.textHeight / 2, 6);
    expect(glyphs[3]!.texture.frame.x).toBe(GLYPHS.indexOf('5') * 10);
    expect(layer.tint).toBe(0xff0000);
  });

  it('changes its words without a change to its render group’s structure', () => {
    const root = new Container({ isRenderGroup: true });
    const text = new SpriteText({
      style: { fontFamily: FAMILY, fontSize: 16 },
      capacity: 6,
    });
    root.addChild(text);
    const spritesBefore = text.children[0]!.children.length;
    root.renderGroup!.structureDidChange = false;

    text.text = '1.05×';
    expect(shownGlyphs(text).map((glyph) => glyph.texture.frame.x)).toEqual(
      [...'1.05×'].map((char) => GLYPHS.indexOf(char) * 10),
    );
    text.text = '250.75';
    text.text = '3×';
    // No glyph added, removed, shown or hidden: Pixi keeps the group's draw instructions and
    // updates the changed sprites in place (one atlas page, so a new glyph is a new frame of it).
    expect(root.renderGroup!.structureDidChange).toBe(false);
    expect(text.children[0]!.children).toHaveLength(spritesBefore);
    expect(shownGlyphs(text)).toHaveLength(2);
    const sources = new Set(
      (text.children[0]!.children as Sprite[]).map((glyph) => glyph.texture.source),
    );
    expect([...sources]).toEqual([page]);

    // Longer words than it was made for: a glyph sprite more, which does change the structure.
    text.text = '1,000.25×';
    expect(shownGlyphs(text)).toHaveLength(9);
    expect(root.renderGroup!.structureDidChange).toBe(true);
  });

  it('takes a new fill as a tint and a new size as a scale, keeping its sprites', () => {
    const text = new SpriteText({ text: '2.00×', style: { fontFamily: FAMILY, fontSize: 16 } });
    const sprites = [...text.children[0]!.children];
    text.style = { fontFamily: FAMILY, fontSize: 24, fill: 0x00ff00 };
    expect(text.children[0]!.tint).toBe(0x00ff00);
    expect(text.children[0]!.scale.x).toBe(1.5);
    expect(text.textWidth).toBeCloseTo(5 * 9 * 1.5, 6);
    expect(text.children[0]!.children).toEqual(sprites);

    // A change made to its style object (as a scene sets `text.style.fill`) shows too.
    text.style.fill = 0x0000ff;
    expect(text.children[0]!.tint).toBe(0x0000ff);
    text.style.fontSize = 32;
    expect(text.children[0]!.scale.x).toBe(2);
  });
});
