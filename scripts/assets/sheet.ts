// Writes drawn art and synthesised sounds as the engine loads them: a spritesheet (one row of
// cells, square unless given a height; PNG + Pixi's JSON) and a sound sprite (WAV + howler's sprite map).
import fs from 'node:fs';
import path from 'node:path';
import { encodePng } from './png';
import { Raster } from './raster';
import { encodeWav, soundSprite } from './wav';

/** Frames drawn by code: frame name -> drawing into the cell at (ox, 0). */
export interface Frames {
  /** A frame's width, px (and its height unless `cellHeight` says otherwise). */
  cell: number;
  cellHeight?: number;
  frames: Record<string, (r: Raster, ox: number) => void>;
}

/** Writes `<name>.png` and `<name>.json` (the frames in their order, left to right). */
export function writeSheet(outDir: string, name: string, art: Frames): void {
  const names = Object.keys(art.frames);
  const { cell } = art;
  const height = art.cellHeight ?? cell;
  const raster = new Raster(cell * names.length, height);
  const frames: Record<string, unknown> = {};
  names.forEach((frame, i) => {
    art.frames[frame]!(raster, i * cell);
    frames[frame] = {
      frame: { x: i * cell, y: 0, w: cell, h: height },
      rotated: false,
      trimmed: false,
      spriteSourceSize: { x: 0, y: 0, w: cell, h: height },
      sourceSize: { w: cell, h: height },
    };
  });
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
