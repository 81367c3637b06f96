import type { Plugin } from 'vite';

/**
 * Work Pixi does when its modules are evaluated (in the task that evaluates the engine, on every
 * game page) for something used later or never: each edit makes it happen on first use instead.
 * The build fails if Pixi's code no longer reads as an edit expects.
 */
interface LazyEdit {
  file: RegExp;
  eager: string;
  lazy: string;
}

const CANVAS_UTILS =
  /[\\/]pixi\.js[\\/]lib[\\/]rendering[\\/]renderers[\\/]canvas[\\/]utils[\\/]canvasUtils\.mjs$/;

const EDITS: readonly LazyEdit[] = [
  {
    // CanvasTextMetrics builds an Intl.Segmenter, and a page's first segmenter loads ICU's
    // break-iterator data (about 50 ms here, 200 ms on a phone), for bitmap text and word wrapping.
    file: /[\\/]pixi\.js[\\/]lib[\\/]scene[\\/]text[\\/]canvas[\\/]CanvasTextMetrics\.mjs$/,
    eager: `    const segmenter = new Intl.Segmenter();
    return (s) => {
      const segments = segmenter.segment(s);`,
    lazy: `    let segmenter;
    return (s) => {
      const segments = (segmenter ??= new Intl.Segmenter()).segment(s);`,
  },
  {
    // The Canvas 2D renderer's tint asks whether "multiply" blending works: three canvases drawn
    // and one read back (about 25 ms at 4x), on WebGL pages too, which never tint on a canvas.
    file: CANVAS_UTILS,
    eager: `  canUseMultiply: canUseNewCanvasBlendModes(),`,
    lazy: `  get canUseMultiply() {
    return canUseNewCanvasBlendModes();
  },`,
  },
  {
    file: CANVAS_UTILS,
    eager: `canvasUtils.tintMethod = canvasUtils.canUseMultiply ? canvasUtils.tintWithMultiply : canvasUtils.tintWithPerPixel;`,
    lazy: `canvasUtils.tintMethod = (texture, color, canvas) => {
  canvasUtils.tintMethod = canvasUtils.canUseMultiply ? canvasUtils.tintWithMultiply : canvasUtils.tintWithPerPixel;
  canvasUtils.tintMethod(texture, color, canvas);
};`,
  },
];

export function lazyPixiStart(): Plugin {
  return {
    name: 'casino:lazy-pixi-start',
    apply: 'build',
    transform(code, id) {
      const edits = EDITS.filter((edit) => edit.file.test(id));
      if (!edits.length) return null;
      let edited = code;
      for (const edit of edits) {
        if (!edited.includes(edit.eager)) {
          throw new Error(`${id}: Pixi's code changed; update ${import.meta.filename}`);
        }
        edited = edited.replace(edit.eager, edit.lazy);
      }
      return { code: edited, map: null };
    },
  };
}
