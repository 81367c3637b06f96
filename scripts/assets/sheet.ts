// Writes drawn art and synthesised sounds as the engine loads them: a spritesheet (one row of
// cells, square unless given a height; PNG + Pixi's JSON) and a sound sprite (WAV + howler's sprite map).
import fs from 'node:fs';
import path from 'node:path';
import { encodePng } from './png';
import { Raster } from './raster';
import { encodeWav, soundSprite } from './wav';

/** Draws a frame into the sheet with its cell's left edge at `ox` (its top at 0). */
export type DrawFrame = (r: Raster, ox: number) => void;
/** A frame of its own size (smaller than the sheet's cell, or larger). */
export interface SizedFrame {
  width: number;
  height: number;
  draw: DrawFrame;
}

/** Frames drawn by code: frame name -> drawing into its cell. */
export interface Frames {
  /** A frame's width, px (and its height unless `cellHeight` says otherwise). */
  cell: number;
  cellHeight?: number;
  frames: Record<string, DrawFrame | SizedFrame>;
}

/** Empty pixels between two frames of their own size, so that filtering never reads the next. */
const GAP = 2;

/**
 * Writes `<name>.png` and `<name>.json`: the frames in their order, left to right in one row (a
 * frame of its own size after a gap), tops aligned.
 */
export function writeSheet(outDir: string, name: string, art: Frames): void {
  const cellHeight = art.cellHeight ?? art.cell;
  let x = 0;
  const placed = Object.entries(art.frames).map(([frame, entry]) => {
    const sized = typeof entry === 'function' ? null : entry;
    const at = x + (sized && x > 0 ? GAP : 0);
    const width = sized?.width ?? art.cell;
    const height = sized?.height ?? cellHeight;
    x = at + width;
    return { frame, at, width, height, draw: sized?.draw ?? (entry as DrawFrame) };
  });
  const raster = new Raster(x, Math.max(...placed.map(({ height }) => height)));
  const frames: Record<string, unknown> = {};
  for (const { frame, at, width: w, height: h, draw } of placed) {
    draw(raster, at);
    frames[frame] = {
      frame: { x: at, y: 0, w, h },
      rotated: false,
      trimmed: false,
      spriteSourceSize: { x: 0, y: 0, w, h },
      sourceSize: { w, h },
    };
  }
  fs.writeFileSync(
    path.join(outDir, `${name}.png`),
    encodePng(raster.width, raster.height, raster.pixels),
  );
  const data = {
    frames,
    meta: { image: `${name}.png`, size: { w: raster.width, h: raster.height }, scale: '1' },
  };
  fs.writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);
}

/** Writes `<name>.wav` and `<name>.json` (each clip's offset and length in the sprite). */
export function writeSoundSprite(
  outDir: string,
  name: string,
  clips: Record<string, Float32Array>,
): void {
  const { samples, sprite } = soundSprite(clips);
  fs.writeFileSync(path.join(outDir, `${name}.wav`), encodeWav(samples));
  fs.writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify({ sprite }, null, 2)}\n`);
}
