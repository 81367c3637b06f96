import { BitmapFontManager, type Renderer, type TextStyle, type TextureSource } from 'pixi.js';

/**
 * What a number shown as bitmap text can hold in any of the app's languages: digits, the decimal
 * and grouping marks (with French's no-break spaces), signs, and the multiplier's cross.
 */
export const NUMBER_GLYPHS = '0123456789.,\u00a0\u202f +-\u2212%×x';

/** What a renderer that keeps textures on a GPU can be asked: to upload one now. */
interface UploadingTextures {
  initSource?(source: TextureSource): void;
}

/**
 * Draws `chars` into the glyph atlas of `text`'s font now, at scene start, and uploads the atlas
 * with `renderer` (WebGL; Canvas 2D has nothing to upload). Pixi draws a bitmap font's glyphs
 * when a text first shows them and uploads its atlas when it is first drawn: without this a
 * scene's first result (the first plinko landing, the first roll) costs a frame of canvas text
 * drawing and a 512 x 512 texture upload.
 */
export function prepareGlyphs(
  text: { readonly style: TextStyle },
  renderer: Renderer | null,
  chars = NUMBER_GLYPHS,
): void {
  const font = BitmapFontManager.getFont(chars, text.style);
  const textures = renderer?.texture as UploadingTextures | undefined;
  for (const page of font.pages) textures?.initSource?.(page.texture.source);
}
