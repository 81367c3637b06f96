import type { Plugin } from 'vite';

// Pixi's CanvasTextMetrics builds an Intl.Segmenter when its module is evaluated. The first
// segmenter of a page loads ICU's break-iterator data: about 50 ms here and 200 ms on a phone, in the
// task that evaluates the engine, for a segmenter only bitmap text and word wrapping use later.
// This makes it on first use instead. The build fails if Pixi's code no longer reads as expected.
const FILE = /[\\/]pixi\.js[\\/]lib[\\/]scene[\\/]text[\\/]canvas[\\/]CanvasTextMetrics\.mjs$/;
const EAGER = `    const segmenter = new Intl.Segmenter();
    return (s) => {
      const segments = segmenter.segment(s);`;
const LAZY = `    let segmenter;
    return (s) => {
      const segments = (segmenter ??= new Intl.Segmenter()).segment(s);`;

export function lazyTextSegmenter(): Plugin {
  return {
    name: 'casino:lazy-text-segmenter',
    apply: 'build',
    transform(code, id) {
      if (!FILE.test(id)) return null;
      if (!code.includes(EAGER)) {
        throw new Error(`${id}: Pixi's grapheme segmenter changed; update ${import.meta.filename}`);
      }
      return { code: code.replace(EAGER, LAZY), map: null };
    },
  };
}
