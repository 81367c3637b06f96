// `npx tsx scripts/assets/game-art.ts`: draws every game's own art and sounds. A game that has
// `games/<id>/art.ts` exports `art: GameArt` (frames drawn by code on a Raster, sound clips
// synthesised); this writes assets/generated/<id>-art.{png,json} (a spritesheet, one row of
// square cells) and <id>-sfx.{wav,json} (a sound sprite). Nothing is downloaded.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodePng } from './png';
import { Raster } from './raster';
import { encodeWav, soundSprite } from './wav';

/** What a game's art.ts exports. */
export interface GameArt {
  /** Side of a square frame, px. */
  cell: number;
  /** Frame name -> drawing into the cell at (ox, 0). */
  frames: Record<string, (r: Raster, ox: number) => void>;
  sounds?: Record<string, Float32Array>;
}

const root = path.resolve(import.meta.dirname, '..', '..');
const outDir = path.join(root, 'assets', 'generated');

function writeSheet(name: string, art: GameArt): void {
  const names = Object.keys(art.frames);
  const { cell } = art;
  const raster = new Raster(cell * names.length, cell);
  const frames: Record<string, unknown> = {};
  names.forEach((frame, i) => {
    art.frames[frame]!(raster, i * cell);
    frames[frame] = {
      frame: { x: i * cell, y: 0, w: cell, h: cell },
      rotated: false,
      trimmed: false,
      spriteSourceSize: { x: 0, y: 0, w: cell, h: cell },
      sourceSize: { w: cell, h: cell },
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

function writeSounds(name: string, clips: Record<string, Float32Array>): void {
  const { samples, sprite } = soundSprite(clips);
  fs.writeFileSync(path.join(outDir, `${name}.wav`), encodeWav(samples));
  fs.writeFileSync(path.join(outDir, `${name}.json`), `${JSON.stringify({ sprite }, null, 2)}\n`);
}

fs.mkdirSync(outDir, { recursive: true });
const games = fs
  .readdirSync(path.join(root, 'games'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((id) => fs.existsSync(path.join(root, 'games', id, 'art.ts')));
for (const id of games) {
  const file = pathToFileURL(path.join(root, 'games', id, 'art.ts')).href;
  const { art } = (await import(file)) as { art: GameArt };
  writeSheet(`${id}-art`, art);
  if (art.sounds) writeSounds(`${id}-sfx`, art.sounds);
  console.log(`assets/generated/${id}-art.{png,json}${art.sounds ? `, ${id}-sfx.{wav,json}` : ''}`);
}
