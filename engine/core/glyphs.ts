import { BitmapFontManager, type BitmapText } from 'pixi.js';

/**
 * What a number shown as bitmap text can hold in any of the app's languages: digits, the decimal
 * and grouping marks (with French's no-break spaces), signs, and the multiplier's cross.
 */
export const NUMBER_GLYPHS = '0123456789.,\u00a0\u202f +-\u2212%×x';

/**
 * Draws `chars` into the glyph atlas of `text`'s font now, at scene start. Pixi draws a bitmap
 * font's glyphs when a text first shows them: without this a scene's first result (the first
 * plinko landing, the first roll) costs a frame of canvas text drawing and a texture upload.
 */
export function prepareGlyphs(text: BitmapText, chars = NUMBER_GLYPHS): void {
  BitmapFontManager.getFont(chars, text.style);
}
