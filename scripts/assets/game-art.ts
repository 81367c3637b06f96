// `npx tsx scripts/assets/game-art.ts`: draws every game's own art and sounds. A game that has
// `games/<id>/art.ts` exports `art: GameArt` (frames drawn by code on a Raster, sound clips
// synthesised); this writes assets/generated/<id>-art.{png,json} (a spritesheet, one row of
// cells) and <id>-sfx.{wav,json} (a sound sprite). Nothing is downloaded.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeSheet, writeSoundSprite, type Frames } from './sheet';

/** What a game's art.ts exports. */
export interface GameArt extends Frames {
  sounds?: Record<string, Float32Array>;
}

const root = path.resolve(import.meta.dirname, '..', '..');
const outDir = path.join(root, 'assets', 'generated');

fs.mkdirSync(outDir, { recursive: true });
const games = fs
  .readdirSync(path.join(root, 'games'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((id) => fs.existsSync(path.join(root, 'games', id, 'art.ts')));
for (const id of games) {
  const file = pathToFileURL(path.join(root, 'games', id, 'art.ts')).href;
  const { art } = (await import(file)) as { art: GameArt };
  writeSheet(outDir, `${id}-art`, art);
  if (art.sounds) writeSoundSprite(outDir, `${id}-sfx`, art.sounds);
  console.log(`assets/generated/${id}-art.{png,json}${art.sounds ? `, ${id}-sfx.{wav,json}` : ''}`);
}
