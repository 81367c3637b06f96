import { DOMAdapter, type Adapter } from 'pixi.js';
import { afterEach, describe, expect, it } from 'vitest';
import { TextureCache } from '../../../engine/assets/TextureCache';

/** A 2D canvas that records what is drawn on it (Node has no canvas). */
function recordingCanvas(width: number, height: number) {
  const calls: string[] = [];
  const context = {
    scale: (x: number, y: number) => calls.push(`scale ${x} ${y}`),
    fill: () => calls.push('fill'),
  };
  return { canvas: { width, height, getContext: () => context }, calls };
}

const browserAdapter = DOMAdapter.get();
afterEach(() => DOMAdapter.set(browserAdapter));

describe('TextureCache.canvas', () => {
  it('draws a shape once onto a canvas at its resolution, and keeps the texture by key', () => {
    const made: ReturnType<typeof recordingCanvas>[] = [];
    DOMAdapter.set({
      ...browserAdapter,
      createCanvas: (width = 0, height = 0) => {
        const canvas = recordingCanvas(width, height);
        made.push(canvas);
        return canvas.canvas as unknown as ReturnType<Adapter['createCanvas']>;
      },
    });
    // No renderer: a canvas-drawn shape never asks for one.
    const cache = new TextureCache(() => {
      throw new Error('no renderer wanted');
    });
    let draws = 0;
    const draw = (context: CanvasRenderingContext2D) => {
      draws += 1;
      context.fill();
    };
    const dot = cache.canvas('dot', { width: 32, height: 20 }, draw, 2);
    expect(made).toHaveLength(1);
    expect(made[0]!.canvas).toMatchObject({ width: 64, height: 40 });
    expect(made[0]!.calls).toEqual(['scale 2 2', 'fill']);
    // The texture is in the shape's own units; its source holds the pixels at twice that.
    expect({ width: dot.width, height: dot.height }).toEqual({ width: 32, height: 20 });
    expect(dot.source.resolution).toBe(2);

    expect(cache.canvas('dot', { width: 32, height: 20 }, draw, 2)).toBe(dot);
    expect(draws).toBe(1);
    expect(made).toHaveLength(1);
    expect(cache.has('dot')).toBe(true);
  });
});
