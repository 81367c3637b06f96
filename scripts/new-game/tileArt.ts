// A new game's lobby art until its scene can be photographed (`npm run art:lobby -- --only <id>`):
// its two tile colours and a play mark, drawn as SVG and written as the tiles' WebP.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const WIDTH = 480;
const HEIGHT = 360;

/** Where the lobby looks for a game's art (games/shared/registry/lobbyTile.ts). */
export const lobbyArtFile = (root: string, id: string): string =>
  path.join(root, 'assets', 'generated', 'lobby', `${id}.webp`);

/** Writes the placeholder unless the game has art already (an upcoming tile that becomes a game). */
export async function drawPlaceholderTile(file: string, from: string, to: string): Promise<void> {
  if (fs.existsSync(file)) return;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  <circle cx="240" cy="180" r="96" fill="#fff" fill-opacity="0.08"/>
  <circle cx="240" cy="180" r="70" fill="#fff" fill-opacity="0.16"/>
  <path d="M220 146 L270 180 L220 214 Z" fill="#fff" fill-opacity="0.9"/>
</svg>`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(svg)).webp({ quality: 70, effort: 6 }).toFile(file);
}
