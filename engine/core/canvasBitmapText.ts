import { CanvasBitmapTextPipe, type BitmapText, type Graphics } from 'pixi.js';

/** What Pixi's bitmap text pipe keeps of a text that its public types leave out. */
interface BitmapTextPipeInternals {
  updateRenderable(text: BitmapText): void;
  _updateContext(text: BitmapText, proxy: Graphics): void;
  _getGpuBitmapText(text: BitmapText): Graphics;
}

/**
 * Redraws a bitmap text whose words changed on Canvas 2D. Pixi's pipe (8.22) lays the glyphs out
 * again only when the frame's instructions are rebuilt; WebGL rebuilds them for a changed text,
 * Canvas 2D does not, so a text changed after its first frame kept its old glyphs (roulette's
 * felt stayed blank when its words arrived a frame late).
 */
export function installCanvasBitmapTextUpdates(): void {
  const pipe = CanvasBitmapTextPipe.prototype as unknown as BitmapTextPipeInternals;
  const update = pipe.updateRenderable;
  pipe.updateRenderable = function (this: BitmapTextPipeInternals, text: BitmapText): void {
    const flagged = text as unknown as { _didTextUpdate: boolean };
    if (flagged._didTextUpdate) {
      flagged._didTextUpdate = false;
      this._updateContext(text, this._getGpuBitmapText(text));
    }
    update.call(this, text);
  };
}
