import { BitmapFont } from 'pixi.js';

/** The font family of the wheel's and the table's labels (a bitmap font, see installLabelFont). */
export const LABEL_FONT = 'roulette-label';

let installed = false;

/**
 * One glyph atlas for the ~90 labels of the wheel and the table. As plain Text each label is a
 * canvas of its own, rasterised when the scene first draws: most of the scene's first frame on a
 * phone. The digits are drawn once here; words (the outside bets, in the player's language) add
 * their letters to the atlas as they first appear. White glyphs, coloured by each label's fill.
 */
export function installLabelFont(): void {
  if (installed) return;
  installed = true;
  BitmapFont.install({
    name: LABEL_FONT,
    style: { fontFamily: 'system-ui, sans-serif', fontWeight: '700', fontSize: 32, fill: 0xffffff },
    chars: [['0', '9'], ':,.'],
    resolution: 2,
  });
}
